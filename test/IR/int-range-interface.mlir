// RUN: symshape-opt %s --int-range-optimizations --split-input-file | FileCheck %s

// Every index-producing symshape op implements InferIntRangeInterface, so
// the upstream integer range analysis sees through it.

// CHECK-LABEL: func.func @symbol_range
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: return %[[T]], %{{.*}}
func.func @symbol_range() -> (i1, i1) {
  %b = symshape.symbol "b" range [1, 10] : index
  %c11 = arith.constant 11 : index
  %c5 = arith.constant 5 : index
  %lt = arith.cmpi slt, %b, %c11 : index
  // Not decided: b may be on either side of 5.
  %undecided = arith.cmpi slt, %b, %c5 : index
  return %lt, %undecided : i1, i1
}

// -----

// CHECK-LABEL: func.func @sym_size_non_negative
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: return %[[T]]
func.func @sym_size_non_negative(%x: tensor<?xf32>) -> i1 {
  %d = symshape.sym_size %x, 0 : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %ge = arith.cmpi sge, %d, %c0 : index
  return %ge : i1
}

// -----

// The engine bounds an apply from its operands' ranges: s0 * s1 over
// [2, 10]^2 is [4, 100]; 16 - s over [1, 16] is [0, 15].
// CHECK-LABEL: func.func @apply_range
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: return %[[T]], %[[T]], %[[T]]
func.func @apply_range() -> (i1, i1, i1) {
  %a = symshape.symbol "a" range [2, 10] : index
  %b = symshape.symbol "b" range [2, 10] : index
  %p = symshape.apply s0 * s1 (%a, %b) : index
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100 : index
  %ge = arith.cmpi sge, %p, %c4 : index
  %le = arith.cmpi sle, %p, %c100 : index
  %s = symshape.symbol "s" range [1, 16] : index
  %d = symshape.apply 16 - s0 (%s) : index
  %c0 = arith.constant 0 : index
  %nn = arith.cmpi sge, %d, %c0 : index
  return %ge, %le, %nn : i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @max_min_constrain
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: return %[[T]], %[[T]]
func.func @max_min_constrain(%v: index, %w: index) -> (i1, i1) {
  %r = symshape.constrain_range %v [3, 7] : index
  %m = symshape.sym_max %r, %w : index
  %n = symshape.sym_min %r, %w : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %a = arith.cmpi sge, %m, %c3 : index
  %b = arith.cmpi sle, %n, %c7 : index
  return %a, %b : i1, i1
}
