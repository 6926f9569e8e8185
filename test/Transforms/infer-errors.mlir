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

// -----

// Named or constrained dims of a memref argument are not supported: an
// error at the argument, not facts silently dropped.
// expected-error @+1 {{symshape.dim_ranges of argument 0: symshape-infer names and constrains the dims of tensor arguments only, and this one is a memref (run symshape before bufferization)}}
func.func @memref_dims(%m: memref<?xf32> {symshape.dim_ranges = [#symshape.range<[1, 8]>]}) {
  return
}

// -----

// A memref argument without them is fine (must not fire).
func.func @memref_plain(%m: memref<?xf32>, %x: tensor<?xf32> {symshape.dim_names = ["n"]}) {
  return
}
