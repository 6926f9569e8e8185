// RUN: symshape-opt %s --symshape-simplify --split-input-file | FileCheck %s

// A decision that would put a narrowing index_cast right before a cast back
// to the wider type is not applied: MLIR's canonicalization folds such a
// round trip to its source and drops the truncation. Must not fire: the i32
// min(max(t1, t2), t2) is t2, but the result is cast back to index.
// CHECK-LABEL: func.func @cast_back
// CHECK: arith.minsi
// CHECK: arith.index_cast %{{.*}} : i32 to index
func.func @cast_back(%x: tensor<?xf32>, %v: index) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %t1 = arith.index_cast %v : index to i32
  %t2 = arith.index_cast %d : index to i32
  %m = arith.maxsi %t1, %t2 : i32
  %n = arith.minsi %m, %t2 : i32
  %r = arith.index_cast %n : i32 to index
  return %r : index
}

// -----

// Must fire: the same decision where nothing casts the result back.
// CHECK-LABEL: func.func @stays_narrow
// CHECK-NOT: arith.minsi
// CHECK: %[[T2:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: return %[[T2]]
func.func @stays_narrow(%x: tensor<?xf32>, %v: index) -> i32 {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %t1 = arith.index_cast %v : index to i32
  %t2 = arith.index_cast %d : index to i32
  %m = arith.maxsi %t1, %t2 : i32
  %n = arith.minsi %m, %t2 : i32
  return %n : i32
}
