// RUN: symshape-opt %s -split-input-file --symshape-pipeline | FileCheck %s
// Bad input: unranked tensors. Nothing is known about their dims, so they
// are left alone: no symbol, no check, no rewrite of their size arithmetic.

// CHECK-LABEL: func.func @unranked_argument_left_alone
// CHECK-SAME: (%[[X:.*]]: tensor<*xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<*xf32>
// CHECK: %[[S:.*]] = arith.addi %[[D]], %{{.*}} : index
// CHECK: %[[M:.*]] = arith.maxsi %[[S]], %[[D]] : index
// CHECK: return %[[M]]
func.func @unranked_argument_left_alone(%x: tensor<*xf32> {symshape.dim_names = ["n"]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<*xf32>
  %c1 = arith.constant 1 : index
  %s = arith.addi %d, %c1 : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// -----

// CHECK-LABEL: func.func @cast_to_unranked
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[U:.*]] = tensor.cast %[[X]] : tensor<?xf32> to tensor<*xf32>
// CHECK: return %[[U]]
func.func @cast_to_unranked(%x: tensor<?xf32>) -> tensor<*xf32> {
  %u = tensor.cast %x : tensor<?xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}

// -----

// A ranked view of an unranked tensor: the dim of the cast is a size, so
// max(d + 1, d) is d + 1 (the dim is then read through the cast).
// CHECK-LABEL: func.func @cast_from_unranked
// CHECK-SAME: (%[[X:.*]]: tensor<*xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<*xf32>
// CHECK: %[[S:.*]] = arith.addi %[[D]], %{{.*}} overflow<nsw> : index
// CHECK-NOT: arith.maxsi
// CHECK: return %[[S]]
func.func @cast_from_unranked(%x: tensor<*xf32>) -> index {
  %r = tensor.cast %x : tensor<*xf32> to tensor<?x4xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %r, %c0 : tensor<?x4xf32>
  %c1 = arith.constant 1 : index
  %s = arith.addi %d, %c1 : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// -----

// CHECK-LABEL: func.func @unranked_rank_left_alone
// CHECK: %[[R:.*]] = tensor.rank %{{.*}} : tensor<*xf32>
// CHECK: return %[[R]]
func.func @unranked_rank_left_alone(%x: tensor<*xf32>) -> index {
  %r = tensor.rank %x : tensor<*xf32>
  return %r : index
}
