// RUN: symshape-opt %s --symshape-lower --split-input-file -verify-diagnostics
// RUN: not symshape-opt %s --symshape-lower=checks=maybe 2>&1 | FileCheck %s --check-prefix=OPTION

// OPTION: for the --checks option: Cannot find option named 'maybe'!

func.func @unbound_symbol() -> index {
  // expected-error @+1 {{cannot materialize symbol 'batch': no tensor dim is bound to it (bind one with symshape.bind_shape, as `s` or `a * s + c`)}}
  %b = symshape.symbol "batch" : index
  return %b : index
}

// -----

// A symbol bound only to a non-linear expression cannot be solved.
func.func @nonlinear_binding(%x: tensor<?xf32>) -> index {
  // expected-error @+1 {{cannot materialize symbol 'n'}}
  %n = symshape.symbol "n" : index
  symshape.bind_shape %x, [%n] : tensor<?xf32> = (s0 * s0)
  return %n : index
}

// -----

func.func @used_before_its_tensor() -> index {
  // expected-error @+1 {{cannot materialize symbol 'n': it is used before the result of tensor.empty}}
  %n = symshape.symbol "n" : index
  %m = symshape.apply s0 + 1 (%n) : index
  %t = tensor.empty(%m) : tensor<?xf32>
  symshape.bind_shape %t, [%n] : tensor<?xf32> = (s0 - 1)
  return %m : index
}

// -----

// A symbol that nothing binds and nothing uses describes no value: it goes,
// with a warning if it states a fact (which cannot be checked: most likely
// a misspelt name). One without facts goes silently.
func.func @unused_unbound_symbols(%x: tensor<?xf32>) {
  %n = symshape.symbol "n" : index
  symshape.bind_shape %x, [%n] : tensor<?xf32> = (s0)
  // expected-warning @+1 {{symbol 'nn' states a fact but no tensor dim is bound to it and nothing uses it: the fact describes no value and is not checked}}
  %typo = symshape.symbol "nn" range [1, 4] : index
  // expected-warning @+1 {{symbol 'k' states a fact but no tensor dim is bound to it and nothing uses it}}
  %k = symshape.symbol "k" multiple_of 8 : index
  %plain = symshape.symbol "plain" : index
  return
}

// -----

// One declaration of an unbound name is used: the error is at that one.
func.func @unbound_symbol_used_once() -> index {
  %a = symshape.symbol "m" range [1, 4] : index
  // expected-error @+1 {{cannot materialize symbol 'm': no tensor dim is bound to it}}
  %b = symshape.symbol "m" : index
  return %b : index
}

// -----

// Symshape ops outside a function cannot be lowered.
module {
  // expected-error @+1 {{symshape-lower: no function around this op}}
  %n = symshape.symbol "n" range [1, 4] : index
}
