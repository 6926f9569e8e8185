// RUN: symshape-opt %s -split-input-file --symshape-pipeline | FileCheck %s
// Bad input: 0-d tensors. They have no dims: no symbol, no check; the ops on
// them are left as they are. (The 1-d argument's dim has the entry check of
// the no-overflow limit.)

// CHECK-LABEL: func.func @zero_rank_copy
// CHECK-SAME: (%[[X:[^:]*]]: tensor<f32>, %[[Y:[^:]*]]: tensor<?xf32>) -> tensor<f32>
// CHECK: %[[D:.*]] = tensor.dim %[[Y]]
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[D]]
// CHECK: cf.assert %[[OK]], "symshape: the dynamic dims of @zero_rank_copy's arguments must be below 2^62
// CHECK-NOT: cf.assert
// CHECK: %[[E:.*]] = tensor.empty() : tensor<f32>
// CHECK: %[[R:.*]] = linalg.copy ins(%[[X]] : tensor<f32>) outs(%[[E]] : tensor<f32>) -> tensor<f32>
// CHECK: return %[[R]]
func.func @zero_rank_copy(%x: tensor<f32> {symshape.dim_names = []}, %y: tensor<?xf32> {symshape.dim_names = ["n"]}) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %r = linalg.copy ins(%x : tensor<f32>) outs(%e : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Expanding a 0-d tensor to 1x1 and back is the identity.
// CHECK-LABEL: func.func @zero_rank_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<f32>)
// CHECK-NEXT: return %[[X]]
func.func @zero_rank_reshape(%x: tensor<f32>) -> tensor<f32> {
  %e = tensor.expand_shape %x [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %c = tensor.collapse_shape %e [] : tensor<1x1xf32> into tensor<f32>
  return %c : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @zero_rank_extract
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[] : tensor<index>
// CHECK: %[[E:.*]] = tensor.empty(%[[V]]) : tensor<?xf32>
// CHECK: return %[[E]]
func.func @zero_rank_extract(%x: tensor<index>) -> tensor<?xf32> {
  %v = tensor.extract %x[] : tensor<index>
  %e = tensor.empty(%v) : tensor<?xf32>
  return %e : tensor<?xf32>
}
