// RUN: symshape-opt %s -split-input-file -verify-diagnostics

func.func @empty_name() {
  // expected-error @+1 {{symbol name must not be empty}}
  %0 = symshape.symbol "" : index
  return
}

// -----

func.func @negative_range() {
  // expected-error @+1 {{a size symbol's range must be non-negative, got lower bound -1}}
  %0 = symshape.symbol "n" range [-1, 4] : index
  return
}

// -----

func.func @unbounded_below() {
  // expected-error @+1 {{a size symbol's range must be non-negative, got lower bound -inf}}
  %0 = symshape.symbol "n" range [-inf, 4] : index
  return
}

// -----

func.func @zero_divisor() {
  // expected-error @+1 {{divisor must be positive, got 0}}
  %0 = symshape.symbol "n" multiple_of 0 : index
  return
}

// -----

func.func @negative_divisor() {
  // expected-error @+1 {{divisor must be positive, got -8}}
  %0 = symshape.symbol "n" range [0, 64] multiple_of -8 : index
  return
}

// -----

func.func @no_multiple_in_range() {
  // expected-error @+1 {{range [1, 7] contains no multiple of 8}}
  %0 = symshape.symbol "n" range [1, 7] multiple_of 8 : index
  return
}

// -----

func.func @empty_range() {
  // expected-error @+1 {{empty range: lower bound 5 is greater than upper bound 2}}
  %0 = symshape.symbol "n" range [5, 2] : index
  return
}

// -----

func.func @not_index() {
  // expected-error @+1 {{result #0 must be index}}
  %0 = symshape.symbol "n" : i64
  return
}
