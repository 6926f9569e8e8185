// RUN: symshape-opt %s --symshape-dynamic-to-static="profile=batch:1:2:4,seq:1:8:16,len:1:5:9" | FileCheck %s
// RUN: symshape-opt %s --symshape-dynamic-to-static="profile=batch:1:2:4,seq:1:8:16,len:1:5:9" | FileCheck %s --check-prefix=BRANCHY

// RUN: symshape-opt %s --symshape-dynamic-to-static="profile=batch:1:2:4,seq:1:8:16,len:1:5:9 explain-all" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANGE

// The generic version's derived size is bounded by the engine from the
// profile's ranges, not by substituting corners; its dims are named as the
// user named them.
// RANGE: dynamic-to-static-profile.mlir:[[@LINE+29]]:{{.*}} remark: dim 0 of result 0 stays dynamic: batch * seq is not proven constant (it is in [1, 64])

// A min/opt/max profile: a version specialized at opt, a generic version
// checked against [min, max], and a dispatch at the public entry.

// CHECK-LABEL: func.func @model
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32> {{.*}}, %[[W:.*]]: tensor<4x3xf32>) -> tensor<?x3xf32>
// CHECK: %[[B:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[IS2:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : index
// CHECK: %[[S:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[IS8:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : index
// CHECK: %[[OPT:.*]] = arith.andi %[[IS2]], %[[IS8]] : i1
// CHECK: scf.if %[[OPT]] -> (tensor<?x3xf32>) {
// CHECK: func.call @model.opt(%[[X]], %[[W]])
// CHECK: } else {
// CHECK: func.call @model.generic(%[[X]], %[[W]])

// CHECK-LABEL: func.func private @model.generic
// CHECK: cf.assert %{{.*}}, "symshape: 'batch' (dim 0 of arg 0 of @model.generic) must be in [1, 4], the profile's range"
// CHECK: cf.assert %{{.*}}, "symshape: 'seq' (dim 1 of arg 0 of @model.generic) must be in [1, 16], the profile's range"
// CHECK: tensor.collapse_shape %{{.*}} : tensor<?x?x4xf32> into tensor<?x4xf32>

// CHECK-LABEL: func.func private @model.opt
// CHECK-NOT: cf.assert
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x4xf32>, tensor<4x3xf32>) outs(%{{.*}} : tensor<16x3xf32>)
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

// A public function of several blocks: the dispatch replaces the whole body,
// not only the entry block (the other blocks' uses of entry values must not
// survive as dangling operands).

// BRANCHY-LABEL: func.func @branchy
// BRANCHY-SAME: (%[[A:.*]]: tensor<?xf32> {{.*}}, %[[P:.*]]: i1) -> index
// BRANCHY-NEXT: %[[C0:.*]] = arith.constant 0 : index
// BRANCHY-NEXT: %[[D:.*]] = tensor.dim %[[A]], %[[C0]]
// BRANCHY: scf.if %{{.*}} -> (index) {
// BRANCHY: func.call @branchy.opt(%[[A]], %[[P]])
// BRANCHY: } else {
// BRANCHY: func.call @branchy.generic(%[[A]], %[[P]])
// BRANCHY-NOT: cf.br
// BRANCHY: return

// BRANCHY-LABEL: func.func private @branchy.generic
// BRANCHY: cf.cond_br
// BRANCHY: ^bb1:
// BRANCHY: ^bb2(%{{.*}}: index):

// BRANCHY-LABEL: func.func private @branchy.opt
// BRANCHY: cf.cond_br
func.func @branchy(%a: tensor<?xf32> {symshape.dim_names = ["len"]}, %p: i1) -> index {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  cf.cond_br %p, ^bb1, ^bb2(%n : index)
^bb1:
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  cf.br ^bb2(%m : index)
^bb2(%r: index):
  return %r : index
}
