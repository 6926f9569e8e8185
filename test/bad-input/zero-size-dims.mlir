// RUN: symshape-opt %s -split-input-file --symshape-pipeline | FileCheck %s
// Bad input: dims of size 0. A product with a 0 dim is 0; a division or
// remainder by a 0 dim is undefined at run time and is left as it is
// (never folded to a number, never raised to an exact division).

// CHECK-LABEL: func.func @zero_dim_product_and_division
// CHECK-SAME: (%[[X:.*]]: tensor<0x?xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK: %[[Q:.*]] = arith.floordivsi %[[D1]], %[[C0]] : index
// CHECK-NEXT: return %[[Q]]
func.func @zero_dim_product_and_division(%x: tensor<0x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<0x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<0x?xf32>
  %p = arith.muli %d0, %d1 : index
  %q = arith.floordivsi %d1, %d0 : index
  %r = arith.addi %p, %q : index
  return %r : index
}

// -----

// CHECK-LABEL: func.func @zero_dim_remainder_and_ceildiv
// CHECK-SAME: (%[[X:.*]]: tensor<?x0xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[M:.*]] = arith.remsi %[[D]], %[[C0]] : index
// CHECK: %[[C:.*]] = arith.ceildivsi %[[D]], %[[C0]] : index
// CHECK: %[[R:.*]] = arith.addi %[[M]], %[[C]] : index
// CHECK: return %[[R]]
func.func @zero_dim_remainder_and_ceildiv(%x: tensor<?x0xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x0xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x0xf32>
  %m = arith.remsi %d0, %d1 : index
  %c = arith.ceildivsi %d0, %d1 : index
  %r = arith.addi %m, %c : index
  return %r : index
}

// -----

// Collapsing ?x0 gives 0 elements whatever the ?.
// CHECK-LABEL: func.func @zero_dim_collapse
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: cf.assert {{.*}}below 2^62
// CHECK-NEXT: return %[[C0]]
func.func @zero_dim_collapse(%x: tensor<?x0xf32>) -> index {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x0xf32> into tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %c, %c0 : tensor<?xf32>
  return %d : index
}

// -----

// An empty slice at the end of a dim is left as it is.
// CHECK-LABEL: func.func @zero_size_slice_at_end
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][%[[D]], 0] [0, 4] [1, 1] : tensor<?x4xf32> to tensor<0x4xf32>
// CHECK: return %[[S]]
func.func @zero_size_slice_at_end(%x: tensor<?x4xf32>) -> tensor<0x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x4xf32>
  %s = tensor.extract_slice %x[%d, 0] [0, 4] [1, 1] : tensor<?x4xf32> to tensor<0x4xf32>
  return %s : tensor<0x4xf32>
}

// -----

// A 0 extent next to a dynamic one: the dynamic dim of the result is the
// size it was created with.
// CHECK-LABEL: func.func @empty_with_zero_dim
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x0xf32>
// CHECK-NEXT: return %[[E]]
func.func @empty_with_zero_dim(%n: index) -> tensor<?x0xf32> {
  %e = tensor.empty(%n) : tensor<?x0xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %e, %c0 : tensor<?x0xf32>
  %f = tensor.empty(%d) : tensor<?x0xf32>
  return %f : tensor<?x0xf32>
}
