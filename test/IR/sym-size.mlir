// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s
// RUN: symshape-opt %s --mlir-print-op-generic | symshape-opt | FileCheck %s

// CHECK-LABEL: func.func @sizes
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32>)
func.func @sizes(%x: tensor<?x?x4xf32>) -> (index, index, index) {
  // CHECK: symshape.sym_size %[[X]], 0 : tensor<?x?x4xf32>
  %0 = symshape.sym_size %x, 0 : tensor<?x?x4xf32>
  // CHECK: symshape.sym_size %[[X]], 1 : tensor<?x?x4xf32>
  %1 = symshape.sym_size %x, 1 : tensor<?x?x4xf32>
  // A static dim is still a valid operand before folding.
  // CHECK: symshape.sym_size %[[X]], 2 : tensor<?x?x4xf32>
  %2 = symshape.sym_size %x, 2 : tensor<?x?x4xf32>
  return %0, %1, %2 : index, index, index
}

// Tensors with an encoding are ranked tensors too.
// CHECK-LABEL: func.func @encoded
// CHECK: symshape.sym_size %{{.*}}, 0 : tensor<?xf32, "enc">
func.func @encoded(%x: tensor<?xf32, "enc">) -> index {
  %0 = symshape.sym_size %x, 0 : tensor<?xf32, "enc">
  return %0 : index
}
