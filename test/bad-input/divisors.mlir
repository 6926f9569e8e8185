// RUN: symshape-opt %s -split-input-file -verify-diagnostics
// Bad input: a divisor of 0 or below, on every op that states one. Each is a
// located error, never a crash (a divisor of 0 would divide by zero).

func.func @symbol_divisor_zero() {
  // expected-error @+1 {{divisor must be positive, got 0}}
  %0 = symshape.symbol "n" multiple_of 0 : index
  return
}

// -----

func.func @symbol_divisor_negative() {
  // expected-error @+1 {{divisor must be positive, got -4}}
  %0 = symshape.symbol "n" range [0, 64] multiple_of -4 : index
  return
}

// -----

func.func @symbol_divisor_int64_min() {
  // expected-error @+1 {{divisor must be positive, got -9223372036854775808}}
  %0 = symshape.symbol "n" multiple_of -9223372036854775808 : index
  return
}

// -----

func.func @constrain_range_divisor_zero(%v: index) -> index {
  // expected-error @+1 {{divisor must be positive, got 0}}
  %0 = symshape.constrain_range %v [0, 10] multiple_of 0 : index
  return %0 : index
}

// -----

func.func @constrain_range_divisor_negative(%v: index) -> index {
  // expected-error @+1 {{divisor must be positive, got -1}}
  %0 = symshape.constrain_range %v [-inf, inf] multiple_of -1 : index
  return %0 : index
}

// -----

func.func @apply_floordiv_zero(%a: index) -> index {
  // expected-error @+1 {{division by zero}}
  %0 = symshape.apply s0 floordiv 0 (%a) : index
  return %0 : index
}

// -----

func.func @apply_mod_negative_constant_is_valid(%a: index) -> index {
  %0 = symshape.apply s0 mod -3 (%a) : index
  return %0 : index
}
