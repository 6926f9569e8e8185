// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s
// RUN: symshape-opt %s --mlir-print-op-generic | symshape-opt | FileCheck %s

// CHECK-LABEL: func.func @max_min
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
func.func @max_min(%a: index, %b: index) -> (index, index) {
  // CHECK: symshape.sym_max %[[A]], %[[B]] : index
  %m = symshape.sym_max %a, %b : index
  // CHECK: symshape.sym_min %[[A]], %[[B]] : index
  %n = symshape.sym_min %a, %b : index
  return %m, %n : index, index
}

// The DESIGN's first failure: max(x.shape[0], y.shape[0]) must stay symbolic.
// CHECK-LABEL: func.func @max_of_dims
// CHECK: %[[X0:.*]] = symshape.sym_size %{{.*}}, 0
// CHECK: %[[Y0:.*]] = symshape.sym_size %{{.*}}, 0
// CHECK: symshape.sym_max %[[X0]], %[[Y0]] : index
func.func @max_of_dims(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> index {
  %x0 = symshape.sym_size %x, 0 : tensor<?x?xf32>
  %y0 = symshape.sym_size %y, 0 : tensor<?x?xf32>
  %m = symshape.sym_max %x0, %y0 : index
  return %m : index
}
