// XFAIL: *
// Fixed by the lead: a tensor.expand_shape whose result type has a static
// dim while output_shape holds a constant SSA value with a different number
// (valid to the MLIR 22 verifier, undefined at run time) is silently
// "repaired" to the type's number (output_shape [%c2, 4] into 3x4 becomes
// [3, 4]), hiding the contradiction; a static output_shape entry that
// contradicts the static result type (also accepted by the MLIR 22
// verifier) is passed through to bufferization. Either contradiction is
// visible in the op itself: a located error naming both numbers (from
// symshape-repair-reshapes, the first pass of the pipeline).
// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>&1 | FileCheck %s
// RUN: not symshape-opt %s -split-input-file --symshape-repair-reshapes 2>&1 | FileCheck %s

// CHECK: expand-shape-contradiction.mlir:[[@LINE+3]]:8: error: {{.*}}2{{.*}}3
func.func @static_dim_contradicts_constant(%x: tensor<12xf32>) -> tensor<3x4xf32> {
  %c2 = arith.constant 2 : index
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%c2, 4] : tensor<12xf32> into tensor<3x4xf32>
  return %e : tensor<3x4xf32>
}

// -----

// CHECK: expand-shape-contradiction.mlir:[[@LINE+3]]:8: error: {{.*}}5{{.*}}4
func.func @inner_static_dim_contradicts_constant(%x: tensor<?xf32>, %n: index) -> tensor<?x4xf32> {
  %c5 = arith.constant 5 : index
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%n, %c5] : tensor<?xf32> into tensor<?x4xf32>
  return %e : tensor<?x4xf32>
}

// -----

// CHECK: expand-shape-contradiction.mlir:[[@LINE+2]]:8: error: {{.*}}2{{.*}}3
func.func @static_output_shape_contradicts_type(%x: tensor<12xf32>) -> tensor<3x4xf32> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [2, 6] : tensor<12xf32> into tensor<3x4xf32>
  return %e : tensor<3x4xf32>
}

// CHECK-NOT: output_shape [3, 4]
// CHECK-NOT: output_shape [%{{.*}}, 4]
