// RUN: symshape-opt %s --symshape-simplify --split-input-file | FileCheck %s

// The simplification rules of docs/Dialect.md, each with its negative twin.

// max(s, s + 1) -> s + 1.
// CHECK-LABEL: func.func @max_of_successor
// CHECK: %[[S:.*]] = symshape.symbol "s"
// CHECK: %[[S1:.*]] = symshape.apply s0 + 1 (%[[S]])
// CHECK-NOT: symshape.sym_max
// CHECK: return %[[S1]]
func.func @max_of_successor() -> index {
  %s = symshape.symbol "s" : index
  %s1 = symshape.apply s0 + 1 (%s) : index
  %m = symshape.sym_max %s, %s1 : index
  return %m : index
}

// -----

// min(s0, max(s0, s2)) -> s0, while max(s0, s2) stays (DESIGN 1.1: the slice
// z[:x0] of z = zeros(max(x0, y0))).
// CHECK-LABEL: func.func @min_of_max
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK: %[[X0:.*]] = symshape.sym_size %[[X]], 0
// CHECK: %[[Y0:.*]] = symshape.sym_size %[[Y]], 0
// CHECK: %[[M:.*]] = symshape.sym_max %[[X0]], %[[Y0]]
// CHECK-NOT: symshape.sym_min
// CHECK: return %[[X0]], %[[M]]
func.func @min_of_max(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (index, index) {
  %x0 = symshape.sym_size %x, 0 : tensor<?xf32>
  %y0 = symshape.sym_size %y, 0 : tensor<?xf32>
  %m = symshape.sym_max %x0, %y0 : index
  %r = symshape.sym_min %x0, %m : index
  return %r, %m : index, index
}

// -----

// ((5 * b) * 7) floordiv 5 -> 7 * b, in ordinary arith on a size.
// CHECK-LABEL: func.func @exact_division
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[R:.*]] = arith.muli %[[D]], %[[C7]] overflow<nsw> : index
// CHECK-NOT: arith.floordivsi
// CHECK: return %[[R]]
func.func @exact_division(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %b = tensor.dim %x, %c0 : tensor<?xf32>
  %b5 = arith.muli %b, %c5 : index
  %b35 = arith.muli %b5, %c7 : index
  %q = arith.floordivsi %b35, %c5 : index
  return %q : index
}

// -----

// (2 * s + 1) floordiv 2 -> s and (4 * s) mod 4 -> 0.
// CHECK-LABEL: func.func @division_rules
// CHECK: %[[S:.*]] = symshape.symbol "s"
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: return %[[S]], %[[Z]]
func.func @division_rules() -> (index, index) {
  %s = symshape.symbol "s" : index
  %a = symshape.apply (2 * s0 + 1) floordiv 2 (%s) : index
  %b = symshape.apply (4 * s0) mod 4 (%s) : index
  return %a, %b : index, index
}

// -----

// A floordiv that is not exact stays: never a rational.
// CHECK-LABEL: func.func @no_simplify_inexact_division
// CHECK: symshape.apply (s0 + 1) floordiv 2
func.func @no_simplify_inexact_division() -> index {
  %s = symshape.symbol "s" : index
  %a = symshape.apply (s0 + 1) floordiv 2 (%s) : index
  return %a : index
}

// -----

// min(s, 10) -> s for s in [1, 10].
// CHECK-LABEL: func.func @min_within_range
// CHECK: %[[S:.*]] = symshape.symbol "s" range [1, 10]
// CHECK-NOT: arith.minsi
// CHECK: return %[[S]]
func.func @min_within_range() -> index {
  %s = symshape.symbol "s" range [1, 10] : index
  %c10 = arith.constant 10 : index
  %m = arith.minsi %s, %c10 : index
  return %m : index
}

// -----

// ... but not for s in [1, 11].
// CHECK-LABEL: func.func @no_simplify_min_beyond_range
// CHECK: arith.minsi
func.func @no_simplify_min_beyond_range() -> index {
  %s = symshape.symbol "s" range [1, 11] : index
  %c10 = arith.constant 10 : index
  %m = arith.minsi %s, %c10 : index
  return %m : index
}

// -----

// min(128 * s, 512 * s) -> 128 * s for a size s >= 1.
// CHECK-LABEL: func.func @min_of_scaled_sizes
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[A:.*]] = arith.muli %{{.*}}, %[[C128]] : index
// CHECK-NOT: arith.minsi
// CHECK: return %[[A]]
func.func @min_of_scaled_sizes() -> index {
  %s = symshape.symbol "s" range [1, inf] : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %a = arith.muli %s, %c128 : index
  %b = arith.muli %s, %c512 : index
  %m = arith.minsi %a, %b : index
  return %m : index
}

// -----

// min(x, 2 * x) stays for an integer unknown that may be negative.
// CHECK-LABEL: func.func @no_simplify_min_of_integer
// CHECK: arith.minsi
func.func @no_simplify_min_of_integer(%x: index) -> index {
  %c2 = arith.constant 2 : index
  %y = arith.muli %x, %c2 overflow<nsw> : index
  %m = arith.minsi %x, %y : index
  return %m : index
}

// -----

// Divisors: a multiple of 8 has no remainder modulo 4.
// CHECK-LABEL: func.func @divisor_fact
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: return %[[Z]]
func.func @divisor_fact() -> index {
  %s = symshape.symbol "seq" range [0, inf] multiple_of 8 : index
  %r = symshape.apply s0 mod 4 (%s) : index
  return %r : index
}

// -----

// CHECK-LABEL: func.func @no_simplify_without_divisor
// CHECK: symshape.apply s0 mod 16
func.func @no_simplify_without_divisor() -> index {
  %s = symshape.symbol "seq" range [0, inf] multiple_of 8 : index
  %r = symshape.apply s0 mod 16 (%s) : index
  return %r : index
}

// -----

// A value proven 0 is replaced by the constant, except where it gives the
// extent of a dim (a slice size, an empty tensor's size): upstream folding
// would make that a static 0 dim, a form MLIR's standard lowering rejects in
// several places.
// CHECK-LABEL: func.func @zero_extent_stays_computed
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[R:.*]] = arith.remui
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [%{{.*}}, %[[R]]] [1, 1]
// CHECK: tensor.empty(%[[R]]) : tensor<?xf32>
// CHECK: return %{{.*}}, %{{.*}}, %[[C0]]
func.func @zero_extent_stays_computed(%t: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %t, %c0 : tensor<?x?xf32>
  %q = tensor.dim %t, %c1 : tensor<?x?xf32>
  %m = arith.remsi %q, %c3 : index
  %multiple = arith.cmpi eq, %m, %c0 : index
  cf.assert %multiple, "q is a multiple of 3"
  %r = arith.remui %q, %c3 : index
  %s = tensor.extract_slice %t[0, 0] [%n, %r] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %e = tensor.empty(%r) : tensor<?xf32>
  return %s, %e, %r : tensor<?x?xf32>, tensor<?xf32>, index
}

// -----

// The extents of a splat, an alloc and an expand stay computed too (their
// models say which operands are extents); the value a splat broadcasts and
// an alloc's layout symbol are not extents: the constant replaces them.
// CHECK-LABEL: func.func @zero_extent_operands
// CHECK: cf.assert
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[R:.*]] = arith.remui
// CHECK: tensor.splat %[[Z]][%[[R]]] : tensor<?xindex>
// CHECK: memref.alloc(%[[R]])[%[[Z]]]
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [%[[R]], 2]
func.func @zero_extent_operands(%t: tensor<?x?xf32>, %x: tensor<?xf32>) -> (tensor<?xindex>, memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, tensor<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %q = tensor.dim %t, %c1 : tensor<?x?xf32>
  %m = arith.remsi %q, %c3 : index
  %multiple = arith.cmpi eq, %m, %c0 : index
  cf.assert %multiple, "q is a multiple of 3"
  %r = arith.remui %q, %c3 : index
  %s = tensor.splat %r[%r] : tensor<?xindex>
  %a = memref.alloc(%r)[%r] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%r, 2] : tensor<?xf32> into tensor<?x2xf32>
  return %s, %a, %e : tensor<?xindex>, memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, tensor<?x2xf32>
}

// -----

// Without the check, q mod 3 is not known: nothing changes.
// CHECK-LABEL: func.func @zero_extent_not_proven
// CHECK: %[[R:.*]] = arith.remui
// CHECK: return %[[R]]
func.func @zero_extent_not_proven(%t: tensor<?x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %q = tensor.dim %t, %c1 : tensor<?x?xf32>
  %r = arith.remui %q, %c3 : index
  return %r : index
}

// -----

// Must not fire: an operand used twice is computed once, so `addi %m, %m`
// costs one max, as 2 * max(d, 2) would; it stays.
// CHECK-LABEL: func.func @shared_operand_is_computed_once
// CHECK: %[[M:.*]] = arith.maxsi
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[M]], %[[M]] : index
// CHECK-NEXT: return %[[S]]
func.func @shared_operand_is_computed_once(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.maxsi %d, %c2 : index
  %s = arith.addi %m, %m : index
  return %s : index
}

// -----

// Must fire: two values of one max cost two; 2 * max(d, 2) costs one.
// CHECK-LABEL: func.func @two_values_of_one_max
// CHECK: %[[M:.*]] = arith.maxsi
// CHECK-NOT: arith.maxsi
// CHECK: %[[S:.*]] = arith.muli %[[M]], %{{.*}} overflow<nsw> : index
// CHECK-NEXT: return %[[S]]
func.func @two_values_of_one_max(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %a = arith.maxsi %d, %c2 : index
  %b = arith.maxsi %c2, %d : index
  %s = arith.addi %a, %b : index
  return %s : index
}
