// A fact of mini.at_least (the user's) that contradicts a declared range
// is an error at the op, with a note at the declaration.
func.func @contradiction(%x: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[1, 4]>]}) -> index {
  // expected-note @-1 {{is declared in [1, 4] here}}
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  // expected-error @+1 {{this fact ('contradiction.arg0.d0 >= 8') cannot hold}}
  %m = mini.at_least %n min 8
  return %m : index
}
