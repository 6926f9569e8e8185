// RUN: downstream-opt %s --downstream-pipeline="explain" -verify-diagnostics | FileCheck %s
// RUN: downstream-opt %s --downstream-pipeline="checks=none" | FileCheck %s --check-prefix=NONE
// The same pipeline spelled as a pass pipeline, nested in the module.
// RUN: downstream-opt %s --pass-pipeline="builtin.module(downstream-pipeline{checks=none})" | FileCheck %s --check-prefix=NONE

// downstream-pipeline: dstream-lower-stores, cse, symshape-simplify and
// symshape-fold-reshape-into-store on the dstream ops (facts from their
// models), dstream-lower-assumptions, then symshape-pipeline. Upstream ops
// out; each remark once.

// CHECK-LABEL: func.func @dispatch
// CHECK-SAME: (%[[SRC:.*]]: tensor<?x2xf32>, %[[OUT:.*]]: memref<?x3xf32>, %[[ROWS:.*]]: index, %[[K:.*]]: index)
// The assumptions are checked at the entry.
// CHECK: cf.assert %{{.*}}, "symshape: constrained value arg2 must be a multiple of 2"
// CHECK: cf.assert %{{.*}}, "symshape: constrained value arg3 must be in [1, 16]"
// The max is gone, the reshape folded into the column store.
// CHECK-NOT: arith.maxsi
// CHECK-NOT: tensor.collapse_shape
// CHECK: memref.expand_shape %[[OUT]] {{\[}}[0, 1], [2]]
// CHECK: memref.subview %{{.*}}[0, 0, 1] [%{{.*}}, 2, 1] [1, 1, 1]
// CHECK: bufferization.materialize_in_destination %[[SRC]]
// CHECK-NOT: dstream.
// CHECK-NOT: symshape.
// CHECK: return %[[K]]

// NONE-LABEL: func.func @dispatch
// NONE-NOT: cf.assert
// NONE-NOT: arith.maxsi
// NONE: memref.expand_shape
// NONE-NOT: dstream.
// NONE-NOT: symshape.
// NONE: return
func.func @dispatch(%src: tensor<?x2xf32>, %out: memref<?x3xf32>, %rows: index, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %even = dstream.assume %rows min 0 divisor 2 : index
  %ka = dstream.assume %k min 1 max 16 : index
  // expected-remark @+1 {{decided max(arg3, 1) = arg3: proven 1 <= arg3}}
  %m = arith.maxsi %ka, %c1 : index
  %binding = dstream.tie_shape %out : memref<?x3xf32>{%even}
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xf32> into tensor<?xf32>
  %d = tensor.dim %flat, %c0 : tensor<?xf32>
  // expected-remark @+1 {{folded the reshape into the store}}
  dstream.dispatch.store %flat, %binding, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xf32> -> memref<?x3xf32>
  return %m : index
}
