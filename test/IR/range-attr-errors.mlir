// RUN: symshape-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{empty range: lower bound 3 is greater than upper bound 1}}
func.func @empty() attributes {r = #symshape.range<[3, 1]>} {
  return
}

// -----

// expected-error @+1 {{a lower bound may be '-inf' but not 'inf'}}
func.func @inf_lower() attributes {r = #symshape.range<[inf, 1]>} {
  return
}

// -----

// expected-error @+1 {{an upper bound may be 'inf' but not '-inf'}}
func.func @minus_inf_upper() attributes {r = #symshape.range<[0, -inf]>} {
  return
}

// -----

// expected-error @+1 {{range bound does not fit in 64 bits}}
func.func @too_large() attributes {r = #symshape.range<[0, 9223372036854775808]>} {
  return
}
