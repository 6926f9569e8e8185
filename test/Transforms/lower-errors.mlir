// RUN: symshape-opt %s --symshape-lower --split-input-file -verify-diagnostics
// RUN: not symshape-opt %s --symshape-lower=checks=maybe 2>&1 | FileCheck %s --check-prefix=OPTION

// OPTION: symshape-lower: unknown checks='maybe' (expected 'assert' or 'none')

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
