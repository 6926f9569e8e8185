// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>/dev/null | FileCheck %s
// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// Bad input: sizes and integers near 2^62 and at the int64 extremes. Size
// arithmetic may assume no overflow below 2^62 only; integer unknowns get no
// such assumption; a declared size range past 2^62 is a located error.

// A size in [2^62 - 4, 2^62 - 1]: max(2 * d, d) -> 2 * d (fits in int64).
// CHECK-LABEL: func.func @size_just_below_2_62
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 0 of arg 0 of @size_just_below_2_62) must be in [4611686018427387900, 4611686018427387903]"
// CHECK: %[[R:.*]] = arith.muli %[[D]], %[[C2]] overflow<nsw> : index
// CHECK-NOT: arith.maxsi
// CHECK: return %[[R]]
// The next two functions are errors and print nothing.
// CHECK-NOT: @size_range_at_int64_max
// CHECK-NOT: @symbol_range_from_2_62
func.func @size_just_below_2_62(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[4611686018427387900, 4611686018427387903]>]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %s = arith.addi %d, %d : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// -----

// A declared size range with nothing below 2^62: located error, no output.
// ERR: size-limits.mlir:[[@LINE+1]]:36: error: 'symshape.symbol' op a size symbol's range must admit a size below 2^62 (the no-overflow assumption), got lower bound 9223372036854775807
func.func @size_range_at_int64_max(%x: tensor<?xf32> {symshape.dim_names = ["m"], symshape.dim_ranges = [#symshape.range<[9223372036854775807, 9223372036854775807]>]}) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %s = arith.addi %d, %c1 : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// -----

// ERR: size-limits.mlir:[[@LINE+2]]:8: error: 'symshape.symbol' op a size symbol's range must admit a size below 2^62 (the no-overflow assumption), got lower bound 4611686018427387904
func.func @symbol_range_from_2_62(%x: tensor<?xf32>) -> index {
  %n = symshape.symbol "n" range [4611686018427387904, inf] : index
  symshape.bind_shape %x, [%n] : tensor<?xf32> = (s0)
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %s = arith.addi %d, %d : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// -----

// A static dim near int64 max: d + 2 wraps, so max(d + 2, d) is d (as
// arith.maxsi computes it), never d + 2.
// CHECK-LABEL: func.func @static_dim_near_int64_max
// CHECK: %[[C:.*]] = arith.constant 9223372036854775806 : index
// CHECK-NEXT: return %[[C]]
func.func @static_dim_near_int64_max(%x: tensor<9223372036854775806xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<9223372036854775806xf32>
  %s = arith.addi %d, %c2 : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// -----

// An integer unknown at int64 min: r - 1 wraps, min(r - 1, r) stays.
// CHECK-LABEL: func.func @integer_at_int64_min
// CHECK-SAME: (%[[V:.*]]: index)
// CHECK: cf.assert %{{.*}}, "symshape: constrained value arg0 must be in [-9223372036854775808, -9223372036854775808]"
// CHECK: %[[S:.*]] = arith.subi %[[V]], %{{.*}} : index
// CHECK: %[[M:.*]] = arith.minsi %[[S]], %[[V]] : index
// CHECK: return %[[M]]
func.func @integer_at_int64_min(%v: index) -> index {
  %r = symshape.constrain_range %v [-9223372036854775808, -9223372036854775808] : index
  %c1 = arith.constant 1 : index
  %s = arith.subi %r, %c1 : index
  %m = arith.minsi %s, %r : index
  return %m : index
}

// -----

// An integer unknown past 2^62: 2 * r wraps; neither the product (no nsw)
// nor the comparison is touched.
// CHECK-LABEL: func.func @integer_past_2_62
// CHECK-SAME: (%[[V:.*]]: index)
// CHECK: cf.assert %{{.*}}, "symshape: constrained value arg0 must be in [4611686018427387905, inf]"
// CHECK: %[[P:.*]] = arith.muli %[[V]], %{{.*}} : index
// CHECK-NOT: overflow
// CHECK: %[[B:.*]] = arith.cmpi sgt, %[[P]]
// CHECK: arith.select %[[B]], %[[P]]
func.func @integer_past_2_62(%v: index) -> index {
  %r = symshape.constrain_range %v [4611686018427387905, inf] : index
  %c2 = arith.constant 2 : index
  %s = arith.muli %r, %c2 : index
  %c0 = arith.constant 0 : index
  %p = arith.cmpi sgt, %s, %c0 : index
  %z = arith.select %p, %s, %c0 : index
  return %z : index
}
