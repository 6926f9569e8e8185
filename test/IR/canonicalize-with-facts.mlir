// RUN: symshape-opt %s --canonicalize --split-input-file | FileCheck %s

// The symshape canonicalization patterns use the facts carried by SSA values
// (symbol ranges and divisors, dims >= 0, constrain_range). Each has a
// must-fire and a must-not-fire case.

// CHECK-LABEL: func.func @min_of_max_fires
// CHECK: %[[X0:.*]] = symshape.sym_size %{{.*}}, 0
// CHECK-NOT: symshape.sym_min
// CHECK: return %[[X0]]
func.func @min_of_max_fires(%x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %x0 = symshape.sym_size %x, 0 : tensor<?xf32>
  %y0 = symshape.sym_size %y, 0 : tensor<?xf32>
  %m = symshape.sym_max %x0, %y0 : index
  %r = symshape.sym_min %x0, %m : index
  return %r : index
}

// -----

// CHECK-LABEL: func.func @max_of_two_dims_stays
// CHECK: symshape.sym_max
func.func @max_of_two_dims_stays(%x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %x0 = symshape.sym_size %x, 0 : tensor<?xf32>
  %y0 = symshape.sym_size %y, 0 : tensor<?xf32>
  %m = symshape.sym_max %x0, %y0 : index
  return %m : index
}

// -----

// CHECK-LABEL: func.func @min_with_symbol_range_fires
// CHECK: %[[B:.*]] = symshape.symbol "b"
// CHECK: return %[[B]]
func.func @min_with_symbol_range_fires() -> index {
  %b = symshape.symbol "b" range [1, 10] : index
  %c10 = arith.constant 10 : index
  %m = symshape.sym_min %b, %c10 : index
  return %m : index
}

// -----

// CHECK-LABEL: func.func @min_beyond_symbol_range_stays
// CHECK: symshape.sym_min
func.func @min_beyond_symbol_range_stays() -> index {
  %b = symshape.symbol "b" range [1, 11] : index
  %c10 = arith.constant 10 : index
  %m = symshape.sym_min %b, %c10 : index
  return %m : index
}

// -----

// An apply's expression is simplified with what is known of its operands.
// CHECK-LABEL: func.func @apply_simplified_with_operand_range
// CHECK: %[[R:.*]] = symshape.constrain_range %{{.*}} [0, 99]
// CHECK: symshape.apply s0 + 1 (%[[R]])
func.func @apply_simplified_with_operand_range(%v: index) -> index {
  %r = symshape.constrain_range %v [0, 99] : index
  %a = symshape.apply s0 floordiv 100 + s0 mod 100 + 1 (%r) : index
  return %a : index
}

// -----

// CHECK-LABEL: func.func @apply_with_divisor_fires
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: return %[[Z]]
func.func @apply_with_divisor_fires() -> index {
  %s = symshape.symbol "seq" multiple_of 8 : index
  %r = symshape.apply s0 mod 8 (%s) : index
  return %r : index
}

// -----

// CHECK-LABEL: func.func @apply_integer_min_stays
// CHECK: symshape.apply min(s0, 2 * s0)
func.func @apply_integer_min_stays(%x: index) -> index {
  %r = symshape.apply min(s0, 2 * s0) (%x) : index
  return %r : index
}

// -----

// Repeated operands merge and unused ones are dropped.
// CHECK-LABEL: func.func @apply_operands_compacted
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: symshape.apply 2 * s0 (%[[A]]) : index
func.func @apply_operands_compacted(%a: index, %b: index) -> index {
  %r = symshape.apply s0 + s2 (%a, %b, %a) : index
  return %r : index
}

// -----

// CHECK-LABEL: func.func @apply_operands_already_compact
// CHECK: symshape.apply s0 + s1 (%{{.*}}, %{{.*}}) : index
func.func @apply_operands_already_compact(%a: index, %b: index) -> index {
  %r = symshape.apply s0 + s1 (%a, %b) : index
  return %r : index
}

// -----

// A constrain_range implied by the symbol's declared range is removed.
// CHECK-LABEL: func.func @implied_constrain_range_erased
// CHECK-NOT: symshape.constrain_range
func.func @implied_constrain_range_erased() -> index {
  %b = symshape.symbol "b" range [1, 10] : index
  %r = symshape.constrain_range %b [0, 16] : index
  return %r : index
}

// -----

// CHECK-LABEL: func.func @narrowing_constrain_range_kept
// CHECK: symshape.constrain_range %{{.*}} [2, 10]
func.func @narrowing_constrain_range_kept() -> index {
  %b = symshape.symbol "b" range [1, 10] : index
  %r = symshape.constrain_range %b [2, 10] : index
  return %r : index
}

// -----

// A divisor that is not known is kept.
// CHECK-LABEL: func.func @constrain_divisor_kept
// CHECK: symshape.constrain_range %{{.*}} [0, inf] multiple_of 4
func.func @constrain_divisor_kept() -> index {
  %b = symshape.symbol "b" multiple_of 2 : index
  %r = symshape.constrain_range %b [0, inf] multiple_of 4 : index
  return %r : index
}

// -----

// A binding of a static tensor to its own constants states nothing.
// CHECK-LABEL: func.func @static_binding_erased
// CHECK-NOT: symshape.bind_shape
func.func @static_binding_erased(%x: tensor<2x3xf32>) {
  symshape.bind_shape %x, [] : tensor<2x3xf32> = (2, 3)
  return
}

// -----

// CHECK-LABEL: func.func @dynamic_binding_kept
// CHECK: symshape.bind_shape
func.func @dynamic_binding_kept(%x: tensor<?x3xf32>) {
  %b = symshape.symbol "b" : index
  symshape.bind_shape %x, [%b] : tensor<?x3xf32> = (s0, 3)
  return
}

// -----

// The patterns follow an operand's def chain 16 ops up. The divisor stated
// 15 applies above the operand of `mod 4` is within reach: the remainder is
// 0 (the apply's simplification starts from its operands, one step nearer
// than the query of its result, which stops one op short).
// CHECK-LABEL: func.func @divisor_at_the_depth_limit_fires
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: return %[[Z]]
func.func @divisor_at_the_depth_limit_fires(%x: index, %y: index) -> index {
  %r = symshape.constrain_range %x [0, inf] multiple_of 4 : index
  %a1 = symshape.apply s0 + 4 * s1 (%r, %y) : index
  %a2 = symshape.apply s0 + 4 * s1 (%a1, %y) : index
  %a3 = symshape.apply s0 + 4 * s1 (%a2, %y) : index
  %a4 = symshape.apply s0 + 4 * s1 (%a3, %y) : index
  %a5 = symshape.apply s0 + 4 * s1 (%a4, %y) : index
  %a6 = symshape.apply s0 + 4 * s1 (%a5, %y) : index
  %a7 = symshape.apply s0 + 4 * s1 (%a6, %y) : index
  %a8 = symshape.apply s0 + 4 * s1 (%a7, %y) : index
  %a9 = symshape.apply s0 + 4 * s1 (%a8, %y) : index
  %a10 = symshape.apply s0 + 4 * s1 (%a9, %y) : index
  %a11 = symshape.apply s0 + 4 * s1 (%a10, %y) : index
  %a12 = symshape.apply s0 + 4 * s1 (%a11, %y) : index
  %a13 = symshape.apply s0 + 4 * s1 (%a12, %y) : index
  %a14 = symshape.apply s0 + 4 * s1 (%a13, %y) : index
  %a15 = symshape.apply s0 + 4 * s1 (%a14, %y) : index
  %m = symshape.apply s0 mod 4 (%a15) : index
  return %m : index
}

// -----

// One apply more and the divisor is out of reach: the remainder stays.
// CHECK-LABEL: func.func @divisor_beyond_the_depth_limit_stays
// CHECK: %[[M:.*]] = symshape.apply s0 mod 4
// CHECK: return %[[M]]
func.func @divisor_beyond_the_depth_limit_stays(%x: index, %y: index) -> index {
  %r = symshape.constrain_range %x [0, inf] multiple_of 4 : index
  %a1 = symshape.apply s0 + 4 * s1 (%r, %y) : index
  %a2 = symshape.apply s0 + 4 * s1 (%a1, %y) : index
  %a3 = symshape.apply s0 + 4 * s1 (%a2, %y) : index
  %a4 = symshape.apply s0 + 4 * s1 (%a3, %y) : index
  %a5 = symshape.apply s0 + 4 * s1 (%a4, %y) : index
  %a6 = symshape.apply s0 + 4 * s1 (%a5, %y) : index
  %a7 = symshape.apply s0 + 4 * s1 (%a6, %y) : index
  %a8 = symshape.apply s0 + 4 * s1 (%a7, %y) : index
  %a9 = symshape.apply s0 + 4 * s1 (%a8, %y) : index
  %a10 = symshape.apply s0 + 4 * s1 (%a9, %y) : index
  %a11 = symshape.apply s0 + 4 * s1 (%a10, %y) : index
  %a12 = symshape.apply s0 + 4 * s1 (%a11, %y) : index
  %a13 = symshape.apply s0 + 4 * s1 (%a12, %y) : index
  %a14 = symshape.apply s0 + 4 * s1 (%a13, %y) : index
  %a15 = symshape.apply s0 + 4 * s1 (%a14, %y) : index
  %a16 = symshape.apply s0 + 4 * s1 (%a15, %y) : index
  %m = symshape.apply s0 mod 4 (%a16) : index
  return %m : index
}

// -----

// An operand is a size only where it is proven non-negative, never because
// it is built from sizes: `b - a`, `2 - a` and `0 - a` may be negative.
// Must fire: a sum of dims is non-negative, so max(s0, 0) is s0.
// CHECK-LABEL: func.func @apply_sum_of_dims_is_size
// CHECK: %[[S:.*]] = arith.addi
// CHECK-NOT: symshape.apply
// CHECK: return %[[S]]
func.func @apply_sum_of_dims_is_size(%x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %a = symshape.sym_size %x, 0 : tensor<?xf32>
  %b = symshape.sym_size %y, 0 : tensor<?xf32>
  %s = arith.addi %a, %b : index
  %r = symshape.apply max(s0, 0) (%s) : index
  return %r : index
}

// -----

// Must not fire: each operand below is built from dims and may be negative
// (with a = 7, b = 2: -5, -5 and -7).
// CHECK-LABEL: func.func @apply_negative_size_arithmetic_stays
// CHECK: symshape.apply max(s0, 0)
// CHECK: symshape.apply s0 floordiv 4
// CHECK: symshape.apply 5 * s0
// CHECK: symshape.apply s0 + s1
func.func @apply_negative_size_arithmetic_stays(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = symshape.sym_size %x, 0 : tensor<?xf32>
  %b = symshape.sym_size %y, 0 : tensor<?xf32>
  %d = arith.subi %b, %a : index
  %r0 = symshape.apply max(s0, 0) (%d) : index
  %t = arith.subi %c2, %a : index
  %r1 = symshape.apply s0 floordiv 4 (%t) : index
  %n = arith.subi %c0, %a : index
  %r2 = symshape.apply s0 * 5 (%n) : index
  %r3 = symshape.apply s0 + s1 (%n, %b) : index
  return %r0, %r1, %r2, %r3 : index, index, index, index
}
