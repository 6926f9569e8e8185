// RUN: symshape-opt %s -split-input-file -verify-diagnostics
// Bad input: range bounds past 2^62 and at the int64 extremes. Sizes are
// assumed to stay below 2^62 (docs/Dialect.md), so a size symbol whose range
// admits no size below 2^62 is an error: otherwise max(s, s + 1) -> s + 1
// would be folded although s + 1 wraps. Integer unknowns
// (symshape.constrain_range) may take any int64 range.

func.func @size_symbol_at_int64_max() {
  // expected-error @+1 {{a size symbol's range must admit a size below 2^62 (the no-overflow assumption), got lower bound 9223372036854775807}}
  %0 = symshape.symbol "n" range [9223372036854775807, inf] : index
  return
}

// -----

func.func @size_symbol_at_2_62() {
  // expected-error @+1 {{a size symbol's range must admit a size below 2^62 (the no-overflow assumption), got lower bound 4611686018427387904}}
  %0 = symshape.symbol "n" range [4611686018427387904, 4611686018427387904] : index
  return
}

// -----

func.func @size_symbol_just_below_2_62() -> index {
  %0 = symshape.symbol "n" range [4611686018427387903, inf] : index
  return %0 : index
}

// -----

func.func @range_past_int64() {
  // expected-error @+1 {{range bound does not fit in 64 bits}}
  %0 = symshape.symbol "n" range [0, 9223372036854775808] : index
  return
}

// -----

func.func @range_below_int64_min(%v: index) -> index {
  // expected-error @+1 {{range bound does not fit in 64 bits}}
  %0 = symshape.constrain_range %v [-9223372036854775809, 0] : index
  return %0 : index
}

// -----

func.func @integer_range_at_int64_extremes(%v: index, %w: index) -> (index, index) {
  %0 = symshape.constrain_range %v [-9223372036854775808, -9223372036854775808] : index
  %1 = symshape.constrain_range %w [9223372036854775807, 9223372036854775807] : index
  return %0, %1 : index, index
}

// -----

func.func @divisor_past_int64() {
  // expected-error @+1 {{integer value too large}}
  %0 = symshape.symbol "n" multiple_of 9223372036854775808 : index
  return
}

// -----

func.func @divisor_at_int64_max() -> index {
  %0 = symshape.symbol "n" multiple_of 9223372036854775807 : index
  return %0 : index
}
