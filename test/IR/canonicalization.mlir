// RUN: symshape-opt %s --canonicalize --split-input-file | FileCheck %s

// Fact-free folders: each has a must-fold and a must-not-fold case.

// CHECK-LABEL: func.func @sym_size_static_dim
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT: symshape.sym_size
// CHECK: return %[[C4]]
func.func @sym_size_static_dim(%x: tensor<?x?x4xf32>) -> index {
  %0 = symshape.sym_size %x, 2 : tensor<?x?x4xf32>
  return %0 : index
}

// -----

// CHECK-LABEL: func.func @no_fold_sym_size_dynamic_dim
// CHECK: %[[D:.*]] = symshape.sym_size %{{.*}}, 1 : tensor<?x?x4xf32>
// CHECK: return %[[D]]
func.func @no_fold_sym_size_dynamic_dim(%x: tensor<?x?x4xf32>) -> index {
  %0 = symshape.sym_size %x, 1 : tensor<?x?x4xf32>
  return %0 : index
}

// -----

// A sym_size reads the size its tensor was built with: a dynamic dim of a
// tensor.empty is its size operand, and a destination-style op's result
// reads its tied init (here through linalg.fill to the empty).
// CHECK-LABEL: func.func @sym_size_of_built_tensor
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index, %[[X:.*]]: tensor<?x?xf32>)
// CHECK-NOT: symshape.sym_size
// CHECK: return %[[M]], %[[N]]
func.func @sym_size_of_built_tensor(%n: index, %m: index, %x: tensor<?x?xf32>) -> (index, index) {
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %0 = symshape.sym_size %e, 1 : tensor<?x?xf32>
  %1 = symshape.sym_size %f, 0 : tensor<?x?xf32>
  return %0, %1 : index, index
}

// -----

// Must not fire: a result that is no destination-style op's (a collapse)
// and a function argument keep their sym_size; the fill's result is read
// from its init, an argument, and stops there.
// CHECK-LABEL: func.func @no_sym_size_of_built_tensor
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]]
// CHECK: %[[A:.*]] = symshape.sym_size %[[C]], 0 : tensor<?xf32>
// CHECK: %[[B:.*]] = symshape.sym_size %[[X]], 1 : tensor<?x?xf32>
// CHECK: return %[[A]], %[[B]]
func.func @no_sym_size_of_built_tensor(%x: tensor<?x?xf32>) -> (index, index) {
  %cst = arith.constant 1.0 : f32
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%x : tensor<?x?xf32>) -> tensor<?x?xf32>
  %0 = symshape.sym_size %c, 0 : tensor<?xf32>
  %1 = symshape.sym_size %f, 1 : tensor<?x?xf32>
  return %0, %1 : index, index
}

// -----

// CHECK-LABEL: func.func @sym_max_same_operand
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK-NOT: symshape.sym_max
// CHECK: return %[[A]], %[[A]]
func.func @sym_max_same_operand(%a: index) -> (index, index) {
  %0 = symshape.sym_max %a, %a : index
  %1 = symshape.sym_min %a, %a : index
  return %0, %1 : index, index
}

// -----

// CHECK-LABEL: func.func @sym_max_constants
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NOT: symshape.sym_m
// CHECK: return %[[C7]], %[[C3]]
func.func @sym_max_constants() -> (index, index) {
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %0 = symshape.sym_max %c3, %c7 : index
  %1 = symshape.sym_min %c7, %c3 : index
  return %0, %1 : index, index
}

// -----

// Without facts neither operand is known to be larger: max stays (DESIGN 1.1).
// CHECK-LABEL: func.func @no_fold_sym_max_unknown
// CHECK: symshape.sym_max
// CHECK: symshape.sym_min
func.func @no_fold_sym_max_unknown(%a: index, %b: index) -> (index, index) {
  %0 = symshape.sym_max %a, %b : index
  %1 = symshape.sym_min %a, %b : index
  return %0, %1 : index, index
}

// -----

// One constant operand is not enough without a range for the other.
// CHECK-LABEL: func.func @no_fold_sym_max_one_constant
// CHECK: symshape.sym_max
func.func @no_fold_sym_max_one_constant(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = symshape.sym_max %a, %c1 : index
  return %0 : index
}

// -----

// CHECK-LABEL: func.func @apply_constant_operands
// CHECK: %[[C:.*]] = arith.constant 5 : index
// CHECK-NOT: symshape.apply
// CHECK: return %[[C]]
func.func @apply_constant_operands() -> index {
  %c9 = arith.constant 9 : index
  %c2 = arith.constant 2 : index
  // (9 + 1) floordiv 2 = 5
  %0 = symshape.apply (s0 + 1) floordiv s1 (%c9, %c2) : index
  return %0 : index
}

// -----

// Floor semantics, as in Python: -7 floordiv 2 = -4 and -7 mod 3 = 2.
// CHECK-LABEL: func.func @apply_floor_semantics
// CHECK-DAG: %[[M4:.*]] = arith.constant -4 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: return %[[M4]], %[[C2]]
func.func @apply_floor_semantics() -> (index, index) {
  %c = arith.constant -7 : index
  %0 = symshape.apply s0 floordiv 2 (%c) : index
  %1 = symshape.apply s0 mod 3 (%c) : index
  return %0, %1 : index, index
}

// -----

// CHECK-LABEL: func.func @apply_symbol_is_operand
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NOT: symshape.apply
// CHECK: return %[[B]]
func.func @apply_symbol_is_operand(%a: index, %b: index) -> index {
  %0 = symshape.apply s1 (%a, %b) : index
  return %0 : index
}

// -----

// CHECK-LABEL: func.func @apply_constant_expression
// CHECK: %[[C:.*]] = arith.constant 1 : index
// CHECK: return %[[C]]
func.func @apply_constant_expression(%a: index) -> index {
  %0 = symshape.apply (s0 + 1) - s0 (%a) : index
  return %0 : index
}

// -----

// An unused operand need not be constant for the fold.
// CHECK-LABEL: func.func @apply_unused_operand
// CHECK: %[[C:.*]] = arith.constant 12 : index
// CHECK: return %[[C]]
func.func @apply_unused_operand(%a: index) -> index {
  %c3 = arith.constant 3 : index
  %0 = symshape.apply s1 * 4 (%a, %c3) : index
  return %0 : index
}

// -----

// Division by zero is undefined: never folded to a value.
// CHECK-LABEL: func.func @no_fold_apply_division_by_zero
// CHECK: symshape.apply s0 floordiv s1
func.func @no_fold_apply_division_by_zero() -> index {
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %0 = symshape.apply s0 floordiv s1 (%c5, %c0) : index
  return %0 : index
}

// -----

// int64 overflow is never folded (the expression semantics are exact).
// CHECK-LABEL: func.func @no_fold_apply_overflow
// CHECK: symshape.apply s0 * s0
func.func @no_fold_apply_overflow() -> index {
  %big = arith.constant 4294967296 : index
  %0 = symshape.apply s0 * s0 (%big) : index
  return %0 : index
}

// -----

// A non-constant operand that the expression uses blocks the fold; the
// constant operand is substituted into the expression.
// CHECK-LABEL: func.func @no_fold_apply_partial
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK: symshape.apply s0 + 3 (%[[A]]) : index
func.func @no_fold_apply_partial(%a: index) -> index {
  %c3 = arith.constant 3 : index
  %0 = symshape.apply s0 + s1 (%a, %c3) : index
  return %0 : index
}
