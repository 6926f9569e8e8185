// RUN: symshape-opt %s -split-input-file -verify-diagnostics

func.func @division_by_zero(%a: index) -> index {
  // expected-error @+1 {{division by zero in expression}}
  %0 = symshape.apply s0 floordiv 0 (%a) : index
  return %0 : index
}

// -----

func.func @mod_by_zero(%a: index) -> index {
  // expected-error @+1 {{division by zero in expression}}
  %0 = symshape.apply s0 mod (3 - 3) (%a) : index
  return %0 : index
}

// -----

func.func @unknown_identifier(%a: index) -> index {
  // expected-error @+1 {{unknown identifier 'x' in expression (symbols are written s0, s1, ...)}}
  %0 = symshape.apply x + 1 (%a) : index
  return %0 : index
}

// -----

func.func @missing_paren(%a: index) -> index {
  // expected-error @+1 {{expected ')' in expression}}
  %0 = symshape.apply (s0 + 1 (%a) : index
  return %0 : index
}

// -----

func.func @bad_max(%a: index) -> index {
  // expected-error @+1 {{expected '(' after 'max'}}
  %0 = symshape.apply max s0 (%a) : index
  return %0 : index
}

// -----

func.func @too_large(%a: index) -> index {
  // expected-error @+1 {{integer literal does not fit in 64 bits}}
  %0 = symshape.apply s0 + 9223372036854775808 (%a) : index
  return %0 : index
}

// -----

func.func @overflow(%a: index) -> index {
  // expected-error @+1 {{expression is not representable: integer overflow}}
  %0 = symshape.apply 9223372036854775807 * s0 * 2 (%a) : index
  return %0 : index
}

// -----

func.func @symbol_position(%a: index) -> index {
  // expected-error @+1 {{symbol position out of range: s99999999}}
  %0 = symshape.apply s99999999 (%a) : index
  return %0 : index
}

// -----

func.func @expected_term(%a: index) -> index {
  // expected-error @+1 {{expected an integer, a symbol 's<N>', 'max', 'min' or '(' in expression}}
  %0 = symshape.apply s0 + * 2 (%a) : index
  return %0 : index
}

// -----

// expected-error @+1 {{expected an integer, a symbol 's<N>', 'max', 'min' or '(' in expression}}
func.func @in_attribute() attributes {e = #symshape.expr<>} {
  return
}
