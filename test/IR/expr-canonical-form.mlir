// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s

// Expressions are kept in one canonical form: the printed form of an
// expression is the canonical one, and printing then parsing gives the same
// attribute. Only fact-free identities apply here (no ranges, no divisors).

// CHECK-LABEL: func.func @sums
func.func @sums(%a: index, %b: index) {
  // Like terms merge; terms are ordered, the constant goes last.
  // CHECK: symshape.apply 2 * s0 + s1 (
  %0 = symshape.apply s1 + s0 + s0 (%a, %b) : index
  // Products distribute: a sum of monomials, higher degree first.
  // CHECK: symshape.apply s0 * s1 + s0 + s1 + 1 (
  %1 = symshape.apply (s0 + 1) * (s1 + 1) (%a, %b) : index
  // A decreasing expression keeps its constant first.
  // CHECK: symshape.apply 16 - s0 (
  %2 = symshape.apply 16 - s0 (%a) : index
  // Relational cancellation is structural: (s + 1) - s is exactly 1.
  // CHECK: symshape.apply 1 (
  %3 = symshape.apply (s0 + 1) - s0 (%a) : index
  // CHECK: symshape.apply s0 * s0 - 1 (
  %4 = symshape.apply (s0 - 1) * (s0 + 1) (%a) : index
  // CHECK: symshape.apply 2 * s1 * (s0 floordiv 3) (
  %5 = symshape.apply 2 * (s0 floordiv 3) * s1 (%a, %b) : index
  // CHECK: symshape.apply -s0 * s1 (
  %6 = symshape.apply -s0 * s1 (%a, %b) : index
  // A unary minus before a division keeps its parentheses.
  // CHECK: symshape.apply -(s0 floordiv 2) (
  %7 = symshape.apply -(s0 floordiv 2) (%a) : index
  return
}

// CHECK-LABEL: func.func @divisions
func.func @divisions(%a: index, %b: index, %c: index) {
  // Exact parts leave the division: ((5 * b) * 7) floordiv 5 is 7 * b.
  // CHECK: symshape.apply 7 * s0 (
  %0 = symshape.apply ((5 * s0) * 7) floordiv 5 (%a) : index
  // (2 * s + 1) floordiv 2 is s, never a rational number.
  // CHECK: symshape.apply s0 (
  %1 = symshape.apply (2 * s0 + 1) floordiv 2 (%a) : index
  // CHECK: symshape.apply 0 (
  %2 = symshape.apply (4 * s0) mod 4 (%a) : index
  // The common content of dividend and divisor cancels.
  // CHECK: symshape.apply (2 * s0) floordiv 3 (
  %3 = symshape.apply (4 * s0) floordiv 6 (%a) : index
  // Nested divisions by constants combine.
  // CHECK: symshape.apply s0 floordiv 6 (
  %4 = symshape.apply (s0 floordiv 2) floordiv 3 (%a) : index
  // CHECK: symshape.apply (s0 + 1) ceildiv 2 + 1 (
  %5 = symshape.apply (s0 + 3) ceildiv 2 (%a) : index
  // Coefficients reduce modulo the divisor.
  // CHECK: symshape.apply 2 * (s0 mod 2) (
  %6 = symshape.apply (6 * s0 + 4) mod 4 (%a) : index
  // CHECK: symshape.apply s0 mod 4 (
  %7 = symshape.apply (s0 mod 8) mod 4 (%a) : index
  // Negative divisors normalize to positive ones (floor semantics).
  // CHECK: symshape.apply (-s0) floordiv 3 (
  %8 = symshape.apply s0 floordiv -3 (%a) : index
  // CHECK: symshape.apply -((2 * s0) mod 3) (
  %9 = symshape.apply s0 mod -3 (%a) : index
  // A symbolic divisor stays an atom: s1 may be 0.
  // CHECK: symshape.apply (s0 * s1) floordiv s1 (
  %10 = symshape.apply (s0 * s1) floordiv s1 (%a, %b) : index
  // Not exact: stays a division.
  // CHECK: symshape.apply (s0 + 1) floordiv 2 (
  %11 = symshape.apply (s0 + 1) floordiv 2 (%a) : index
  // CHECK: symshape.apply (-3) floordiv s0 (
  %12 = symshape.apply (-3) floordiv s0 (%a) : index
  return
}

// CHECK-LABEL: func.func @max_min
func.func @max_min(%a: index, %b: index, %c: index) {
  // Operands that differ by a constant are decided without facts.
  // CHECK: symshape.apply s0 + 1 (
  %0 = symshape.apply max(s0, s0 + 1) (%a) : index
  // CHECK: symshape.apply s0 (
  %1 = symshape.apply min(s0, s0 + 1) (%a) : index
  // Flattened, sorted, deduplicated, constants folded and placed last.
  // CHECK: symshape.apply max(s0, s1, 5) (
  %2 = symshape.apply max(s0, max(s1, 3), 5, s0) (%a, %b) : index
  // Without facts min(s0, max(s0, s2)) is kept as written.
  // CHECK: symshape.apply min(s0, max(s0, s2)) (
  %3 = symshape.apply min(s0, max(s0, s2)) (%a, %b, %c) : index
  // Without a range for s0 this min is undecided.
  // CHECK: symshape.apply min(128 * s0, 512 * s0) (
  %4 = symshape.apply min(s0 * 128, s0 * 512) (%a) : index
  // CHECK: symshape.apply max(s0, -3) - 1 (
  %5 = symshape.apply max(-3, s0) - 1 (%a) : index
  // max(s0, s2) stays: neither side is known to be larger.
  // CHECK: symshape.apply max(s0, s1) (
  %6 = symshape.apply max(s1, s0) (%a, %b) : index
  // CHECK: symshape.apply 4 (
  %7 = symshape.apply min(7, max(2, 4)) () : index
  return
}

// CHECK-LABEL: func.func @extremes
func.func @extremes(%a: index) {
  // CHECK: symshape.apply -9223372036854775808 (
  %0 = symshape.apply -9223372036854775808 (%a) : index
  // CHECK: symshape.apply 9223372036854775807 * s0 (
  %1 = symshape.apply 9223372036854775807 * s0 (%a) : index
  return
}
