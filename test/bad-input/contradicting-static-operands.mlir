// Programs that are undefined on every input because two static facts about
// one extent disagree. symshape-pipeline leaves the contradicting op as
// written (valid IR that fails at run time) and never produces IR that does
// not verify. Regressions (found by the differential fuzzer): upstream
// canonicalization's FoldTensorCastProducerOp folded the casts below into
// the linalg.generic and made it invalid (plain `mlir-opt --canonicalize`
// does the same on this input, so symshape-pipeline runs canonicalization
// without it; dynamic-to-static refines linalg ops itself and keeps only a
// rebuild that verifies). See also expand-contradicts-binding.mlir.
// RUN: symshape-opt %s -split-input-file --symshape-pipeline | FileCheck %s

// Must stay: inputs of 6 and 12 elements in one parallel loop.
// CHECK-LABEL: func.func @contradicting_operands
// CHECK: %[[A:.*]] = tensor.cast %{{.*}} : tensor<6xf32> to tensor<?xf32>
// CHECK: %[[B:.*]] = tensor.cast %{{.*}} : tensor<12xf32> to tensor<?xf32>
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<?xf32>, tensor<?xf32>) outs(%[[B]] : tensor<?xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @contradicting_operands(%a: tensor<6xf32>, %b: tensor<12xf32>) -> tensor<?xf32> {
  %ca = tensor.cast %a : tensor<6xf32> to tensor<?xf32>
  %cb = tensor.cast %b : tensor<12xf32> to tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%ca, %cb : tensor<?xf32>, tensor<?xf32>) outs(%cb : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Must refine (the same op with agreeing operands), the must-stay case's
// twin: the loop becomes static.
// CHECK-LABEL: func.func @agreeing_operands
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<6xf32>, tensor<6xf32>) outs(%{{.*}} : tensor<6xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @agreeing_operands(%a: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<?xf32> {
  %ca = tensor.cast %a : tensor<6xf32> to tensor<?xf32>
  %cb = tensor.cast %b : tensor<6xf32> to tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%ca, %cb : tensor<?xf32>, tensor<?xf32>) outs(%cb : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
