// RUN: downstream-opt %s --dstream-lower-stores --symshape-fold-reshape-into-store=explain -verify-diagnostics -split-input-file | FileCheck %s

// symshape's reshape-into-store fold on dstream stores: the store is lowered
// to the memory form the fold handles, whose remarks land on the store. The
// fold reads the binding's dims through dstream.tie_shape and offsets' and
// extents' divisors from dstream.assume.

// The IREE miscompile shape (a ?x2 source flattened and stored as column 1
// of a binding, sizes [%d, 1]): with the binding's row count unknown, the
// fold is refused. The miscompiled fold stored the source contiguously with
// sizes [%d, 2].
// CHECK-LABEL: func.func @no_fold_iree_column_store_untied
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape
// CHECK: %[[SV:.*]] = memref.subview %{{.*}}[0, 1] [%{{.*}}, 1] [1, 1] : memref<?x3xi32> to memref<?xi32, strided<[3], offset: 1>>
// CHECK: bufferization.materialize_in_destination %[[FLAT]] in restrict writable %[[SV]]
// CHECK-NOT: memref.expand_shape
// CHECK-NOT: [%{{.*}}, 2] [1, 1]
func.func @no_fold_iree_column_store_untied(%src: tensor<?x2xi32>, %out: memref<?x3xi32>) {
  %c0 = arith.constant 0 : index
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  // expected-remark @+1 {{not folded: C1: the extent of target dim 0 is not provably a multiple of 2}}
  dstream.dispatch.store %flat, %out, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  return
}

// -----

// The same store into a binding tied to 2 n rows: folded, the source
// stored as n x 2 into column 1 of the binding viewed as n x 2 x 3 (the
// dropped column dim keeps its own index). The store is full along the
// rows, so n comes from the source.
// CHECK-LABEL: func.func @iree_column_store_tied
// CHECK-SAME: (%[[SRC:.*]]: tensor<?x2xi32>, %[[OUT:.*]]: memref<?x3xi32>)
// CHECK: %[[T:.*]] = dstream.tie_shape %[[OUT]]
// CHECK: %[[N:.*]] = tensor.dim %[[SRC]], %{{.*}} : tensor<?x2xi32>
// CHECK: %[[E:.*]] = memref.expand_shape %[[T]] {{\[}}[0, 1], [2]] output_shape [%[[N]], 2, 3] : memref<?x3xi32> into memref<?x2x3xi32>
// CHECK: %[[SV:.*]] = memref.subview %[[E]][0, 0, 1] [%[[N]], 2, 1] [1, 1, 1] : memref<?x2x3xi32> to memref<?x2xi32, strided<[6, 3], offset: 1>>
// CHECK: bufferization.materialize_in_destination %[[SRC]] in restrict writable %[[SV]]
// CHECK-NOT: [%{{.*}}, 2] [1, 1]
func.func @iree_column_store_tied(%src: tensor<?x2xi32>, %out: memref<?x3xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %src, %c0 : tensor<?x2xi32>
  %rows = arith.muli %n, %c2 : index
  %binding = dstream.tie_shape %out : memref<?x3xi32>{%rows}
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  // expected-remark @+1 {{folded the reshape into the store}}
  dstream.dispatch.store %flat, %binding, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  return
}

// -----

// The row count is only assumed even (IREE's util.assume.int): folded; the
// store is not provably full, so the view's outer extent is rows / 2.
// CHECK-LABEL: func.func @iree_column_store_assumed
// CHECK: %[[T:.*]] = dstream.tie_shape
// CHECK: %[[R:.*]] = memref.dim %[[T]], %{{.*}} : memref<?x3xi32>
// CHECK: %[[H:.*]] = arith.divui %[[R]], %{{.*}} : index
// CHECK: memref.expand_shape %[[T]] {{\[}}[0, 1], [2]] output_shape [%[[H]], 2, 3]
// CHECK: memref.subview %{{.*}}[0, 0, 1] [%{{.*}}, 2, 1] [1, 1, 1]
func.func @iree_column_store_assumed(%src: tensor<?x2xi32>, %out: memref<?x3xi32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %even = dstream.assume %rows min 0 divisor 2 : index
  %binding = dstream.tie_shape %out : memref<?x3xi32>{%even}
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  // expected-remark @+1 {{folded the reshape into the store}}
  dstream.dispatch.store %flat, %binding, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  return
}

// -----

// A binding tied to 2 n + 1 rows: not a multiple of 2, not folded.
// CHECK-LABEL: func.func @no_fold_iree_column_store_odd_rows
// CHECK-NOT: memref.expand_shape
func.func @no_fold_iree_column_store_odd_rows(%src: tensor<?x2xi32>, %out: memref<?x3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %src, %c0 : tensor<?x2xi32>
  %twice = arith.muli %n, %c2 : index
  %rows = arith.addi %twice, %c1 : index
  %binding = dstream.tie_shape %out : memref<?x3xi32>{%rows}
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  // expected-remark @+1 {{not folded: C1: the extent of target dim 0 is not provably a multiple of 2}}
  dstream.dispatch.store %flat, %binding, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  return
}

// -----

// A 2x3 block flattened into one row of a 4x12 binding (the row dim
// dropped). At an opaque column offset the fold is guarded by a run-time
// alignment check; an offset assumed a multiple of 3 folds outright; a
// constant offset of 1 is refused.
// CHECK-LABEL: func.func @row_store_opaque_offset
// CHECK: scf.if
// CHECK: memref.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, 4, 3]
// CHECK: } else {
func.func @row_store_opaque_offset(%src: tensor<2x3xi32>, %out: memref<4x12xi32>, %r: index, %o: index) {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  // expected-remark @+1 {{guarded fold of the reshape into the store: 1 run-time condition}}
  dstream.dispatch.store %flat, %out, offsets = [%r, %o], sizes = [1, 6], strides = [1, 1]
      : tensor<6xi32> -> memref<4x12xi32>
  return
}

// CHECK-LABEL: func.func @row_store_assumed_offset
// CHECK-SAME: (%[[SRC:.*]]: tensor<2x3xi32>, %[[OUT:.*]]: memref<4x12xi32>, %[[R:.*]]: index, %[[O:.*]]: index)
// CHECK-NOT: scf.if
// CHECK: %[[A:.*]] = dstream.assume %[[O]] min 0 divisor 3 : index
// CHECK: %[[Q:.*]] = arith.divui %[[A]], %{{.*}} : index
// CHECK: %[[E:.*]] = memref.expand_shape %[[OUT]] {{\[}}[0], [1, 2]] output_shape [4, 4, 3]
// CHECK: memref.subview %[[E]][%[[R]], %[[Q]], 0] [1, 2, 3] [1, 1, 1]
// CHECK: bufferization.materialize_in_destination %[[SRC]]
func.func @row_store_assumed_offset(%src: tensor<2x3xi32>, %out: memref<4x12xi32>, %r: index, %o: index) {
  %aligned = dstream.assume %o min 0 divisor 3 : index
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  // expected-remark @+1 {{folded the reshape into the store}}
  dstream.dispatch.store %flat, %out, offsets = [%r, %aligned], sizes = [1, 6], strides = [1, 1]
      : tensor<6xi32> -> memref<4x12xi32>
  return
}

// CHECK-LABEL: func.func @no_fold_row_store_unaligned_offset
// CHECK-NOT: memref.expand_shape
func.func @no_fold_row_store_unaligned_offset(%src: tensor<2x3xi32>, %out: memref<4x12xi32>, %r: index) {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  // expected-remark @+1 {{not folded: C2: offset not provably a multiple of 3 (target dim 1)}}
  dstream.dispatch.store %flat, %out, offsets = [%r, 1], sizes = [1, 6], strides = [1, 1]
      : tensor<6xi32> -> memref<4x12xi32>
  return
}

// -----

// A strided store: not folded (C7).
// CHECK-LABEL: func.func @no_fold_strided_store
// CHECK-NOT: memref.expand_shape
func.func @no_fold_strided_store(%src: tensor<2x3xi32>, %out: memref<4x12xi32>) {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  // expected-remark @+1 {{not folded: C7: stride of dim 1 is not 1}}
  dstream.dispatch.store %flat, %out, offsets = [0, 0], sizes = [1, 6], strides = [1, 2]
      : tensor<6xi32> -> memref<4x12xi32>
  return
}
