// RUN: symshape-opt %s --symshape-fold-reshape-into-store=explain -verify-diagnostics --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-fold-reshape-into-store="guard=false" --split-input-file | FileCheck %s --check-prefix=NOGUARD

// IREE's exact pattern (DESIGN 1.5): a ?x2 source collapsed and stored as one
// column, sizes [%d, 1]. The fold keeps the dropped column dim at its own
// index; the miscompiled fold stored %src contiguously with sizes [%d, 2].
// CHECK-LABEL: func.func @iree_column_store
// CHECK-SAME: (%[[SRC:.*]]: tensor<?x2xi32>)
// CHECK: %[[OUT:.*]] = linalg.fill
// CHECK: %[[N:.*]] = tensor.dim %[[SRC]], %{{.*}} : tensor<?x2xi32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1], [2]] output_shape [%[[N]], 2, 3] : tensor<?x3xi32> into tensor<?x2x3xi32>
// CHECK: %[[I:.*]] = tensor.insert_slice %[[SRC]] into %[[E]][0, 0, 1] [%[[N]], 2, 1] [1, 1, 1] : tensor<?x2xi32> into tensor<?x2x3xi32>
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[I]] {{\[}}[0, 1], [2]] : tensor<?x2x3xi32> into tensor<?x3xi32>
// CHECK-NOT: [%{{.*}}, 2] [1, 1]
// CHECK: return %[[R]]
func.func @iree_column_store(%src: tensor<?x2xi32>) -> tensor<?x3xi32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %src, %c0 : tensor<?x2xi32>
  %rows = arith.muli %n, %c2 : index
  %empty = tensor.empty(%rows) : tensor<?x3xi32>
  %out = linalg.fill ins(%zero : i32) outs(%empty : tensor<?x3xi32>) -> tensor<?x3xi32>
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %flat into %out[0, 1] [%d, 1] [1, 1]
      : tensor<?xi32> into tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}

// -----

// C7: strides must be 1.
// CHECK-LABEL: func.func @no_fold_strided_store
// CHECK-NOT: tensor.expand_shape
func.func @no_fold_strided_store(%src: tensor<3x2xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  // expected-remark @+1 {{not folded: C7: stride of dim 0 is not 1}}
  %r = tensor.insert_slice %flat into %out[0] [6] [2] : tensor<6xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}

// -----

// C7 (memory form): the base must be contiguous.
// CHECK-LABEL: func.func @no_fold_strided_base
// CHECK-NOT: memref.expand_shape
func.func @no_fold_strided_base(%src: tensor<3x2xf32>, %base: memref<12xf32, strided<[2]>>) {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %sv = memref.subview %base[0] [6] [1] : memref<12xf32, strided<[2]>> to memref<6xf32, strided<[2]>>
  // expected-remark @+1 {{not folded: C7: the base memref is not contiguous (it has a non-identity layout)}}
  bufferization.materialize_in_destination %flat in restrict writable %sv
      : (tensor<6xf32>, memref<6xf32, strided<[2]>>) -> ()
  return
}

// -----

// C8: no zero factor in a group.
// CHECK-LABEL: func.func @no_fold_zero_extent
// CHECK-NOT: tensor.expand_shape
func.func @no_fold_zero_extent(%src: tensor<3x0xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x0xf32> into tensor<0xf32>
  // expected-remark @+1 {{not folded: C8: source dim 1 of the collapsed group is 0}}
  %r = tensor.insert_slice %flat into %out[0] [0] [1] : tensor<0xf32> into tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// C1: the destination extent must be a multiple of the inner product.
// CHECK-LABEL: func.func @no_fold_destination_not_multiple
// CHECK-NOT: tensor.expand_shape
func.func @no_fold_destination_not_multiple(%src: tensor<3x2xf32>, %out: tensor<7xf32>) -> tensor<7xf32> {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  // expected-remark @+1 {{not folded: C1: the extent of target dim 0 is not provably a multiple of 2}}
  %r = tensor.insert_slice %flat into %out[0] [6] [1] : tensor<6xf32> into tensor<7xf32>
  return %r : tensor<7xf32>
}

// -----

// An opaque offset: folded behind a run-time alignment check (with guard),
// never folded without it.
// CHECK-LABEL: func.func @guarded_opaque_offset
// CHECK-SAME: (%[[SRC:.*]]: tensor<3x2xf32>, %[[OUT:.*]]: tensor<12xf32>, %[[O:.*]]: index)
// CHECK: %[[REM:.*]] = arith.remui %[[O]], %{{.*}} : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[REM]], %{{.*}} : index
// CHECK: scf.if %[[OK]] -> (tensor<12xf32>)
// CHECK: %[[Q:.*]] = arith.divui %[[O]], %{{.*}} : index
// CHECK: tensor.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [6, 2]
// CHECK: tensor.insert_slice %[[SRC]] into %{{.*}}[%[[Q]], 0] [3, 2] [1, 1]
// CHECK: } else {
// CHECK: tensor.insert_slice %{{.*}} into %[[OUT]][%[[O]]] [6] [1]
// NOGUARD-LABEL: func.func @guarded_opaque_offset
// NOGUARD-NOT: scf.if
// NOGUARD-NOT: tensor.expand_shape
func.func @guarded_opaque_offset(%src: tensor<3x2xf32>, %out: tensor<12xf32>, %o: index) -> tensor<12xf32> {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  // expected-remark @+1 {{guarded fold of the reshape into the store: 1 run-time condition}}
  %r = tensor.insert_slice %flat into %out[%o] [6] [1] : tensor<6xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}

// -----

// cf.asserts that the offset is non-negative and even prove C2: no guard
// needed. The pass gathers the facts itself, on ordinary IR.
// CHECK-LABEL: func.func @alignment_from_assert
// CHECK-NOT: scf.if
// CHECK: tensor.expand_shape
// NOGUARD-LABEL: func.func @alignment_from_assert
// NOGUARD: tensor.expand_shape
func.func @alignment_from_assert(%src: tensor<3x2xf32>, %out: tensor<12xf32>, %o: index) -> tensor<12xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %nonneg = arith.cmpi sge, %o, %c0 : index
  cf.assert %nonneg, "offset must be non-negative"
  %rem = arith.remsi %o, %c2 : index
  %even = arith.cmpi eq, %rem, %c0 : index
  cf.assert %even, "offset must be even"
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %flat into %out[%o] [6] [1] : tensor<6xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}

// -----

// Not a collapse: nothing to do, no remark.
// CHECK-LABEL: func.func @not_a_candidate
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0] [6] [1]
func.func @not_a_candidate(%v: tensor<6xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %r = tensor.insert_slice %v into %out[0] [6] [1] : tensor<6xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}

// -----

// Casts between the collapse and the store are looked through.
// CHECK-LABEL: func.func @through_casts
// CHECK-SAME: (%[[SRC:.*]]: tensor<3x2xf32>, %[[OUT:.*]]: tensor<12xf32>)
// CHECK-NOT: tensor.cast
// CHECK: %[[E:.*]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1]] output_shape [6, 2]
// CHECK: tensor.insert_slice %[[SRC]] into %[[E]][2, 0] [3, 2] [1, 1]
func.func @through_casts(%src: tensor<3x2xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %dyn = tensor.cast %flat : tensor<6xf32> to tensor<?xf32>
  %c6 = arith.constant 6 : index
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %dyn into %out[4] [%c6] [1] : tensor<?xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}

// -----

// A cast chain that disagrees with itself (6 -> ? -> 7: the store fails at
// run time) is not seen through: no fold, the IR stays as written.
// CHECK-LABEL: func.func @through_contradicting_casts
// CHECK: tensor.collapse_shape
// CHECK: tensor.cast %{{.*}} : tensor<6xf32> to tensor<?xf32>
// CHECK: tensor.cast %{{.*}} : tensor<?xf32> to tensor<7xf32>
// CHECK: tensor.insert_slice %{{.*}}[4] [7] [1] : tensor<7xf32> into tensor<12xf32>
// CHECK-NOT: expand_shape
func.func @through_contradicting_casts(%src: tensor<3x2xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %dyn = tensor.cast %flat : tensor<6xf32> to tensor<?xf32>
  %seven = tensor.cast %dyn : tensor<?xf32> to tensor<7xf32>
  %r = tensor.insert_slice %seven into %out[4] [7] [1] : tensor<7xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}

// -----

// The expand_shape twin: a 6x4 S expanded to 3x2x4 and stored as one slice
// of a 5x3x2x4 destination (the leading dim dropped), full along the inner
// dim 2 of the expanded group. S is stored into the destination collapsed
// to 5x6x4, which is expanded back.
// CHECK-LABEL: func.func @twin_rank_reducing
// CHECK-SAME: (%[[SRC:.*]]: tensor<6x4xf32>, %[[OUT:.*]]: tensor<5x3x2x4xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[OUT]] {{\[}}[0], [1, 2], [3]] : tensor<5x3x2x4xf32> into tensor<5x6x4xf32>
// CHECK: %[[I:.*]] = tensor.insert_slice %[[SRC]] into %[[C]][1, 0, 0] [1, 6, 4] [1, 1, 1] : tensor<6x4xf32> into tensor<5x6x4xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[I]] {{\[}}[0], [1, 2], [3]] output_shape [5, 3, 2, 4]
// CHECK: return %[[E]]
func.func @twin_rank_reducing(%src: tensor<6x4xf32>, %out: tensor<5x3x2x4xf32>) -> tensor<5x3x2x4xf32> {
  %v = tensor.expand_shape %src [[0, 1], [2]] output_shape [3, 2, 4] : tensor<6x4xf32> into tensor<3x2x4xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %v into %out[1, 0, 0, 0] [1, 3, 2, 4] [1, 1, 1, 1] : tensor<3x2x4xf32> into tensor<5x3x2x4xf32>
  return %r : tensor<5x3x2x4xf32>
}

// -----

// Twin refusals: a store partial along the inner dim of the group (its rows
// are not contiguous in the destination), and a dropped dim between the two
// expanded dims.
// CHECK-LABEL: func.func @twin_refused
// CHECK-NOT: tensor.collapse_shape
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0] [3, 2, 4]
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 1, 0, 0] [3, 1, 2, 4]
func.func @twin_refused(%src: tensor<6x4xf32>, %a: tensor<3x4x4xf32>, %b: tensor<3x3x2x4xf32>)
    -> (tensor<3x4x4xf32>, tensor<3x3x2x4xf32>) {
  %v = tensor.expand_shape %src [[0, 1], [2]] output_shape [3, 2, 4] : tensor<6x4xf32> into tensor<3x2x4xf32>
  // expected-remark @+1 {{not folded: C3: the store is not provably full along target dim 1 (offset 0 and size == extent), an inner dim of an expanded group}}
  %r = tensor.insert_slice %v into %a[0, 0, 0] [3, 2, 4] [1, 1, 1] : tensor<3x2x4xf32> into tensor<3x4x4xf32>
  // expected-remark @+1 {{not folded: C5: the expanded dims stored at target dim 0 and on are not adjacent (a dropped dim between them)}}
  %s = tensor.insert_slice %v into %b[0, 1, 0, 0] [3, 1, 2, 4] [1, 1, 1, 1] : tensor<3x2x4xf32> into tensor<3x3x2x4xf32>
  return %r, %s : tensor<3x4x4xf32>, tensor<3x3x2x4xf32>
}
