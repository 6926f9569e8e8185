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

// -----

// Must not fire: recomputing the min as max(t, 1)'s quotient minus 1, in
// index, would widen %t, which a narrowing index_cast made, back to index:
// MLIR folds index_cast(index_cast(%v : index to i32) : i32 to index) to %v
// and drops the truncation (with %v = 2^32 - 1 the program computed 0 for
// -1; seed 66 program 1384). The min stays.
// CHECK-LABEL: func.func @recompute_widens_narrowed
// CHECK: %[[T:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK-NOT: arith.index_cast %[[T]] : i32 to index
// CHECK: affine.min
func.func @recompute_widens_narrowed(%v: index) -> index {
  %c1 = arith.constant 1 : i32
  %t = arith.index_cast %v : index to i32
  %m = arith.maxsi %t, %c1 : i32
  %q = arith.divsi %c1, %m : i32
  %w = arith.index_cast %q : i32 to index
  %r = affine.min affine_map<()[s0] -> (s0 - 1, s0 + 3)>()[%w]
  return %r : index
}

// -----

// Must fire: the same recomputation where the narrow value is an argument
// (no narrowing cast to undo): the min becomes the quotient minus 1.
// CHECK-LABEL: func.func @recompute_narrow_argument
// CHECK-NOT: affine.min
// CHECK: arith.index_cast %arg0 : i32 to index
// CHECK: arith.floordivsi
func.func @recompute_narrow_argument(%t: i32) -> index {
  %c1 = arith.constant 1 : i32
  %m = arith.maxsi %t, %c1 : i32
  %q = arith.divsi %c1, %m : i32
  %w = arith.index_cast %q : i32 to index
  %r = affine.min affine_map<()[s0] -> (s0 - 1, s0 + 3)>()[%w]
  return %r : index
}
