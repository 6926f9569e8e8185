// RUN: symshape-opt %s --symshape-fold-reshape-into-store=explain -verify-diagnostics | FileCheck %s

// The tiled form of a dispatch store (a parallel_insert_slice inside
// scf.forall) is left alone, with the reason (must not fold).
// CHECK-LABEL: func.func @tiled(
// CHECK: tensor.collapse_shape
// CHECK: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [4, 1] [1, 1] : tensor<4xf32> into tensor<16x3xf32>
func.func @tiled(%src: tensor<4x2x2xf32>, %out: tensor<16x3xf32>) -> tensor<16x3xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<16x3xf32>) {
    %tile = tensor.extract_slice %src[%i, 0, 0] [1, 2, 2] [1, 1, 1] : tensor<4x2x2xf32> to tensor<2x2xf32>
    %flat = tensor.collapse_shape %tile [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
    %at = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    scf.forall.in_parallel {
      // expected-remark@below {{not folded: a parallel_insert_slice of a reshape inside scf.forall (folding it needs a rewrite of the whole loop)}}
      tensor.parallel_insert_slice %flat into %o[%at, 0] [4, 1] [1, 1] : tensor<4xf32> into tensor<16x3xf32>
    }
  }
  return %r : tensor<16x3xf32>
}
