// RUN: symshape-opt %s --symshape-simplify --split-input-file -verify-diagnostics
// symshape-fold-reshape-into-store alone analyses every function, with or
// without a candidate store (none here), and reports the same errors (in
// symshape-pipeline, the simplify before it has reported them):
// RUN: symshape-opt %s --symshape-fold-reshape-into-store --split-input-file -verify-diagnostics

// Facts stated with symshape ops that contradict each other are a compile
// error naming both, each at its location, with the values.

func.func @symbol_declared_twice() -> (index, index) {
  // expected-note @+1 {{the other declaration is here: in [2, 10]}}
  %a = symshape.symbol "batch" range [2, 10] : index
  // expected-error @+1 {{contradicting facts: symbol 'batch' is declared again in [12, 12], which cannot hold together with its other declaration}}
  %b = symshape.symbol "batch" range [12, 12] : index
  return %a, %b : index, index
}

// -----

func.func @constrain_against_symbol_range() -> index {
  // expected-note @+1 {{'batch' is declared in [2, 10] here}}
  %s = symshape.symbol "batch" range [2, 10] : index
  // expected-error @+1 {{contradicting facts: this fact ('batch == 12') cannot hold together with what is known of 'batch'}}
  %r = symshape.constrain_range %s [12, 12] : index
  return %r : index
}

// -----

func.func @two_constrain_ranges(%v: index) -> index {
  // expected-note @+1 {{the other fact is stated here}}
  %a = symshape.constrain_range %v [0, 5] : index
  // expected-error @+1 {{contradicting facts: this fact ('arg0 in [10, 20]') cannot hold together with what is known of 'arg0'}}
  %b = symshape.constrain_range %a [10, 20] : index
  return %b : index
}

// -----

func.func @binding_against_static_dim(%x: tensor<4xf32>) {
  // expected-note @+1 {{'n' is declared in [1, 3] here}}
  %s = symshape.symbol "n" range [1, 3] : index
  // expected-error @+1 {{contradicting facts: this fact ('4 == n') cannot hold together with what is known of 'n'}}
  symshape.bind_shape %x, [%s] : tensor<4xf32> = (s0)
  return
}

