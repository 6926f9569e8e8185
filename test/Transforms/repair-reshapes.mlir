// RUN: symshape-opt %s --symshape-repair-reshapes --split-input-file | FileCheck %s

// An SSA output_shape entry for a static result dim: bufferization rejects it
// ("invalid output shape") in MLIR 22.1. It becomes the static size.
// CHECK-LABEL: func.func @static_dims_from_ssa
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [1, 4, 8] : tensor<32xf32> into tensor<1x4x8xf32>
func.func @static_dims_from_ssa(%t: tensor<32xf32>, %a: index, %b: index, %c: index) -> tensor<1x4x8xf32> {
  %e = tensor.expand_shape %t [[0, 1, 2]] output_shape [%a, %b, %c] : tensor<32xf32> into tensor<1x4x8xf32>
  return %e : tensor<1x4x8xf32>
}

// -----

// Only the static dims change; a dynamic dim keeps its SSA extent.
// CHECK-LABEL: func.func @mixed_dims
// CHECK-SAME: (%{{.*}}: tensor<?xf32>, %[[N:.*]]: index, %{{.*}}: index)
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%[[N]], 8] : tensor<?xf32> into tensor<?x8xf32>
func.func @mixed_dims(%t: tensor<?xf32>, %n: index, %k: index) -> tensor<?x8xf32> {
  %e = tensor.expand_shape %t [[0, 1]] output_shape [%n, %k] : tensor<?xf32> into tensor<?x8xf32>
  return %e : tensor<?x8xf32>
}

// -----

// Two dynamic dims in one group: --expand-strided-metadata crashes on the
// memref form in MLIR 22.1. It becomes a tensor.generate that reads the
// source at the linearized index of each group.
// CHECK-LABEL: func.func @two_dynamic_dims_in_a_group
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xf32>, %[[B:.*]]: index, %[[S:.*]]: index)
// CHECK: %[[R:.*]] = tensor.generate %[[B]], %[[S]] {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[I]], %[[S]] : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[M]], %[[J]] : index
// CHECK-NEXT: %[[V:.*]] = tensor.extract %[[T]][%[[ROW]], %[[K]]] : tensor<?x4xf32>
// CHECK-NEXT: tensor.yield %[[V]] : f32
// CHECK: } : tensor<?x?x4xf32>
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[R]]
func.func @two_dynamic_dims_in_a_group(%t: tensor<?x4xf32>, %b: index, %s: index) -> tensor<?x?x4xf32> {
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%b, %s, 4] : tensor<?x4xf32> into tensor<?x?x4xf32>
  return %e : tensor<?x?x4xf32>
}

// -----

// What the standard lowering handles is left alone.
// CHECK-LABEL: func.func @no_repair_needed
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [%{{.*}}, 2, 4]
// CHECK-NOT: tensor.generate
func.func @no_repair_needed(%t: tensor<?x4xf32>, %n: index) -> tensor<?x2x4xf32> {
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  return %e : tensor<?x2x4xf32>
}
