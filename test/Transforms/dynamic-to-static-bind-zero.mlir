// RUN: symshape-opt %s --symshape-infer --symshape-dynamic-to-static="bind=n=0" | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline="bind=n=0" | FileCheck %s --check-prefix=PIPE
// RUN: symshape-opt %s --symshape-pipeline="bind=n=0 checks=none" | FileCheck %s --check-prefix=NONE
// RUN: symshape-opt %s --symshape-pipeline="bind=n=3" | FileCheck %s --check-prefix=THREE

// A dim bound to 0 is checked at the entry and stays dynamic for the code
// (no static 0, which MLIR's standard lowering rejects in several places);
// the shape binding alone reads a cast to the static 0, so that lowering
// does not check the same fact a second time.
// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>
// CHECK: cf.assert %{{.*}}, "symshape: 'n' (dim 1 of arg 0 of @f) must be 0 (bind=n=0)"
// CHECK: %[[Z:.*]] = tensor.cast %[[X]] : tensor<4x?xf32> to tensor<4x0xf32>
// CHECK: symshape.bind_shape %[[Z]]
// CHECK: tensor.extract_slice %[[X]]{{.*}} : tensor<4x?xf32> to tensor<2x?xf32>

// One check per fact, named.
// PIPE-LABEL: func.func @f
// PIPE: cf.assert %{{.*}}, "symshape: 'n' (dim 1 of arg 0 of @f) must be 0 (bind=n=0)"
// PIPE-NOT: cf.assert
// PIPE-NOT: x0x
// PIPE: return %{{.*}} : tensor<2x?xf32>

// NONE-LABEL: func.func @f
// NONE-NOT: cf.assert
// NONE-NOT: x0x
// NONE: return

// Any other value: one check too, and the dim is static.
// THREE-LABEL: func.func @f
// THREE: cf.assert %{{.*}}, "symshape: 'n' (dim 1 of arg 0 of @f) must be 3 (bind=n=3)"
// THREE-NOT: cf.assert
// THREE: tensor<2x3xf32>
func.func @f(%x: tensor<4x?xf32> {symshape.dim_names = ["", "n"]}) -> tensor<2x?xf32> {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %x, %c1 : tensor<4x?xf32>
  %s = tensor.extract_slice %x[0, 0] [2, %d] [1, 1] : tensor<4x?xf32> to tensor<2x?xf32>
  return %s : tensor<2x?xf32>
}
