// A tensor.expand_shape whose output_shape holds a constant (an attribute or
// a constant SSA value) that differs from the static size of the same result
// dim is accepted by the MLIR 22 verifier and undefined at run time. The
// contradiction is visible in the op itself: symshape-repair-reshapes (the
// first pass of the pipeline) reports it at the op, naming both numbers,
// instead of "repairing" the entry to the type's size.
// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>&1 | FileCheck %s
// RUN: not symshape-opt %s -split-input-file --symshape-repair-reshapes 2>&1 | FileCheck %s

// CHECK: expand-shape-contradiction.mlir:[[@LINE+3]]:8: error: symshape-repair-reshapes: output_shape entry 0 is 2 but the result type 'tensor<3x4xf32>' has static size 3 there
func.func @static_dim_contradicts_constant(%x: tensor<12xf32>) -> tensor<3x4xf32> {
  %c2 = arith.constant 2 : index
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%c2, 4] : tensor<12xf32> into tensor<3x4xf32>
  return %e : tensor<3x4xf32>
}

// -----

// CHECK: expand-shape-contradiction.mlir:[[@LINE+3]]:8: error: symshape-repair-reshapes: output_shape entry 1 is 5 but the result type 'tensor<?x4xf32>' has static size 4 there
func.func @inner_static_dim_contradicts_constant(%x: tensor<?xf32>, %n: index) -> tensor<?x4xf32> {
  %c5 = arith.constant 5 : index
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%n, %c5] : tensor<?xf32> into tensor<?x4xf32>
  return %e : tensor<?x4xf32>
}

// -----

// CHECK: expand-shape-contradiction.mlir:[[@LINE+2]]:8: error: symshape-repair-reshapes: output_shape entry 0 is 2 but the result type 'tensor<3x4xf32>' has static size 3 there
func.func @static_output_shape_contradicts_type(%x: tensor<12xf32>) -> tensor<3x4xf32> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [2, 6] : tensor<12xf32> into tensor<3x4xf32>
  return %e : tensor<3x4xf32>
}

// CHECK-NOT: output_shape [3, 4]
// CHECK-NOT: output_shape [%{{.*}}, 4]
