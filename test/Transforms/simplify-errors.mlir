// RUN: symshape-opt %s --symshape-simplify --split-input-file -verify-diagnostics

// Facts stated with symshape ops that contradict each other are a compile
// error naming both.

func.func @symbol_declared_twice() -> (index, index) {
  // expected-note @+1 {{the other declaration is here}}
  %a = symshape.symbol "batch" range [2, 10] : index
  // expected-error @+1 {{contradicting facts: symbol 'batch' is declared again with facts that cannot hold together with its other declaration}}
  %b = symshape.symbol "batch" range [12, 12] : index
  return %a, %b : index, index
}

// -----

func.func @constrain_against_symbol_range() -> index {
  %s = symshape.symbol "batch" range [2, 10] : index
  // expected-error @+1 {{contradicting facts: this fact on 'batch' cannot hold together with what is known about its symbols}}
  %r = symshape.constrain_range %s [12, 12] : index
  return %r : index
}

// -----

func.func @two_constrain_ranges(%v: index) -> index {
  // expected-note @+1 {{the other fact is stated here}}
  %a = symshape.constrain_range %v [0, 5] : index
  // expected-error @+1 {{contradicting facts: this fact on 'arg0' cannot hold together with the fact stated by 'symshape.constrain_range'}}
  %b = symshape.constrain_range %a [10, 20] : index
  return %b : index
}

// -----

func.func @binding_against_static_dim(%x: tensor<4xf32>) {
  %s = symshape.symbol "n" range [1, 3] : index
  // expected-error @+1 {{contradicting facts}}
  symshape.bind_shape %x, [%s] : tensor<4xf32> = (s0)
  return
}

// -----

// Contradicting cf.assert facts are only a warning: the program aborts at
// run time, as written.
func.func @contradicting_asserts(%x: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  // expected-note @+1 {{the earlier fact is stated here}}
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  // expected-warning @+1 {{this check contradicts earlier facts on 'arg0.dim0': the program aborts here at run time whatever the input}}
  cf.assert %large, "d > 8"
  return
}
