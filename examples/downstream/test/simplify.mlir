// RUN: downstream-opt %s --symshape-simplify=explain -verify-diagnostics -split-input-file | FileCheck %s

// symshape-simplify decides max/min and divisions of sizes with the facts
// the dstream ops give through their models.

// An assumed lower bound decides the max; without it the max stays.
// CHECK-LABEL: func.func @max_decided_by_assume
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[A:.*]] = dstream.assume %[[N]] min 1 : index
// CHECK-NOT: arith.maxsi
// CHECK: return %[[A]]
func.func @max_decided_by_assume(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %a = dstream.assume %n min 1 : index
  // expected-remark @+1 {{decided max(arg0, 1) = arg0: proven 1 <= arg0}}
  %m = arith.maxsi %a, %c1 : index
  return %m : index
}

// CHECK-LABEL: func.func @max_kept_without_assume
// CHECK: arith.maxsi
func.func @max_kept_without_assume(%n: index) -> index {
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{kept max(arg0, 1): no operand is proven to be the largest}}
  %m = arith.maxsi %n, %c1 : index
  return %m : index
}

// -----

// The dim of a tied tensor is the tied value, here assumed at most 64: the
// min of the dim and 64 is the dim.
// CHECK-LABEL: func.func @min_decided_through_tie
// CHECK: %[[T:.*]] = dstream.tie_shape
// CHECK: %[[D:.*]] = tensor.dim %[[T]]
// CHECK-NOT: arith.minsi
// CHECK: return %[[D]]
func.func @min_decided_through_tie(%x: tensor<?x4xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %a = dstream.assume %n min 1 max 64 : index
  %t = dstream.tie_shape %x : tensor<?x4xf32>{%a}
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  // expected-remark @+1 {{decided min(arg1, 64) = arg1: proven arg1 <= 64}}
  %m = arith.minsi %d, %c64 : index
  return %m : index
}

// -----

// An assumed divisor makes a division exact, and the assumed range keeps
// the product from wrapping: (n / 8) * 8 is n.
// CHECK-LABEL: func.func @exact_division_by_assume
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[A:.*]] = dstream.assume %[[N]] min 0 max 1024 divisor 8 : index
// CHECK-NOT: arith.muli
// CHECK: return %[[A]]
func.func @exact_division_by_assume(%n: index) -> index {
  %c8 = arith.constant 8 : index
  %a = dstream.assume %n min 0 max 1024 divisor 8 : index
  %q = arith.divsi %a, %c8 : index
  %r = arith.muli %q, %c8 : index
  return %r : index
}
