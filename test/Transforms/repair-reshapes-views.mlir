// RUN: symshape-opt %s --symshape-repair-reshapes --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-repair-reshapes=explain --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Only the five gathers are explained, each at its view (the remark shows
// the view's line).
// REMARK-NOT: remark
// REMARK: remark: copy: this view has two or more dynamic dims in one group, which MLIR 22.1 cannot lower, and becomes a gather (tensor.generate)
// REMARK-NEXT: output_shape [%s, %b, 8]
// REMARK-NOT: remark
// REMARK: remark: copy:
// REMARK-NEXT: %v = tensor.expand_shape %m
// REMARK-NOT: remark
// REMARK: remark: copy:
// REMARK-NEXT: output_shape [%p, %q, 8]
// REMARK-NOT: remark
// REMARK: remark: copy:
// REMARK-NEXT: output_shape [%p, %q, 4]
// REMARK-NOT: remark
// REMARK: remark: copy:
// REMARK-NEXT: output_shape [%b, %p, 8]
// REMARK-NOT: remark

// A Linear on 3-D input as torch-mlir writes it: view(x, [B*S, 32]),
// addmm, view(mm, [B, S, 96]). The view is pushed into the matmul (and the
// bias broadcast that initializes it), which then reads x itself: no
// reshape and no copy are left.
// CHECK-LABEL: func.func @linear_on_3d
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x32xf32>, %[[W:.*]]: tensor<32x96xf32>, %[[BIAS:.*]]: tensor<96xf32>)
// CHECK-NOT: tensor.generate
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?x96xf32>
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%[[BIAS]] : tensor<96xf32>) outs(%[[E]] : tensor<?x?x96xf32>)
// CHECK: %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<?x?x32xf32>, tensor<32x96xf32>) outs(%[[B]] : tensor<?x?x96xf32>)
// CHECK: return %[[M]]
func.func @linear_on_3d(%x: tensor<?x?x32xf32>, %w: tensor<32x96xf32>, %bias: tensor<96xf32>) -> tensor<?x?x96xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x32xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x32xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x32xf32> into tensor<?x32xf32>
  %rows = tensor.dim %flat, %c0 : tensor<?x32xf32>
  %e = tensor.empty(%rows) : tensor<?x96xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<96xf32>) outs(%e : tensor<?x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x96xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<?x32xf32>, tensor<32x96xf32>) outs(%g : tensor<?x96xf32>) -> tensor<?x96xf32>
  %v = tensor.expand_shape %m [[0, 1], [2]] output_shape [%b, %s, 96] : tensor<?x96xf32> into tensor<?x?x96xf32>
  return %v : tensor<?x?x96xf32>
}

// -----

// expand(collapse(x)) back to x's own dims is x.
// CHECK-LABEL: func.func @expand_of_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x8xf32>)
// CHECK-NOT: tensor.generate
// CHECK: return %[[X]]
func.func @expand_of_collapse(%x: tensor<?x?x8xf32>) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x8xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x8xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x8xf32> into tensor<?x8xf32>
  %v = tensor.expand_shape %flat [[0, 1], [2]] output_shape [%b, %s, 8] : tensor<?x8xf32> into tensor<?x?x8xf32>
  return %v : tensor<?x?x8xf32>
}

// -----

// Sizes that are not x's dims (s and b swapped): the expand is a different
// view of the same elements; it stays a gather.
// CHECK-LABEL: func.func @expand_of_collapse_other_sizes
// CHECK: tensor.collapse_shape
// CHECK: tensor.generate
func.func @expand_of_collapse_other_sizes(%x: tensor<?x?x8xf32>) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x8xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x8xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x8xf32> into tensor<?x8xf32>
  %v = tensor.expand_shape %flat [[0, 1], [2]] output_shape [%s, %b, 8] : tensor<?x8xf32> into tensor<?x?x8xf32>
  return %v : tensor<?x?x8xf32>
}

// -----

// A collapse of more dims than the expand splits back: the result is a
// collapse of only the dims the expand leaves merged ([B, S, 4, 8] ->
// [B*S, 32] -> [B, S, 32] is [B, S, 4*8]).
// CHECK-LABEL: func.func @expand_of_wider_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4x8xf32>)
// CHECK-NOT: tensor.generate
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]] : tensor<?x?x4x8xf32> into tensor<?x?x32xf32>
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[C]]
func.func @expand_of_wider_collapse(%x: tensor<?x?x4x8xf32>) -> tensor<?x?x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x4x8xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x4x8xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<?x?x4x8xf32> into tensor<?x32xf32>
  %v = tensor.expand_shape %flat [[0, 1], [2]] output_shape [%b, %s, 32] : tensor<?x32xf32> into tensor<?x?x32xf32>
  return %v : tensor<?x?x32xf32>
}

// -----

// An expand of a tensor.empty is a tensor.empty of its sizes.
// CHECK-LABEL: func.func @expand_of_empty
// CHECK-SAME: (%[[N:.*]]: index, %[[B:.*]]: index, %[[S:.*]]: index)
// CHECK: %[[E:.*]] = tensor.empty(%[[B]], %[[S]]) : tensor<?x?x4xf32>
// CHECK-NOT: tensor.generate
// CHECK: return %[[E]]
func.func @expand_of_empty(%n: index, %b: index, %s: index) -> tensor<?x?x4xf32> {
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %v = tensor.expand_shape %e [[0, 1], [2]] output_shape [%b, %s, 4] : tensor<?x4xf32> into tensor<?x?x4xf32>
  return %v : tensor<?x?x4xf32>
}

// -----

// A matmul whose rows come from a function argument: pushing the view into
// it would leave the same expand on the argument, so nothing is pushed and
// the one gather stays.
// CHECK-LABEL: func.func @producer_of_argument
// CHECK: linalg.matmul
// CHECK: tensor.generate
// CHECK-NOT: tensor.generate
func.func @producer_of_argument(%a: tensor<?x32xf32>, %w: tensor<32x96xf32>, %init: tensor<?x96xf32>, %b: index, %s: index) -> tensor<?x?x96xf32> {
  %m = linalg.matmul ins(%a, %w : tensor<?x32xf32>, tensor<32x96xf32>) outs(%init : tensor<?x96xf32>) -> tensor<?x96xf32>
  %v = tensor.expand_shape %m [[0, 1], [2]] output_shape [%b, %s, 96] : tensor<?x96xf32> into tensor<?x?x96xf32>
  return %v : tensor<?x?x96xf32>
}

// -----

// The head split of torch 1.13's MultiheadAttention: [B, S, 32] collapsed
// whole and expanded into [B, S*4, 8]. Through the common refinement
// [B, S, 4, 8]: an expand of x (its last dim split into 4 x 8) and a
// collapse of S and 4; no gather.
// CHECK-LABEL: func.func @head_split
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x32xf32>)
// CHECK-NOT: tensor.generate
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1], [2, 3]] output_shape [%{{.*}}, %{{.*}}, 4, 8] : tensor<?x?x32xf32> into tensor<?x?x4x8xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[E]] {{\[}}[0], [1, 2], [3]] : tensor<?x?x4x8xf32> into tensor<?x?x8xf32>
// CHECK: return %[[C]]
func.func @head_split(%x: tensor<?x?x32xf32>) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x32xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x32xf32>
  %s4 = arith.muli %s, %c4 : index
  %flat = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x?x32xf32> into tensor<?xf32>
  %v = tensor.expand_shape %flat [[0, 1, 2]] output_shape [%b, %s4, 8] : tensor<?xf32> into tensor<?x?x8xf32>
  return %v : tensor<?x?x8xf32>
}

// -----

// Sizes the engine cannot relate to x's dims (%p, %q are any values whose
// product may be B*S*4): the gather stays.
// CHECK-LABEL: func.func @regroup_unproven
// CHECK: tensor.collapse_shape
// CHECK: tensor.generate
// CHECK-NOT: tensor.expand_shape
func.func @regroup_unproven(%x: tensor<?x?x32xf32>, %p: index, %q: index) -> tensor<?x?x8xf32> {
  %flat = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x?x32xf32> into tensor<?xf32>
  %v = tensor.expand_shape %flat [[0, 1, 2]] output_shape [%p, %q, 8] : tensor<?xf32> into tensor<?x?x8xf32>
  return %v : tensor<?x?x8xf32>
}

// -----

// A Linear whose rows are a view of a view (x collapsed whole, then viewed
// as rows of 32, as torch's MultiheadAttention writes its output
// projection): pushed into the matmul, the view on its rows is an expand of
// that expand, one expand of the collapse, which x's own dims undo.
// CHECK-LABEL: func.func @linear_on_view_of_view
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x32xf32>, %[[W:.*]]: tensor<32x32xf32>)
// CHECK-NOT: tensor.generate
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[W]] : tensor<?x?x32xf32>, tensor<32x32xf32>)
func.func @linear_on_view_of_view(%x: tensor<?x?x32xf32>, %w: tensor<32x32xf32>) -> tensor<?x?x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x32xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x32xf32>
  %rows = arith.muli %b, %s : index
  %flat = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x?x32xf32> into tensor<?xf32>
  %r = tensor.expand_shape %flat [[0, 1]] output_shape [%rows, 32] : tensor<?xf32> into tensor<?x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%rows) : tensor<?x32xf32>
  %out = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %m = linalg.matmul ins(%r, %w : tensor<?x32xf32>, tensor<32x32xf32>) outs(%out : tensor<?x32xf32>) -> tensor<?x32xf32>
  %v = tensor.expand_shape %m [[0, 1], [2]] output_shape [%b, %s, 32] : tensor<?x32xf32> into tensor<?x?x32xf32>
  return %v : tensor<?x?x32xf32>
}

// -----

// An expand of an expand that no rewrite removes: one expand of the inner
// one's source, so the gather reads that source directly.
// CHECK-LABEL: func.func @expand_of_expand
// CHECK-SAME: (%[[Y:.*]]: tensor<?xf32>
// CHECK-NOT: tensor.expand_shape
// CHECK: tensor.generate
// CHECK: tensor.extract %[[Y]]
func.func @expand_of_expand(%y: tensor<?xf32>, %n: index, %p: index, %q: index) -> tensor<?x?x4xf32> {
  %r = tensor.expand_shape %y [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
  %v = tensor.expand_shape %r [[0, 1], [2]] output_shape [%p, %q, 4] : tensor<?x4xf32> into tensor<?x?x4xf32>
  return %v : tensor<?x?x4xf32>
}

// -----

// A tensor.reshape to sizes built with tensor.from_elements (which MLIR
// 22.1 does not lower while a dim is dynamic) is a collapse of every dim
// and an expand into the sizes (an i64 size cast to index).
// CHECK-LABEL: func.func @reshape_from_sizes
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[H:.*]]: i64)
// CHECK-NOT: tensor.reshape
// CHECK: %[[N:.*]] = arith.index_cast %[[H]] : i64 to index
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[F]] {{\[}}[0, 1]] output_shape [%[[N]], 8] : tensor<?xf32> into tensor<?x8xf32>
// CHECK: return %[[E]]
func.func @reshape_from_sizes(%x: tensor<?x4xf32>, %h: i64) -> tensor<?x8xf32> {
  %c8 = arith.constant 8 : i64
  %shape = tensor.from_elements %h, %c8 : tensor<2xi64>
  %r = tensor.reshape %x(%shape) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// A static result lowers as it is: left alone.
// CHECK-LABEL: func.func @reshape_to_static
// CHECK: tensor.reshape
// CHECK-NOT: tensor.expand_shape
func.func @reshape_to_static(%x: tensor<?x4xf32>) -> tensor<3x8xf32> {
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %shape = tensor.from_elements %c3, %c8 : tensor<2xindex>
  %r = tensor.reshape %x(%shape) : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

// -----

// Constants near 2^62 in a regroup: the product the divisors of k are
// taken from would overflow (2^20 * 2^62); the constant that would is
// left out of it. No common refinement is proven, and the gather stays.
// CHECK-LABEL: func.func @regroup_huge_constants
// CHECK: tensor.collapse_shape
// CHECK: tensor.generate
func.func @regroup_huge_constants(%x: tensor<?x1048576x4611686018427387904xf32>, %p: index) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x1048576x4611686018427387904xf32>
  %flat = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x1048576x4611686018427387904xf32> into tensor<?xf32>
  %v = tensor.expand_shape %flat [[0, 1, 2]] output_shape [%b, %p, 8] : tensor<?xf32> into tensor<?x?x8xf32>
  return %v : tensor<?x?x8xf32>
}
