// Programs that are undefined on every input because two static facts about
// one extent disagree. symshape-pipeline leaves the contradicting op as
// written (valid IR that fails at run time) and never produces IR that does
// not verify. Regressions (found by the differential fuzzer): upstream
// canonicalization's FoldTensorCastProducerOp folded the casts below into
// the linalg.generic and made it invalid (plain `mlir-opt --canonicalize`
// does the same on this input, so symshape-pipeline runs canonicalization
// without it; dynamic-to-static refines linalg ops itself and rebuilds one
// only where the proven operand types give each loop one size). See also
// expand-contradicts-binding.mlir.
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

// -----

// Must stay: a contraction whose reduced dim is 3 in one operand and 7 in the
// other (the loop's sizes are compared through the indexing maps, not by
// operand position). Its output dims agree, and stay as written.
// CHECK-LABEL: func.func @contradicting_contraction
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x?xf32>, tensor<?x5xf32>) outs(%{{.*}} : tensor<4x5xf32>) -> tensor<4x5xf32>
func.func @contradicting_contraction(%a: tensor<4x3xf32>, %b: tensor<7x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %ca = tensor.cast %a : tensor<4x3xf32> to tensor<4x?xf32>
  %cb = tensor.cast %b : tensor<7x5xf32> to tensor<?x5xf32>
  %r = linalg.matmul ins(%ca, %cb : tensor<4x?xf32>, tensor<?x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// -----

// Must refine, its twin with agreeing reduced dims.
// CHECK-LABEL: func.func @agreeing_contraction
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x3xf32>, tensor<3x5xf32>) outs(%{{.*}} : tensor<4x5xf32>) -> tensor<4x5xf32>
func.func @agreeing_contraction(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %ca = tensor.cast %a : tensor<4x3xf32> to tensor<4x?xf32>
  %cb = tensor.cast %b : tensor<3x5xf32> to tensor<?x5xf32>
  %r = linalg.matmul ins(%ca, %cb : tensor<4x?xf32>, tensor<?x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
