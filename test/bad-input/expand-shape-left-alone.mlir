// RUN: symshape-opt %s -split-input-file --symshape-pipeline | FileCheck %s
// Bad input: tensor.expand_shape ops whose output_shape contradicts what is
// known only through facts or casts (undefined at run time, not provably
// wrong at compile time from the op alone). They are left as written.
// (Contradictions visible in the op itself: expand-shape-contradiction.mlir
// and out-of-range-errors.mlir.)

// The source dim n in [1, 4] cannot be 8 * n; the expand stays as it is.
// CHECK-LABEL: func.func @output_shape_contradicts_range
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 0 of arg 0 of @output_shape_contradicts_range) must be in [1, 4]"
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1]] output_shape [8, %[[D]]] : tensor<?xf32> into tensor<8x?xf32>
// CHECK: return %[[E]]
func.func @output_shape_contradicts_range(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 4]>]}) -> tensor<8x?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.expand_shape %x [[0, 1]] output_shape [8, %d] : tensor<?xf32> into tensor<8x?xf32>
  return %e : tensor<8x?xf32>
}

// -----

// The cast to 3x1x4 says the outer dim is 3; output_shape says %n.
// CHECK-LABEL: func.func @output_shape_contradicts_later_cast
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[N:.*]]: index)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1], [2]] output_shape [%[[N]], 1, 4] : tensor<?x4xf32> into tensor<?x1x4xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[E]] : tensor<?x1x4xf32> to tensor<3x1x4xf32>
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[C]]
// CHECK: return %[[R]]
func.func @output_shape_contradicts_later_cast(%x: tensor<?x4xf32>, %n: index) -> tensor<3x4xf32> {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [%n, 1, 4] : tensor<?x4xf32> into tensor<?x1x4xf32>
  %c = tensor.cast %e : tensor<?x1x4xf32> to tensor<3x1x4xf32>
  %r = tensor.collapse_shape %c [[0, 1], [2]] : tensor<3x1x4xf32> into tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

