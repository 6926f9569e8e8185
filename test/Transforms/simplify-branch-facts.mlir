// RUN: symshape-opt %s --symshape-simplify=explain -verify-diagnostics | FileCheck %s

// The condition of a cf.cond_br holds in its true successor and its negation
// in its false one, when that block is reached from the branch only; never
// at the join.
// CHECK-LABEL: func.func @guarded(
// CHECK-SAME: %[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>
// CHECK: %[[A:.*]] = tensor.dim %[[X]]
// CHECK: %[[B:.*]] = tensor.dim %[[Y]]
// CHECK: cf.cond_br %{{.*}}, ^[[SMALL:.*]], ^[[LARGE:.*]]
// CHECK: ^[[SMALL]]:
// CHECK-NEXT: cf.br ^[[JOIN:.*]](%[[B]] : index)
// CHECK: ^[[LARGE]]:
// CHECK-NEXT: cf.br ^[[JOIN]](%[[A]] : index)
// CHECK: ^[[JOIN]](
// CHECK-NEXT: arith.maxsi %[[A]], %[[B]] : index
func.func @guarded(%x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %a = tensor.dim %x, %c0 : tensor<?xf32>
  %b = tensor.dim %y, %c0 : tensor<?xf32>
  %le = arith.cmpi sle, %a, %b : index
  cf.cond_br %le, ^small, ^large
^small:
  // expected-remark@below {{decided max(arg0.dim0, arg1.dim0) = arg1.dim0: proven arg0.dim0 <= arg1.dim0}}
  %m = arith.maxsi %a, %b : index
  cf.br ^join(%m : index)
^large:
  // expected-remark@below {{decided max(arg0.dim0, arg1.dim0) = arg0.dim0: proven arg1.dim0 <= arg0.dim0}}
  %n = arith.maxsi %a, %b : index
  cf.br ^join(%n : index)
^join(%r: index):
  // expected-remark@below {{kept max(arg0.dim0, arg1.dim0): no operand is proven to be the largest}}
  %k = arith.maxsi %a, %b : index
  %s = arith.addi %r, %k : index
  return %s : index
}

// Facts flow to the blocks the guarded block dominates, and a fact from a
// conjunction splits; a block both edges lead to learns nothing.
// CHECK-LABEL: func.func @nested(
// CHECK: ^bb1:
// CHECK-NEXT: cf.br ^bb2
// CHECK: ^bb2:
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: return %[[C7]]
// CHECK: ^bb3:
// CHECK-NEXT: %[[K:.*]] = arith.minsi
// CHECK-NEXT: return %[[K]]
func.func @nested(%a: index, %b: index) -> index {
  %c7 = arith.constant 7 : index
  %c0 = arith.constant 0 : index
  %lt = arith.cmpi slt, %a, %c7 : index
  %ge = arith.cmpi sge, %b, %c7 : index
  %both = arith.andi %lt, %ge : i1
  cf.cond_br %both, ^in, ^out
^in:
  cf.br ^deeper
^deeper:
  // expected-remark@below {{decided min(arg1, 7) = 7: proven 7 <= arg1}}
  %m = arith.minsi %b, %c7 : index
  return %m : index
^out:
  // expected-remark@below {{kept min(arg1, 7): no operand is proven to be the smallest}}
  %k = arith.minsi %b, %c7 : index
  return %k : index
}

// CHECK-LABEL: func.func @same_block(
// CHECK: ^bb1:
// CHECK-NEXT: arith.maxsi
func.func @same_block(%a: index, %b: index) -> index {
  %le = arith.cmpi sle, %a, %b : index
  cf.cond_br %le, ^both, ^both
^both:
  // expected-remark@below {{kept max(arg0, arg1): no operand is proven to be the largest}}
  %m = arith.maxsi %a, %b : index
  return %m : index
}
