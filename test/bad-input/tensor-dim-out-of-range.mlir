// RUN: symshape-opt %s -split-input-file --symshape-pipeline | FileCheck %s
// RUN: symshape-opt %s -split-input-file --symshape-infer --symshape-simplify | FileCheck %s --check-prefix=RAISE
// Bad input: tensor.dim / memref.dim with a constant index outside the rank.
// Valid IR, undefined at run time: never raised to symshape.sym_size (whose
// verifier would reject it), never folded, never used as a size fact.

// CHECK-LABEL: func.func @dim_past_rank
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C2]] : tensor<?x4xf32>
// CHECK: %[[S:.*]] = arith.addi %[[D]], %[[C1]] : index
// CHECK: %[[M:.*]] = arith.maxsi %[[S]], %[[D]] : index
// CHECK: return %[[M]]
// RAISE-LABEL: func.func @dim_past_rank
// RAISE-NOT: symshape.sym_size
// RAISE: tensor.dim %{{.*}}, %{{.*}} : tensor<?x4xf32>
// RAISE-NOT: symshape.sym_size
func.func @dim_past_rank(%x: tensor<?x4xf32>) -> index {
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c2 : tensor<?x4xf32>
  %c1 = arith.constant 1 : index
  %s = arith.addi %d, %c1 : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// -----

// CHECK-LABEL: func.func @dim_negative
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[C:.*]] = arith.constant -1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C]] : tensor<?x4xf32>
// CHECK: return %[[D]]
// RAISE-LABEL: func.func @dim_negative
// RAISE-NOT: symshape.sym_size
func.func @dim_negative(%x: tensor<?x4xf32>) -> index {
  %c = arith.constant -1 : index
  %d = tensor.dim %x, %c : tensor<?x4xf32>
  return %d : index
}

// -----

// The out-of-range dim feeds a tensor.empty: the dim of that tensor is the
// value it was built from (no fact about the bad dim is invented).
// CHECK-LABEL: func.func @dim_int64_max_feeds_empty
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[C:.*]] = arith.constant 9223372036854775807 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C]] : tensor<?x4xf32>
// CHECK-NEXT: return %[[D]]
// RAISE-LABEL: func.func @dim_int64_max_feeds_empty
// RAISE: tensor.dim %{{.*}}, %{{.*}} : tensor<?x4xf32>
func.func @dim_int64_max_feeds_empty(%x: tensor<?x4xf32>) -> index {
  %c = arith.constant 9223372036854775807 : index
  %d = tensor.dim %x, %c : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d2 = tensor.dim %e, %c0 : tensor<?xf32>
  return %d2 : index
}

// -----

// Past the rank of a static tensor: not folded to any of its sizes.
// CHECK-LABEL: func.func @dim_past_static_rank
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<2x3xf32>
// CHECK: return %[[D]]
func.func @dim_past_static_rank(%x: tensor<2x3xf32>) -> index {
  %c5 = arith.constant 5 : index
  %d = tensor.dim %x, %c5 : tensor<2x3xf32>
  return %d : index
}

// -----

// CHECK-LABEL: func.func @memref_dim_past_rank
// CHECK: %[[D:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?xf32>
// CHECK: return %[[D]]
func.func @memref_dim_past_rank(%x: memref<?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c1 : memref<?xf32>
  return %d : index
}

// -----

// Inside an scf.if: the branch with the bad dim is left alone, the other
// branch is still simplified.
// CHECK-LABEL: func.func @dim_past_rank_in_branch
// CHECK: scf.if
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK: arith.maxsi
// CHECK: else
// CHECK-NOT: arith.maxsi
// CHECK: return
func.func @dim_past_rank_in_branch(%x: tensor<?xf32>, %c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> index {
    %d = tensor.dim %x, %c1 : tensor<?xf32>
    %s = arith.addi %d, %c1 : index
    %m = arith.maxsi %s, %d : index
    scf.yield %m : index
  } else {
    %d = tensor.dim %x, %c0 : tensor<?xf32>
    %s = arith.addi %d, %c1 : index
    %m = arith.maxsi %s, %d : index
    scf.yield %m : index
  }
  return %r : index
}
