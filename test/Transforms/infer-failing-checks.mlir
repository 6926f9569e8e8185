// RUN: symshape-opt %s --symshape-infer --split-input-file -verify-diagnostics
// Once only, though symshape-simplify analyses the function again.
// RUN: symshape-opt %s --symshape-infer --symshape-simplify --split-input-file -verify-diagnostics

// Contradicting cf.assert facts are only a warning (the program aborts at
// run time, as written), said once, at the check, naming the earlier fact
// with the check's own condition.
func.func @contradicting_asserts(%x: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  // expected-note @+1 {{the other fact is stated here}}
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  // expected-warning @+1 {{this check ('8 - contradicting_asserts.arg0.d0 <= -1') contradicts earlier facts on 'contradicting_asserts.arg0.d0': the program aborts here at run time whatever the input}}
  cf.assert %large, "d > 8"
  return
}

// -----

// Against a declared range: the note names the declaration and its values.
// expected-note @+1 {{'n' is declared in [1, 4] here}}
func.func @against_declaration(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 4]>]}) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %ok = arith.cmpi sge, %d, %c8 : index
  // expected-warning @+1 {{this check ('8 - n <= 0') contradicts earlier facts on 'n': the program aborts here at run time whatever the input}}
  cf.assert %ok, "n >= 8"
  return
}

// -----

// Must not fire: checks that can hold together.
func.func @consistent(%x: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %ok = arith.cmpi slt, %d, %c4 : index
  cf.assert %ok, "d < 4"
  cf.assert %ok, "d < 4 again"
  return
}
