// RUN: symshape-opt %s --symshape-fold-reshape-into-store=explain -verify-diagnostics --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-fold-reshape-into-store="guard=false" --split-input-file | FileCheck %s --check-prefix=NOGUARD

// Regressions of symshape-fold-reshape-into-store: groups of more than two
// dims, and the lifetimes of what the pass reads from the IR. Every case here
// crashed, read freed memory or emitted invalid IR before it was fixed; run
// the pass under valgrind on this file to see none of that comes back.

// The segfault of the correctness issue: a three-dim group (inner product
// 3 * 4 = 12) stored at an opaque offset. The guard built the group's inner
// product from a reference into the temporary returned by
// getReassociationIndices(); two-dim groups read the same freed memory and
// only worked by luck. The fold is guarded on alignment to the whole inner
// product 12 (not to the last dim, 4), and the original store stays on the
// other path.
// CHECK-LABEL: func.func @issue_three_dim_group_opaque_offset
// CHECK-SAME: (%[[S:.*]]: tensor<2x3x4xf32>, %[[T:.*]]: tensor<48xf32>, %[[O:.*]]: index)
// CHECK: %[[V:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1, 2]]
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK: %[[REM:.*]] = arith.remui %[[O]], %[[C12]] : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[REM]], %[[ZERO]] : index
// CHECK: %[[R:.*]] = scf.if %[[OK]] -> (tensor<48xf32>) {
// CHECK: %[[Q:.*]] = arith.divui %[[O]], %{{.*}} : index
// CHECK: %[[E:.*]] = tensor.expand_shape %[[T]] {{\[}}[0, 1, 2]] output_shape [4, 3, 4] : tensor<48xf32> into tensor<4x3x4xf32>
// CHECK: %[[I:.*]] = tensor.insert_slice %[[S]] into %[[E]][%[[Q]], 0, 0] [2, 3, 4] [1, 1, 1] : tensor<2x3x4xf32> into tensor<4x3x4xf32>
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[I]] {{\[}}[0, 1, 2]] : tensor<4x3x4xf32> into tensor<48xf32>
// CHECK: scf.yield %[[F]] : tensor<48xf32>
// CHECK: } else {
// CHECK: %[[ORIG:.*]] = tensor.insert_slice %[[V]] into %[[T]][%[[O]]] [24] [1] : tensor<24xf32> into tensor<48xf32>
// CHECK: scf.yield %[[ORIG]] : tensor<48xf32>
// CHECK: return %[[R]]
// NOGUARD-LABEL: func.func @issue_three_dim_group_opaque_offset
// NOGUARD-NOT: scf.if
// NOGUARD-NOT: tensor.expand_shape
// NOGUARD: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [24] [1]
func.func @issue_three_dim_group_opaque_offset(%s: tensor<2x3x4xf32>, %t: tensor<48xf32>, %o: index) -> tensor<48xf32> {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  // expected-remark @+1 {{guarded fold of the reshape into the store: 1 run-time condition}}
  %r = tensor.insert_slice %v into %t[%o] [24] [1] : tensor<24xf32> into tensor<48xf32>
  return %r : tensor<48xf32>
}

// -----

// The same in memory form: S lands in a subview of the expanded base.
// CHECK-LABEL: func.func @issue_three_dim_group_opaque_offset_memref
// CHECK-SAME: (%[[S:.*]]: tensor<2x3x4xf32>, %[[T:.*]]: memref<48xf32>, %[[O:.*]]: index)
// CHECK: %[[V:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1, 2]]
// CHECK: %[[SV:.*]] = memref.subview %[[T]][%[[O]]] [24] [1]
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK: %[[REM:.*]] = arith.remui %[[O]], %[[C12]] : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[REM]], %[[ZERO]] : index
// CHECK: scf.if %[[OK]] {
// CHECK: %[[Q:.*]] = arith.divui %[[O]], %{{.*}} : index
// CHECK: %[[E:.*]] = memref.expand_shape %[[T]] {{\[}}[0, 1, 2]] output_shape [4, 3, 4] : memref<48xf32> into memref<4x3x4xf32>
// CHECK: %[[SV2:.*]] = memref.subview %[[E]][%[[Q]], 0, 0] [2, 3, 4] [1, 1, 1] : memref<4x3x4xf32> to memref<2x3x4xf32, strided<[12, 4, 1], offset: ?>>
// CHECK: bufferization.materialize_in_destination %[[S]] in restrict writable %[[SV2]]
// CHECK: } else {
// CHECK: bufferization.materialize_in_destination %[[V]] in restrict writable %[[SV]]
// CHECK: return
// NOGUARD-LABEL: func.func @issue_three_dim_group_opaque_offset_memref
// NOGUARD-NOT: scf.if
// NOGUARD-NOT: memref.expand_shape
// NOGUARD: bufferization.materialize_in_destination %{{.*}} in restrict writable %{{.*}} : (tensor<24xf32>
func.func @issue_three_dim_group_opaque_offset_memref(%s: tensor<2x3x4xf32>, %t: memref<48xf32>, %o: index) {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %sv = memref.subview %t[%o] [24] [1] : memref<48xf32> to memref<24xf32, strided<[1], offset: ?>>
  // expected-remark @+1 {{guarded fold of the reshape into the store: 1 run-time condition}}
  bufferization.materialize_in_destination %v in restrict writable %sv : (tensor<24xf32>, memref<24xf32, strided<[1], offset: ?>>) -> ()
  return
}

// -----

// Must fold: an offset aligned to the whole inner product (24 = 2 * 12).
// CHECK-LABEL: func.func @fold_three_dim_group_aligned_offset
// CHECK-SAME: (%[[S:.*]]: tensor<2x3x4xf32>, %[[T:.*]]: tensor<48xf32>)
// CHECK-NOT: scf.if
// CHECK: %[[E:.*]] = tensor.expand_shape %[[T]] {{\[}}[0, 1, 2]] output_shape [4, 3, 4]
// CHECK: %[[I:.*]] = tensor.insert_slice %[[S]] into %[[E]][2, 0, 0] [2, 3, 4] [1, 1, 1]
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[I]] {{\[}}[0, 1, 2]] : tensor<4x3x4xf32> into tensor<48xf32>
// CHECK: return %[[F]]
// NOGUARD-LABEL: func.func @fold_three_dim_group_aligned_offset
// NOGUARD: tensor.expand_shape
func.func @fold_three_dim_group_aligned_offset(%s: tensor<2x3x4xf32>, %t: tensor<48xf32>) -> tensor<48xf32> {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %v into %t[24] [24] [1] : tensor<24xf32> into tensor<48xf32>
  return %r : tensor<48xf32>
}

// -----

// CHECK-LABEL: func.func @fold_three_dim_group_aligned_offset_memref
// CHECK-SAME: (%[[S:.*]]: tensor<2x3x4xf32>, %[[T:.*]]: memref<48xf32>)
// CHECK-NOT: scf.if
// CHECK: %[[E:.*]] = memref.expand_shape %[[T]] {{\[}}[0, 1, 2]] output_shape [4, 3, 4]
// CHECK: %[[SV:.*]] = memref.subview %[[E]][1, 0, 0] [2, 3, 4] [1, 1, 1] : memref<4x3x4xf32> to memref<2x3x4xf32, strided<[12, 4, 1], offset: 12>>
// CHECK: bufferization.materialize_in_destination %[[S]] in restrict writable %[[SV]]
func.func @fold_three_dim_group_aligned_offset_memref(%s: tensor<2x3x4xf32>, %t: memref<48xf32>) {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %sv = memref.subview %t[12] [24] [1] : memref<48xf32> to memref<24xf32, strided<[1], offset: 12>>
  // expected-remark @+1 {{folded the reshape into the store}}
  bufferization.materialize_in_destination %v in restrict writable %sv : (tensor<24xf32>, memref<24xf32, strided<[1], offset: 12>>) -> ()
  return
}

// -----

// Must not fold: 8 is a multiple of the last dim (4) but not of the inner
// product 12, so rows of S would straddle rows of the view.
// CHECK-LABEL: func.func @no_fold_offset_aligned_to_last_dim_only
// CHECK-NOT: tensor.expand_shape
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[8] [24] [1] : tensor<24xf32> into tensor<48xf32>
func.func @no_fold_offset_aligned_to_last_dim_only(%s: tensor<2x3x4xf32>, %t: tensor<48xf32>) -> tensor<48xf32> {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  // expected-remark @+1 {{not folded: C2: offset not provably a multiple of 12 (target dim 0)}}
  %r = tensor.insert_slice %v into %t[8] [24] [1] : tensor<24xf32> into tensor<48xf32>
  return %r : tensor<48xf32>
}

// -----

// Must not fold: 40 is a multiple of 4 but not of 12 (C1).
// CHECK-LABEL: func.func @no_fold_extent_multiple_of_last_dim_only
// CHECK-NOT: tensor.expand_shape
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0] [24] [1] : tensor<24xf32> into tensor<40xf32>
func.func @no_fold_extent_multiple_of_last_dim_only(%s: tensor<2x3x4xf32>, %t: tensor<40xf32>) -> tensor<40xf32> {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  // expected-remark @+1 {{not folded: C1: the extent of target dim 0 is not provably a multiple of 12}}
  %r = tensor.insert_slice %v into %t[0] [24] [1] : tensor<24xf32> into tensor<40xf32>
  return %r : tensor<40xf32>
}

// -----

// A four-dim group with unit dims: the inner product is 1 * 3 * 1 = 3.
// CHECK-LABEL: func.func @fold_four_dim_group_unit_dims
// CHECK-SAME: (%[[S:.*]]: tensor<2x1x3x1xf32>, %[[T:.*]]: tensor<18xf32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[T]] {{\[}}[0, 1, 2, 3]] output_shape [6, 1, 3, 1]
// CHECK: tensor.insert_slice %[[S]] into %[[E]][3, 0, 0, 0] [2, 1, 3, 1] [1, 1, 1, 1]
func.func @fold_four_dim_group_unit_dims(%s: tensor<2x1x3x1xf32>, %t: tensor<18xf32>) -> tensor<18xf32> {
  %v = tensor.collapse_shape %s [[0, 1, 2, 3]] : tensor<2x1x3x1xf32> into tensor<6xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %v into %t[9] [6] [1] : tensor<6xf32> into tensor<18xf32>
  return %r : tensor<18xf32>
}

// -----

// A chain of stores: the second store's destination is the first store's
// result, which the first fold replaces and erases. The pass kept the
// destination Value it had matched and built the second view on the freed
// op (a segfault under valgrind); it now reads the destination from the live
// store, here the first fold's collapse_shape.
// CHECK-LABEL: func.func @chained_stores
// CHECK-SAME: (%[[S:.*]]: tensor<3x2xf32>, %[[U:.*]]: tensor<3x2xf32>, %[[T:.*]]: tensor<12xf32>, %[[O:.*]]: index)
// CHECK: %[[W:.*]] = tensor.collapse_shape %[[U]] {{\[}}[0, 1]]
// CHECK: %[[E1:.*]] = tensor.expand_shape %[[T]] {{\[}}[0, 1]] output_shape [6, 2]
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[S]] into %[[E1]][0, 0] [3, 2] [1, 1]
// CHECK: %[[R1:.*]] = tensor.collapse_shape %[[I1]] {{\[}}[0, 1]] : tensor<6x2xf32> into tensor<12xf32>
// CHECK: %[[OK:.*]] = arith.cmpi eq
// CHECK: %[[R2:.*]] = scf.if %[[OK]] -> (tensor<12xf32>) {
// CHECK: %[[E2:.*]] = tensor.expand_shape %[[R1]] {{\[}}[0, 1]] output_shape [6, 2]
// CHECK: tensor.insert_slice %[[U]] into %[[E2]][%{{.*}}, 0] [3, 2] [1, 1]
// CHECK: } else {
// CHECK: tensor.insert_slice %[[W]] into %[[R1]][%[[O]]] [6] [1]
// CHECK: return %[[R2]]
func.func @chained_stores(%s: tensor<3x2xf32>, %u: tensor<3x2xf32>, %t: tensor<12xf32>, %o: index) -> tensor<12xf32> {
  %v = tensor.collapse_shape %s [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %w = tensor.collapse_shape %u [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r1 = tensor.insert_slice %v into %t[0] [6] [1] : tensor<6xf32> into tensor<12xf32>
  // expected-remark @+1 {{guarded fold of the reshape into the store: 1 run-time condition}}
  %r2 = tensor.insert_slice %w into %r1[%o] [6] [1] : tensor<6xf32> into tensor<12xf32>
  return %r2 : tensor<12xf32>
}

// -----

// The twin in a chain of stores: the same lifetime, through the collapsed
// view of the destination.
// CHECK-LABEL: func.func @chained_twin_stores
// CHECK-SAME: (%[[S:.*]]: tensor<6x4xf32>, %[[T:.*]]: tensor<2x3x2x4xf32>)
// CHECK: %[[C1:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0], [1, 2], [3]]
// CHECK: %[[I1:.*]] = tensor.insert_slice %[[S]] into %[[C1]][0, 0, 0] [1, 6, 4] [1, 1, 1]
// CHECK: %[[R1:.*]] = tensor.expand_shape %[[I1]] {{\[}}[0], [1, 2], [3]] output_shape [2, 3, 2, 4]
// CHECK: %[[C2:.*]] = tensor.collapse_shape %[[R1]] {{\[}}[0], [1, 2], [3]]
// CHECK: %[[I2:.*]] = tensor.insert_slice %[[S]] into %[[C2]][1, 0, 0] [1, 6, 4] [1, 1, 1]
// CHECK: %[[R2:.*]] = tensor.expand_shape %[[I2]] {{\[}}[0], [1, 2], [3]] output_shape [2, 3, 2, 4]
// CHECK: return %[[R2]]
func.func @chained_twin_stores(%s: tensor<6x4xf32>, %t: tensor<2x3x2x4xf32>) -> tensor<2x3x2x4xf32> {
  %v = tensor.expand_shape %s [[0, 1], [2]] output_shape [3, 2, 4] : tensor<6x4xf32> into tensor<3x2x4xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r1 = tensor.insert_slice %v into %t[0, 0, 0, 0] [1, 3, 2, 4] [1, 1, 1, 1] : tensor<3x2x4xf32> into tensor<2x3x2x4xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r2 = tensor.insert_slice %v into %r1[1, 0, 0, 0] [1, 3, 2, 4] [1, 1, 1, 1] : tensor<3x2x4xf32> into tensor<2x3x2x4xf32>
  return %r2 : tensor<2x3x2x4xf32>
}

// -----

// C4: the size of a kept dim comes from S, not from the store's size
// operand: behind a cast the store writes [6, %d] where S's dim is 4, and
// copying %d into the new store gave invalid IR ("expected type to be
// 'tensor<3x2x?xf32>'").
// CHECK-LABEL: func.func @kept_dim_size_from_source
// CHECK-SAME: (%[[S:.*]]: tensor<3x2x4xf32>, %[[T:.*]]: tensor<12x4xf32>, %{{.*}}: index)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[T]] {{\[}}[0, 1], [2]] output_shape [6, 2, 4]
// CHECK: tensor.insert_slice %[[S]] into %[[E]][3, 0, 0] [3, 2, 4] [1, 1, 1] : tensor<3x2x4xf32> into tensor<6x2x4xf32>
func.func @kept_dim_size_from_source(%s: tensor<3x2x4xf32>, %t: tensor<12x4xf32>, %d: index) -> tensor<12x4xf32> {
  %v = tensor.collapse_shape %s [[0, 1], [2]] : tensor<3x2x4xf32> into tensor<6x4xf32>
  %c = tensor.cast %v : tensor<6x4xf32> to tensor<6x?xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %c into %t[6, 0] [6, %d] [1, 1] : tensor<6x?xf32> into tensor<12x4xf32>
  return %r : tensor<12x4xf32>
}

// -----

// A rank-reducing store that keeps a static unit dim is ambiguous: which
// unit dims it drops is decided differently by tensor.insert_slice, by
// bufferization and by the lowering of memref.subview (by strides). Storing
// S (2x1x2x?x2, a unit dim) with the dropped dims 0 and 4 of the view left
// implicit gave IR that the standard lowering rejects ("'memref.copy' op
// requires the same shape for all operands") although the input lowered
// (test/e2e/fold-reshape-regressions.mlir runs both). The fold now stores S
// with those unit dims made explicit, and drops nothing.
// CHECK-LABEL: func.func @explicit_unit_dims_two_groups
// CHECK-SAME: (%[[S:.*]]: tensor<2x1x2x?x2xf32>)
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: %[[E:.*]] = tensor.expand_shape %[[FILL]] {{\[}}[0], [1, 2, 3], [4], [5, 6]] output_shape [3, 2, 1, 2, %{{.*}}, %[[D:.*]], 2] : tensor<3x4x?x?xf32> into tensor<3x2x1x2x?x?x2xf32>
// CHECK: %[[S1:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1], [2], [3, 4], [5], [6]] output_shape [1, 2, 1, 2, 1, %{{.*}}, 2] : tensor<2x1x2x?x2xf32> into tensor<1x2x1x2x1x?x2xf32>
// CHECK: %[[I:.*]] = tensor.insert_slice %[[S1]] into %[[E]][1, 0, 0, 0, 1, 0, 0] [1, 2, 1, 2, 1, %[[D]], 2] [1, 1, 1, 1, 1, 1, 1] : tensor<1x2x1x2x1x?x2xf32> into tensor<3x2x1x2x?x?x2xf32>
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[I]] {{\[}}[0], [1, 2, 3], [4], [5, 6]] : tensor<3x2x1x2x?x?x2xf32> into tensor<3x4x?x?xf32>
// CHECK: return %[[R]]
func.func @explicit_unit_dims_two_groups(%s: tensor<2x1x2x?x2xf32>) -> tensor<3x4x?x?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %d = tensor.dim %s, %c3 : tensor<2x1x2x?x2xf32>
  %e = arith.muli %d, %c2 : index
  %empty = tensor.empty(%c3, %e) : tensor<3x4x?x?xf32>
  %t = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x4x?x?xf32>) -> tensor<3x4x?x?xf32>
  %v = tensor.collapse_shape %s [[0, 1, 2], [3, 4]] : tensor<2x1x2x?x2xf32> into tensor<4x?xf32>
  %n = tensor.dim %v, %c1 : tensor<4x?xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %v into %t[1, 0, 1, 0] [1, 4, 1, %n] [1, 1, 1, 1] : tensor<4x?xf32> into tensor<3x4x?x?xf32>
  return %r : tensor<3x4x?x?xf32>
}

// -----

// The same for the twin and in memory form: S (1x6) gets the dropped
// leading dim of the collapsed view explicitly.
// CHECK-LABEL: func.func @explicit_unit_dims_twin
// CHECK-SAME: (%[[S:.*]]: tensor<1x6xf32>, %[[T:.*]]: tensor<?x1x3x2xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0], [1], [2, 3]] : tensor<?x1x3x2xf32> into tensor<?x1x6xf32>
// CHECK: %[[S1:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1], [2]] output_shape [1, 1, 6] : tensor<1x6xf32> into tensor<1x1x6xf32>
// CHECK: %[[I:.*]] = tensor.insert_slice %[[S1]] into %[[C]][1, 0, 0] [1, 1, 6] [1, 1, 1] : tensor<1x1x6xf32> into tensor<?x1x6xf32>
// CHECK: tensor.expand_shape %[[I]] {{\[}}[0], [1], [2, 3]] output_shape [%{{.*}}, 1, 3, 2]
func.func @explicit_unit_dims_twin(%s: tensor<1x6xf32>, %t: tensor<?x1x3x2xf32>) -> tensor<?x1x3x2xf32> {
  %v = tensor.expand_shape %s [[0], [1, 2]] output_shape [1, 3, 2] : tensor<1x6xf32> into tensor<1x3x2xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %v into %t[1, 0, 0, 0] [1, 1, 3, 2] [1, 1, 1, 1] : tensor<1x3x2xf32> into tensor<?x1x3x2xf32>
  return %r : tensor<?x1x3x2xf32>
}

// -----

// CHECK-LABEL: func.func @explicit_unit_dims_memref
// CHECK-SAME: (%[[S:.*]]: tensor<1x3x2xf32>, %[[T:.*]]: memref<4x1x12xf32>)
// CHECK: %[[E:.*]] = memref.expand_shape %[[T]] {{\[}}[0], [1], [2, 3]] output_shape [4, 1, 6, 2]
// CHECK: %[[S1:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1], [2], [3]] output_shape [1, 1, 3, 2] : tensor<1x3x2xf32> into tensor<1x1x3x2xf32>
// CHECK: %[[SV:.*]] = memref.subview %[[E]][2, 0, 3, 0] [1, 1, 3, 2] [1, 1, 1, 1] : memref<4x1x6x2xf32> to memref<1x1x3x2xf32, strided<[12, 12, 2, 1], offset: 30>>
// CHECK: bufferization.materialize_in_destination %[[S1]] in restrict writable %[[SV]]
func.func @explicit_unit_dims_memref(%s: tensor<1x3x2xf32>, %t: memref<4x1x12xf32>) {
  %v = tensor.collapse_shape %s [[0], [1, 2]] : tensor<1x3x2xf32> into tensor<1x6xf32>
  %sv = memref.subview %t[2, 0, 6] [1, 1, 6] [1, 1, 1] : memref<4x1x12xf32> to memref<1x6xf32, strided<[12, 1], offset: 30>>
  // expected-remark @+1 {{folded the reshape into the store}}
  bufferization.materialize_in_destination %v in restrict writable %sv : (tensor<1x6xf32>, memref<1x6xf32, strided<[12, 1], offset: 30>>) -> ()
  return
}

// -----

// Without a static unit dim in S the rank reduction is unambiguous and the
// new store drops the dim itself, as before.
// CHECK-LABEL: func.func @no_unit_dim_stays_rank_reducing
// CHECK-SAME: (%[[S:.*]]: tensor<2x3x2xf32>, %[[T:.*]]: tensor<4x2x12xf32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[T]] {{\[}}[0], [1], [2, 3]] output_shape [4, 2, 6, 2]
// CHECK-NOT: tensor.expand_shape
// CHECK: tensor.insert_slice %[[S]] into %[[E]][2, 0, 3, 0] [1, 2, 3, 2] [1, 1, 1, 1] : tensor<2x3x2xf32> into tensor<4x2x6x2xf32>
func.func @no_unit_dim_stays_rank_reducing(%s: tensor<2x3x2xf32>, %t: tensor<4x2x12xf32>) -> tensor<4x2x12xf32> {
  %v = tensor.collapse_shape %s [[0], [1, 2]] : tensor<2x3x2xf32> into tensor<2x6xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  %r = tensor.insert_slice %v into %t[2, 0, 6] [1, 2, 6] [1, 1, 1] : tensor<2x6xf32> into tensor<4x2x12xf32>
  return %r : tensor<4x2x12xf32>
}

// -----

// C0: memref.subview tells its dropped unit dims apart by strides. With the
// dynamic strides of this base it drops target dims 0 and 1, pairing the
// unit dim 0 of V with target dim 2 (size %a) and V's dim 1 (%a) with target
// dim 3 (size 1): the map verifies but does not describe the store, and the
// conditions would be checked on the wrong dims. Not folded.
// CHECK-LABEL: func.func @no_fold_subview_map_by_strides
// CHECK-NOT: memref.collapse_shape
// CHECK: bufferization.materialize_in_destination %{{.*}} in restrict writable %{{.*}} : (tensor<1x?x?xf32>
func.func @no_fold_subview_map_by_strides(%s: tensor<?x?xf32>, %base: memref<3x1x?x1x?xf32>, %a: index, %b: index) {
  %v = tensor.expand_shape %s [[0, 1], [2]] output_shape [1, %a, %b] : tensor<?x?xf32> into tensor<1x?x?xf32>
  %sv = memref.subview %base[1, 0, 0, 0, 0] [1, 1, %a, 1, %b] [1, 1, 1, 1, 1] : memref<3x1x?x1x?xf32> to memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>>
  // expected-remark @+1 {{not folded: C0: the rank-reduction map pairs target dim 2 with value dim 0, whose size differs}}
  bufferization.materialize_in_destination %v in restrict writable %sv : (tensor<1x?x?xf32>, memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>>) -> ()
  return
}
