// Every index-producing symshape op implements ValueBoundsOpInterface, so
// ValueBoundsConstraintSet proves things through them. Debian's mlir-opt
// carries the upstream test pass that reifies value bounds.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s \
// RUN:   --pass-pipeline='builtin.module(func.func(test-affine-reify-value-bounds))' \
// RUN:   -split-input-file | FileCheck %s

// CHECK: #[[MAP:.*]] = affine_map<()[s0] -> (s0 * 2 + 3)>
// CHECK-LABEL: func.func @apply_is_affine
// CHECK: %[[D:.*]] = symshape.sym_size %{{.*}}, 0
// CHECK: %[[R:.*]] = affine.apply #[[MAP]]()[%[[D]]]
// CHECK: return %[[R]]
func.func @apply_is_affine(%x: tensor<?xf32>) -> index {
  %d = symshape.sym_size %x, 0 : tensor<?xf32>
  %e = symshape.apply s0 * 2 + 3 (%d) : index
  %r = "test.reify_bound"(%e) : (index) -> (index)
  return %r : index
}

// -----

// Constant upper bounds (exclusive) from a symbol's range, through sym_min
// and constrain_range.
// CHECK-LABEL: func.func @constant_bounds
// CHECK-DAG: %[[C11:.*]] = arith.constant 11 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %{{.*}} = arith.constant 11 : index
// CHECK: return %[[C11]], %{{.*}}, %[[C6]]
func.func @constant_bounds(%x: tensor<?xf32>, %v: index) -> (index, index, index) {
  %b = symshape.symbol "b" range [1, 10] : index
  %d = symshape.sym_size %x, 0 : tensor<?xf32>
  %m = symshape.sym_min %b, %d : index
  %c = symshape.constrain_range %v [0, 5] : index
  %r1 = "test.reify_bound"(%b) {type = "UB", constant} : (index) -> (index)
  %r2 = "test.reify_bound"(%m) {type = "UB", constant} : (index) -> (index)
  %r3 = "test.reify_bound"(%c) {type = "UB", constant} : (index) -> (index)
  return %r1, %r2, %r3 : index, index, index
}

// -----

// A max is at least each operand: its lower bound is found.
// CHECK-LABEL: func.func @max_lower_bound
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: return %[[C4]]
func.func @max_lower_bound(%x: tensor<?xf32>) -> index {
  %c4 = arith.constant 4 : index
  %d = symshape.sym_size %x, 0 : tensor<?xf32>
  %m = symshape.sym_max %d, %c4 : index
  %r = "test.reify_bound"(%m) {type = "LB", constant} : (index) -> (index)
  return %r : index
}
