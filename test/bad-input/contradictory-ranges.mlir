// RUN: symshape-opt %s -split-input-file -verify-diagnostics
// Bad input: a range whose lower bound exceeds its upper bound, in every
// place a range is written. Each is a located error, never a crash.

func.func @symbol_range_reversed() {
  // expected-error @+1 {{empty range: lower bound 5 is greater than upper bound 2}}
  %0 = symshape.symbol "n" range [5, 2] : index
  return
}

// -----

func.func @constrain_range_reversed(%v: index) -> index {
  // expected-error @+1 {{empty range: lower bound 5 is greater than upper bound 2}}
  %0 = symshape.constrain_range %v [5, 2] : index
  return %0 : index
}

// -----

// expected-error @+1 {{empty range: lower bound 5 is greater than upper bound 2}}
func.func @dim_ranges_reversed(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[5, 2]>]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

func.func @constrain_range_reversed_extremes(%v: index) -> index {
  // expected-error @+1 {{empty range: lower bound 9223372036854775807 is greater than upper bound -9223372036854775808}}
  %0 = symshape.constrain_range %v [9223372036854775807, -9223372036854775808] : index
  return %0 : index
}

// -----

func.func @symbol_range_inf_lower() {
  // expected-error @+1 {{a lower bound may be '-inf' but not 'inf'}}
  %0 = symshape.symbol "n" range [inf, inf] : index
  return
}

// -----

func.func @symbol_range_negative() {
  // expected-error @+1 {{a size symbol's range must be non-negative, got lower bound -3}}
  %0 = symshape.symbol "n" range [-3, -1] : index
  return
}
