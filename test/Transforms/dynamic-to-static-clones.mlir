// RUN: symshape-opt %s --symshape-dynamic-to-static | FileCheck %s
// RUN: symshape-opt %s --symshape-dynamic-to-static=max-clones=1 | FileCheck %s --check-prefix=BOUND
// symshape-pipeline takes the same option.
// RUN: symshape-opt %s --symshape-pipeline=max-clones=1 | FileCheck %s --check-prefix=BOUND
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: func.func private @scale.shape1

// Three static shapes: two clones by default (must clone); beyond the bound,
// no clone and the join (must stay dynamic).
// CHECK-LABEL: func.func private @scale(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func private @scale.shape1(%{{.*}}: tensor<8xf32>) -> tensor<8xf32>
// CHECK-LABEL: func.func private @scale.shape2(%{{.*}}: tensor<16xf32>) -> tensor<16xf32>
// CHECK-LABEL: func.func @callers
// CHECK: call @scale(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: call @scale.shape1(%{{.*}}) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK: call @scale.shape2(%{{.*}}) : (tensor<16xf32>) -> tensor<16xf32>
// CHECK: call @scale(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// BOUND-LABEL: func.func private @scale(%{{.*}}: tensor<?xf32>) -> tensor<?xf32>
// BOUND-NOT: @scale.shape
// A public function called at two shapes is never cloned (must stay).
// CHECK-LABEL: func.func @public_scale(%{{.*}}: tensor<?xf32>) -> tensor<?xf32>
// CHECK-NOT: @public_scale.shape
func.func private @scale(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.add ins(%x, %x : tensor<?xf32>, tensor<?xf32>)
                  outs(%x : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @callers(%a: tensor<4xf32>, %b: tensor<8xf32>, %c: tensor<16xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %da = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %db = tensor.cast %b : tensor<8xf32> to tensor<?xf32>
  %dc = tensor.cast %c : tensor<16xf32> to tensor<?xf32>
  %ra = func.call @scale(%da) : (tensor<?xf32>) -> tensor<?xf32>
  %rb = func.call @scale(%db) : (tensor<?xf32>) -> tensor<?xf32>
  %rc = func.call @scale(%dc) : (tensor<?xf32>) -> tensor<?xf32>
  %ra2 = func.call @scale(%da) : (tensor<?xf32>) -> tensor<?xf32>
  %p = func.call @public_scale(%da) : (tensor<?xf32>) -> tensor<?xf32>
  return %ra, %rb, %rc, %ra2, %p : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
func.func @public_scale(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
