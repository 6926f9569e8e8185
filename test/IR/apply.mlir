// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s
// RUN: symshape-opt %s --mlir-print-op-generic | symshape-opt | FileCheck %s

// CHECK-LABEL: func.func @apply
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
func.func @apply(%a: index, %b: index) -> (index, index, index, index) {
  // CHECK: symshape.apply (s0 + 1) floordiv 2 (%[[A]]) : index
  %0 = symshape.apply (s0 + 1) floordiv 2 (%a) : index
  // CHECK: symshape.apply 4 * max(s0, s1) (%[[A]], %[[B]]) : index
  %1 = symshape.apply max(s0, s1) * 4 (%a, %b) : index
  // No operands: a constant expression.
  // CHECK: symshape.apply 7 () : index
  %2 = symshape.apply 7 () : index
  // An unused operand is allowed.
  // CHECK: symshape.apply s1 ceildiv 8 (%[[A]], %[[B]]) {tag} : index
  %3 = symshape.apply s1 ceildiv 8 (%a, %b) {tag} : index
  return %0, %1, %2, %3 : index, index, index, index
}
