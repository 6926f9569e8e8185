// RUN: symshape-opt %s --symshape-dynamic-to-static --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-dynamic-to-static=max-clones=0 --split-input-file | FileCheck %s --check-prefix=JOIN

// Each op kind: a dim proven constant becomes static (must refine), an
// unproven one stays `?` (must stay dynamic). Users see the old type through
// a cast, so public signatures stay.

// CHECK-LABEL: func.func @empty
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<3x?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[E]] : tensor<3x?xf32> to tensor<?x?xf32>
// CHECK: return %[[C]]
func.func @empty(%n: index) -> tensor<?x?xf32> {
  %c3 = arith.constant 3 : index
  %e = tensor.empty(%c3, %n) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// Dims proven by facts count as much as constants: a crop of a dynamic input
// whose channel and width are asserted to be 1, squeezed.
// CHECK-LABEL: func.func @crop_with_asserted_unit_dims
// CHECK: %[[X1:.*]] = tensor.cast %{{.*}} : tensor<?x?x?x?xf32> to tensor<?x1x?x1xf32>
// CHECK: tensor.extract_slice %[[X1]][0, 0, 2, 0] [%{{.*}}, 1, 1, 1] [1, 1, 1, 1] : tensor<?x1x?x1xf32> to tensor<?x1x1x1xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2, 3]] : tensor<?x1x1x1xf32> into tensor<?xf32>
func.func @crop_with_asserted_unit_dims(%x: tensor<?x?x?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?x?x?x?xf32>
  %ch = tensor.dim %x, %c1 : tensor<?x?x?x?xf32>
  %w = tensor.dim %x, %c3 : tensor<?x?x?x?xf32>
  %okc = arith.cmpi eq, %ch, %c1 : index
  cf.assert %okc, "channel must be 1"
  %okw = arith.cmpi eq, %w, %c1 : index
  cf.assert %okw, "width must be 1"
  %crop = tensor.extract_slice %x[0, 0, 2, 0] [%n, %ch, %c1, %w] [1, 1, 1, 1]
      : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
  %sq = tensor.collapse_shape %crop [[0, 1, 2, 3]] : tensor<?x?x?x?xf32> into tensor<?xf32>
  return %sq : tensor<?xf32>
}

// -----

// The TVM squeeze (DESIGN 1.4): a static input cropped by negative padding
// and squeezed gives (13, 1, 1, 1), never (13, 13, 1, 1).
// CHECK-LABEL: func.func @crop_by_negative_padding
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, -2, -4, -4]
// CHECK: } : tensor<13x3x5x5xf32> to tensor<13x1x1x1xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2, 3]] : tensor<13x1x1x1xf32> into tensor<13xf32>
func.func @crop_by_negative_padding(%x: tensor<13x3x5x5xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %dyn = tensor.cast %x : tensor<13x3x5x5xf32> to tensor<?x?x?x?xf32>
  %d1 = tensor.dim %dyn, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %dyn, %c2 : tensor<?x?x?x?xf32>
  %h1 = arith.subi %c1, %d1 : index
  %h2 = arith.subi %c1, %d2 : index
  %zero = arith.constant 0.0 : f32
  %crop = tensor.pad %dyn low[0, 0, 0, 0] high[0, %h1, %h2, %h2] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
  %sq = tensor.collapse_shape %crop [[0, 1, 2, 3]] : tensor<?x?x?x?xf32> into tensor<?xf32>
  return %sq : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @slices_and_concat
// CHECK: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x4xf32>
func.func @slices_and_concat(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %db = tensor.dim %b, %c0 : tensor<?x3xf32>
  %ok = arith.cmpi eq, %db, %c4 : index
  cf.assert %ok, "b has 4 rows"
  %cat = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %dest = tensor.empty(%c4, %c4) : tensor<?x?xf32>
  %ins = tensor.insert_slice %a into %dest[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<?x?xf32>
  return %cat, %ins : tensor<?x3xf32>, tensor<?x?xf32>
}

// -----

// A static group cannot come from a `?` dim: the source is cast first.
// CHECK-LABEL: func.func @expand_with_static_group
// CHECK: %[[S:.*]] = tensor.cast %{{.*}} : tensor<?xf32> to tensor<6xf32>
// CHECK: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
func.func @expand_with_static_group(%x: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %ok = arith.cmpi eq, %n, %c6 : index
  cf.assert %ok, "six"
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%c2, %c3] : tensor<?xf32> into tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// linalg ops: results take the refined types of their inits.
// CHECK-LABEL: func.func @linalg_ops
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<5xf32>) -> tensor<5xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<5xf32>) outs(%{{.*}} : tensor<5xf32>)
// CHECK: } -> tensor<5xf32>
func.func @linalg_ops(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %ok = arith.cmpi eq, %n, %c5 : index
  cf.assert %ok, "five"
  %e = tensor.empty(%n) : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Statically known control flow is folded first; mismatched branch types
// are joined by making dims more dynamic, never by broadcasting.
// CHECK-LABEL: func.func @control_flow
// CHECK-NOT: scf.if %true
// CHECK: %[[A:.*]] = tensor.empty() : tensor<2xf32>
// CHECK: scf.if %{{.*}} -> (tensor<2xf32>)
// CHECK: scf.if %{{.*}} -> (tensor<?xf32>)
func.func @control_flow(%c: i1) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %true = arith.constant true
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = scf.if %true -> tensor<?xf32> {
    %e = tensor.empty(%c2) : tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  } else {
    %e = tensor.empty(%c3) : tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  }
  %same = scf.if %c -> tensor<?xf32> {
    %e = tensor.empty(%c2) : tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  } else {
    %e = tensor.empty(%c2) : tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  }
  %differ = scf.if %c -> tensor<?xf32> {
    %e = tensor.empty(%c2) : tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  } else {
    %e = tensor.empty(%c3) : tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  }
  return %a, %same, %differ : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// Nothing proven: nothing changes.
// CHECK-LABEL: func.func @no_refinement
// CHECK: tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK-NOT: tensor.cast
func.func @no_refinement(%a: index, %b: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%a, %b) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// scf.for: an iter arg whose body yields a tensor of its own dims has the
// dims of its init on every iteration (must refine); one that grows does not
// (must stay dynamic).
// CHECK-LABEL: func.func @loops
// CHECK: %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<8x4xf32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<8x4xf32>)
// CHECK:   linalg.matmul ins(%[[ACC]], %{{.*}} : tensor<8x4xf32>, tensor<4x4xf32>) outs(%[[ACC]] : tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK:   scf.yield %{{.*}} : tensor<8x4xf32>
// CHECK: %[[RC:.*]] = tensor.cast %[[R]] : tensor<8x4xf32> to tensor<?x4xf32>
// CHECK: %[[G:.*]] = scf.for {{.*}} -> (tensor<?x4xf32>)
// CHECK:   tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
// CHECK: return %[[RC]], %[[G]]
func.func @loops(%n: index, %w: tensor<4x4xf32>, %x: tensor<1x4xf32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%c8) : tensor<?x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?x4xf32>) {
    %m = linalg.matmul ins(%acc, %w : tensor<?x4xf32>, tensor<4x4xf32>)
                       outs(%acc : tensor<?x4xf32>) -> tensor<?x4xf32>
    scf.yield %m : tensor<?x4xf32>
  }
  %x0 = tensor.cast %x : tensor<1x4xf32> to tensor<?x4xf32>
  %g = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x0) -> (tensor<?x4xf32>) {
    %m = tensor.concat dim(0) %acc, %x : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    scf.yield %m : tensor<?x4xf32>
  }
  return %r, %g : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// A private function only called gets one clone per static shape signature
// of its calls (must clone: @flatten is called at 2x3 and 2x5), then the
// join of what the calls of each pass and of what it returns: static where
// every call agrees (must refine). Public functions keep their signatures
// and are never cloned (must stay). With max-clones=0, the join of all the
// calls: `?` where two calls differ (must stay dynamic).
// CHECK-LABEL: func.func private @flatten(%{{.*}}: tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: tensor.collapse_shape %{{.*}} : tensor<2x3xf32> into tensor<6xf32>
// CHECK-LABEL: func.func private @flatten.shape1(%{{.*}}: tensor<2x5xf32>) -> tensor<10xf32>
// CHECK-LABEL: func.func private @double(%{{.*}}: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NOT: @double.shape
// CHECK-LABEL: func.func @public_callee(%{{.*}}: tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NOT: @public_callee.shape
// CHECK-LABEL: func.func @callers
// CHECK: call @flatten(%{{.*}}) : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: call @flatten.shape1(%{{.*}}) : (tensor<2x5xf32>) -> tensor<10xf32>
// CHECK: call @double(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: call @public_callee(%{{.*}}) : (tensor<?x?xf32>) -> tensor<?x?xf32>
// JOIN-LABEL: func.func private @flatten(%{{.*}}: tensor<2x?xf32>) -> tensor<?xf32>
// JOIN: tensor.collapse_shape %{{.*}} : tensor<2x?xf32> into tensor<?xf32>
// JOIN-NOT: @flatten.shape1
// JOIN-LABEL: func.func private @double(%{{.*}}: tensor<2x3xf32>) -> tensor<2x3xf32>
// JOIN-LABEL: func.func @callers
// JOIN: call @flatten(%{{.*}}) : (tensor<2x?xf32>) -> tensor<?xf32>
// JOIN: call @flatten(%{{.*}}) : (tensor<2x?xf32>) -> tensor<?xf32>
func.func private @flatten(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  return %c : tensor<?xf32>
}
func.func private @double(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.add ins(%x, %x : tensor<?x?xf32>, tensor<?x?xf32>)
                  outs(%x : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @public_callee(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
func.func @callers(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %da = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  %db = tensor.cast %b : tensor<2x5xf32> to tensor<?x?xf32>
  %fa = func.call @flatten(%da) : (tensor<?x?xf32>) -> tensor<?xf32>
  %fb = func.call @flatten(%db) : (tensor<?x?xf32>) -> tensor<?xf32>
  %d = func.call @double(%da) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %p = func.call @public_callee(%da) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %fa, %fb, %d, %p : tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// A private function whose symbol is used other than by a call keeps its
// signature (must stay dynamic).
// CHECK-LABEL: func.func private @taken(%{{.*}}: tensor<?xf32>) -> tensor<?xf32>
func.func private @taken(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
func.func @address_taken(%a: tensor<4xf32>) -> (tensor<?xf32>, (tensor<?xf32>) -> tensor<?xf32>) {
  %d = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %r = func.call @taken(%d) : (tensor<?xf32>) -> tensor<?xf32>
  %f = func.constant @taken : (tensor<?xf32>) -> tensor<?xf32>
  return %r, %f : tensor<?xf32>, (tensor<?xf32>) -> tensor<?xf32>
}

// -----

// The same for a use nested in an attribute of another op.
// CHECK-LABEL: func.func private @named_elsewhere(%{{.*}}: tensor<?xf32>) -> tensor<?xf32>
func.func private @named_elsewhere(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
func.func @reference_in_an_attribute(%a: tensor<4xf32>) -> tensor<?xf32> {
  %d = tensor.cast %a {test.also = [{f = @named_elsewhere}]} : tensor<4xf32> to tensor<?xf32>
  %r = func.call @named_elsewhere(%d) : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Only called, the callee gets the caller's static signature (must fire:
// the contrast of the two cases above).
// CHECK-LABEL: func.func private @only_called(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
func.func private @only_called(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
func.func @call_only(%a: tensor<4xf32>) -> tensor<?xf32> {
  %d = tensor.cast %a {test.unrelated = [{f = @call_only}]} : tensor<4xf32> to tensor<?xf32>
  %r = func.call @only_called(%d) : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A body that casts its argument to a static extent other than the one
// every call passes (a false binding's cast) keeps its signature: the
// refined argument would be cast from 4 to 2 (must not fire); a cast that
// agrees with the calls does not stop the refinement (must fire).
// CHECK-LABEL: func.func private @cast_disagrees(%{{.*}}: tensor<?xf32>) -> index
// CHECK-LABEL: func.func private @cast_agrees(%{{.*}}: tensor<4xf32>) -> index
func.func private @cast_disagrees(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %s = tensor.cast %x : tensor<?xf32> to tensor<2xf32>
  %d = tensor.cast %s : tensor<2xf32> to tensor<?xf32>
  %n = tensor.dim %d, %c0 : tensor<?xf32>
  return %n : index
}
func.func private @cast_agrees(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %s = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  %d = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
  %n = tensor.dim %d, %c0 : tensor<?xf32>
  return %n : index
}
func.func @call_casts(%a: tensor<4xf32>) -> (index, index) {
  %d = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %r = func.call @cast_disagrees(%d) : (tensor<?xf32>) -> index
  %q = func.call @cast_agrees(%d) : (tensor<?xf32>) -> index
  return %r, %q : index, index
}

// -----

// The same crop by negative padding on a dynamic input whose channel and
// width are asserted to be 1: the body computes on ?x1x1x1.
// CHECK-LABEL: func.func @crop_by_negative_padding_asserted
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, %{{.*}}, 0]
// CHECK: } : tensor<?x1x?x1xf32> to tensor<?x1x1x1xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2, 3]] : tensor<?x1x1x1xf32> into tensor<?xf32>
func.func @crop_by_negative_padding_asserted(%x: tensor<?x?x?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d1 = tensor.dim %x, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %x, %c2 : tensor<?x?x?x?xf32>
  %d3 = tensor.dim %x, %c3 : tensor<?x?x?x?xf32>
  %ok1 = arith.cmpi eq, %d1, %c1 : index
  cf.assert %ok1, "channel must be 1"
  %ok3 = arith.cmpi eq, %d3, %c1 : index
  cf.assert %ok3, "width must be 1"
  %h1 = arith.subi %c1, %d1 : index
  %h2 = arith.subi %c1, %d2 : index
  %h3 = arith.subi %c1, %d3 : index
  %zero = arith.constant 0.0 : f32
  %crop = tensor.pad %x low[0, 0, 0, 0] high[0, %h1, %h2, %h3] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
  %sq = tensor.collapse_shape %crop [[0, 1, 2, 3]] : tensor<?x?x?x?xf32> into tensor<?xf32>
  return %sq : tensor<?xf32>
}

// -----

// A dim proven 0 stays dynamic: the standard lowering of MLIR 22.1 rejects
// slices of a static 0 dim ("offset 0 is out-of-bounds: 0 >= 0") and
// collapses of one, which the input did not have (found by differential
// fuzzing). A dim proven 3 becomes static (must fire).
// CHECK-LABEL: func.func @zero_dims_stay_dynamic
// CHECK: tensor.empty(%{{.*}}) : tensor<?x3xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [%{{.*}}, 3] [1, 1] : tensor<?x3xf32> to tensor<?x3xf32>
func.func @zero_dims_stay_dynamic() -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty(%c0, %c3) : tensor<?x?xf32>
  %s = tensor.extract_slice %e[0, 0] [%c0, %c3] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

// -----

// An elementwise op on tensors (arith, math) has its operands' dims: with
// the first proven 4, it computes on a static 4x? tensor; the unproven dim
// stays `?`, and so does an op whose operand dims are not proven. A select
// with a scalar condition is not elementwise: it picks one of two tensors
// whose shapes may differ, so it stays `?x?` (regression: the false arm was
// cast to 4 rows, fuzz seed 1, programs 106 and 224, where the select came
// from an scf.if).
// CHECK-LABEL: func.func @elementwise
// CHECK: %[[A:.*]] = tensor.cast %{{.*}} : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK: %[[B:.*]] = tensor.cast %{{.*}} : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : tensor<4x?xf32>
// CHECK: %[[E:.*]] = math.exp %[[S]] : tensor<4x?xf32>
// CHECK: %[[EC:.*]] = tensor.cast %[[E]] : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK: arith.select %{{.*}}, %[[EC]], %{{.*}} : tensor<?x?xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<?x?xf32>
func.func @elementwise(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %u: tensor<?x?xf32>, %c: i1) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %ok = arith.cmpi eq, %n, %c4 : index
  cf.assert %ok, "4 rows"
  %s = arith.addf %x, %y : tensor<?x?xf32>
  %e = math.exp %s : tensor<?x?xf32>
  %r = arith.select %c, %e, %x : tensor<?x?xf32>
  %m = arith.mulf %u, %u : tensor<?x?xf32>
  return %r, %m : tensor<?x?xf32>, tensor<?x?xf32>
}
