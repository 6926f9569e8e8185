// RUN: downstream-opt %s --dstream-lower-stores --split-input-file | FileCheck %s --check-prefix=STORES
// RUN: downstream-opt %s --dstream-lower-assumptions --split-input-file | FileCheck %s --check-prefix=ASSERT
// RUN: downstream-opt %s --dstream-lower-assumptions=checks=none --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: not downstream-opt %s --dstream-lower-assumptions=checks=maybe --split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// dstream-lower-stores: a store into a memref.subview of the target that
// receives the value through bufferization.materialize_in_destination; the
// rank reduction (here the leading row dropped) is the store's own.
// STORES-LABEL: func.func @store
// STORES-SAME: (%[[V:.*]]: tensor<?x4xf32>, %[[OUT:.*]]: memref<8x?x4xf32>, %[[N:.*]]: index, %[[O:.*]]: index)
// STORES: %[[SV:.*]] = memref.subview %[[OUT]][%[[O]], 0, 0] [1, %[[N]], 4] [1, 1, 1] : memref<8x?x4xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// STORES: bufferization.materialize_in_destination %[[V]] in restrict writable %[[SV]] : (tensor<?x4xf32>, memref<?x4xf32, strided<[4, 1], offset: ?>>) -> ()
// STORES-NOT: dstream.dispatch.store
func.func @store(%v: tensor<?x4xf32>, %out: memref<8x?x4xf32>, %n: index, %o: index) {
  dstream.dispatch.store %v, %out, offsets = [%o, 0, 0], sizes = [1, %n, 4], strides = [1, 1, 1]
      : tensor<?x4xf32> -> memref<8x?x4xf32>
  return
}

// -----

// The store keeps the value's unit dim at target dim 0 and drops dim 1;
// memref.subview, which tells dropped unit dims apart by strides (all
// dynamic here), would drop dim 0 and pair value dim 1 with target dim 3,
// of size 1. The value is stored with the dropped dims made explicit.
// STORES-LABEL: func.func @store_ambiguous_unit_dims
// STORES-SAME: (%[[V:.*]]: tensor<1x?x?xf32>, %[[BASE:.*]]: memref<3x1x?x1x?xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// STORES: %[[D1:.*]] = tensor.dim %[[V]], %{{.*}} : tensor<1x?x?xf32>
// STORES: %[[D2:.*]] = tensor.dim %[[V]], %{{.*}} : tensor<1x?x?xf32>
// STORES: %[[E:.*]] = tensor.expand_shape %[[V]] {{\[}}[0], [1, 2], [3, 4]] output_shape [1, 1, %[[D1]], 1, %[[D2]]] : tensor<1x?x?xf32> into tensor<1x1x?x1x?xf32>
// STORES: %[[SV:.*]] = memref.subview %[[BASE]][1, 0, 0, 0, 0] [1, 1, %[[A]], 1, %[[B]]] [1, 1, 1, 1, 1] : memref<3x1x?x1x?xf32> to memref<1x1x?x1x?xf32, strided<[?, ?, ?, ?, 1], offset: ?>>
// STORES: bufferization.materialize_in_destination %[[E]] in restrict writable %[[SV]]
func.func @store_ambiguous_unit_dims(%v: tensor<1x?x?xf32>, %base: memref<3x1x?x1x?xf32>, %a: index, %b: index) {
  dstream.dispatch.store %v, %base, offsets = [1, 0, 0, 0, 0], sizes = [1, 1, %a, 1, %b], strides = [1, 1, 1, 1, 1]
      : tensor<1x?x?xf32> -> memref<3x1x?x1x?xf32>
  return
}

// -----

// dstream-lower-assumptions: a tie is erased (its uses take its operand);
// an assumption becomes symshape.constrain_range (checks=assert), which
// symshape-lower turns into a run-time check, or is dropped (checks=none).
// ASSERT-LABEL: func.func @assumptions
// ASSERT-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[N:.*]]: index)
// ASSERT: %[[A:.*]] = symshape.constrain_range %[[N]] [1, 64] multiple_of 8 : index
// ASSERT: %[[B:.*]] = symshape.constrain_range %[[N]] [-inf, 100] : index
// ASSERT-NOT: dstream.
// ASSERT: tensor.dim %[[X]]
// ASSERT: return %{{.*}}, %[[B]]
// NONE-LABEL: func.func @assumptions
// NONE-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[N:.*]]: index)
// NONE-NOT: symshape.
// NONE-NOT: dstream.
// NONE: tensor.dim %[[X]]
// NONE: return %{{.*}}, %[[N]]
// BAD: for the --checks option: Cannot find option named 'maybe'!
func.func @assumptions(%x: tensor<?x4xf32>, %n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %a = dstream.assume %n min 1 max 64 divisor 8 : index
  %b = dstream.assume %n max 100 : index
  %t = dstream.tie_shape %x : tensor<?x4xf32>{%a}
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  return %d, %b : index, index
}
