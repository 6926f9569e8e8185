// RUN: symshape-opt %s --symshape-simplify=explain -verify-diagnostics | FileCheck %s

// A value used only as an operand of arith.select matters only when it is
// selected: the condition decides it (must fire); the same max outside the
// select is kept (must not fire), and is not replaced by the selected value.
// CHECK-LABEL: func.func @select_operands(
// CHECK-SAME: %[[A:.*]]: index, %[[B:.*]]: index
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[A]], %[[B]]
// CHECK: %[[K:.*]] = arith.maxsi %[[A]], %[[B]]
// CHECK: %[[R:.*]] = arith.select %[[LE]], %[[B]], %[[B]]
// CHECK: return %[[R]], %[[K]]
func.func @select_operands(%a: index, %b: index) -> (index, index) {
  %le = arith.cmpi sle, %a, %b : index
  // The select's use of %m is decided; %m itself stays for %k, which
  // equals it everywhere.
  // expected-remark@+2 {{decided max(arg0, arg1) = arg1: proven arg0 <= arg1}}
  // expected-remark@+1 {{kept max(arg0, arg1): no operand is proven to be the largest}}
  %m = arith.maxsi %a, %b : index
  // expected-remark@below {{decided min(arg0, arg1) = arg1: proven arg1 <= arg0}}
  %n = arith.minsi %a, %b : index
  %r = arith.select %le, %m, %n : index
  // expected-remark@below {{decided max(arg0, arg1) = max(arg0, arg1)}}
  %k = arith.maxsi %a, %b : index
  return %r, %k : index, index
}

// A value with another use is not decided by the select's condition.
// CHECK-LABEL: func.func @two_uses(
// CHECK: %[[M:.*]] = arith.maxsi
// CHECK: arith.select %{{.*}}, %[[M]], %{{.*}}
// CHECK: return %{{.*}}, %[[M]]
func.func @two_uses(%a: index, %b: index) -> (index, index) {
  %le = arith.cmpi sle, %a, %b : index
  // expected-remark@below {{kept max(arg0, arg1): no operand is proven to be the largest}}
  %m = arith.maxsi %a, %b : index
  %r = arith.select %le, %m, %a : index
  return %r, %m : index, index
}

// A division under the select is never recomputed (it would run whatever
// the condition): only constants and available values replace it.
// CHECK-LABEL: func.func @no_recompute(
// CHECK: arith.floordivsi
func.func @no_recompute(%a: index, %b: index) -> index {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %pos = arith.cmpi sgt, %b, %c0 : index
  %q = arith.floordivsi %a, %b : index
  %r = arith.select %pos, %q, %c0 : index
  return %r : index
}
