// RUN: symshape-opt %s --symshape-infer --split-input-file -verify-diagnostics

// expected-error @+1 {{symshape.dim_names of argument 0 must be an array of strings}}
func.func @bad_names(%x: tensor<?xf32> {symshape.dim_names = "batch"}) {
  return
}

// -----

// A declared range must suit a size.
// expected-error @+1 {{a size symbol's range must be non-negative, got lower bound -1}}
func.func @negative_range(%x: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[-1, 4]>]}) {
  return
}

// -----

// expected-error @+1 {{range [1, 7] contains no multiple of 8}}
func.func @bad_divisor(%x: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[1, 7]>],
                                           symshape.dim_divisors = [8]}) {
  return
}
