// RUN: symshape-opt %s --symshape-dynamic-to-static="bind=batch=2,seq=8" | FileCheck %s
// RUN: symshape-opt %s --symshape-dynamic-to-static="bind=batch=2,seq=8 checks=none" | FileCheck %s --check-prefix=NONE
// RUN: symshape-opt %s --symshape-pipeline="bind=batch=2,seq=8" | FileCheck %s --check-prefix=PIPE

// bind= substitutes named dims: checked at the entry, then static. Names are
// module-wide: `batch` is bound in both functions.

// CHECK-LABEL: func.func @model
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32> {symshape.dim_names = ["batch", "seq", ""]}, %{{.*}}: tensor<4x3xf32>) -> tensor<?x3xf32>
// CHECK: cf.assert %{{.*}}, "symshape: 'batch' (dim 0 of arg 0 of @model) must be 2 (bind=batch=2)"
// CHECK: cf.assert %{{.*}}, "symshape: 'seq' (dim 1 of arg 0 of @model) must be 8 (bind=seq=8)"
// CHECK: %[[S:.*]] = tensor.cast %[[X]] : tensor<?x?x4xf32> to tensor<2x8x4xf32>
// CHECK: tensor.collapse_shape %[[S]] {{\[}}[0, 1], [2]] : tensor<2x8x4xf32> into tensor<16x4xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x4xf32>, tensor<4x3xf32>) outs(%{{.*}} : tensor<16x3xf32>) -> tensor<16x3xf32>
// CHECK: tensor.cast %{{.*}} : tensor<16x3xf32> to tensor<?x3xf32>

// NONE-LABEL: func.func @model
// NONE-NOT: cf.assert
// NONE: tensor<16x3xf32>

// The pipeline (infer, then bind through the symbols it creates) computes on
// static tensors and checks the binding.
// PIPE-LABEL: func.func @model
// PIPE: cf.assert %{{.*}}, "symshape: 'batch' (dim 0 of arg 0 of @model) must be 2 (bind=batch=2)"
// One check per fact, named: the binding of the argument to the symbols
// is not checked a second time.
// PIPE: cf.assert %{{.*}}, "symshape: 'seq' (dim 1 of arg 0 of @model) must be 8 (bind=seq=8)"
// PIPE-NOT: cf.assert
// PIPE: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x4xf32>, tensor<4x3xf32>) outs(%{{.*}} : tensor<16x3xf32>)
// PIPE-NOT: symshape.
func.func @model(%x: tensor<?x?x4xf32> {symshape.dim_names = ["batch", "seq", ""]},
                 %w: tensor<4x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x4xf32> into tensor<?x4xf32>
  %n = tensor.dim %flat, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  %r = linalg.matmul ins(%flat, %w : tensor<?x4xf32>, tensor<4x3xf32>)
                     outs(%f : tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// A symbol named batch in another function takes the bound value too.
// CHECK-LABEL: func.func @other
// CHECK-NOT: symshape.symbol "batch"
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: tensor.empty() : tensor<2xf32>
func.func @other() -> tensor<?xf32> {
  %b = symshape.symbol "batch" range [1, 4] : index
  %e = tensor.empty(%b) : tensor<?xf32>
  return %e : tensor<?xf32>
}

// A reshape that is static once bound stays a reshape: no gather copy
// (the repair of groups with two dynamic dims runs only at the pipeline's
// end, after specialization).
// PIPE-LABEL: func.func @expand_bound
// PIPE: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 8, 4] : tensor<16x4xf32> into tensor<2x8x4xf32>
// PIPE-NOT: tensor.generate
// PIPE: return
func.func @expand_bound(%x: tensor<?x4xf32>,
                        %y: tensor<?x?xf32> {symshape.dim_names = ["batch", "seq"]})
    -> tensor<?x?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %y, %c0 : tensor<?x?xf32>
  %s = tensor.dim %y, %c1 : tensor<?x?xf32>
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [%b, %s, 4]
      : tensor<?x4xf32> into tensor<?x?x4xf32>
  return %e : tensor<?x?x4xf32>
}
