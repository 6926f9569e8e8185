// RUN: downstream-opt %s | FileCheck %s
// RUN: downstream-opt %s --mlir-print-op-generic | downstream-opt | FileCheck %s

// The dstream ops round-trip.

// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[X:.*]]: tensor<?x2xi32>, %[[OUT:.*]]: memref<?x3xi32>, %[[N:.*]]: index, %[[R:.*]]: index)
// CHECK: %[[A:.*]] = dstream.assume %[[R]] min 0 max 1024 divisor 2 : index
// CHECK: %[[B:.*]] = dstream.assume %[[N]] min 1 : index
// CHECK: dstream.assume %[[N]] : index
// CHECK: %[[T:.*]] = dstream.tie_shape %[[X]] : tensor<?x2xi32>{%[[B]]}
// CHECK: %[[O:.*]] = dstream.tie_shape %[[OUT]] : memref<?x3xi32>{%[[A]]}
// CHECK: %[[F:.*]] = tensor.collapse_shape %[[T]]
// CHECK: dstream.dispatch.store %[[F]], %[[O]], offsets = [0, 1], sizes = [%{{.*}}, 1], strides = [1, 1] : tensor<?xi32> -> memref<?x3xi32>
// CHECK: dstream.dispatch.store %[[X]], %[[O]], offsets = [%[[N]], 0], sizes = [%[[B]], 2], strides = [1, 1] : tensor<?x2xi32> -> memref<?x3xi32>
func.func @ops(%x: tensor<?x2xi32>, %out: memref<?x3xi32>, %n: index, %r: index) {
  %c0 = arith.constant 0 : index
  %rows = dstream.assume %r min 0 max 1024 divisor 2 : index
  %m = dstream.assume %n min 1 : index
  %unbounded = dstream.assume %n : index
  %t = dstream.tie_shape %x : tensor<?x2xi32>{%m}
  %o = dstream.tie_shape %out : memref<?x3xi32>{%rows}
  %flat = tensor.collapse_shape %t [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  dstream.dispatch.store %flat, %o, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  dstream.dispatch.store %x, %o, offsets = [%n, 0], sizes = [%m, 2], strides = [1, 1]
      : tensor<?x2xi32> -> memref<?x3xi32>
  return
}
