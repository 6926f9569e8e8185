// RUN: symshape-opt %s -split-input-file -verify-diagnostics
// RUN: not symshape-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=LOC
// The argument attributes symshape.dim_names, symshape.dim_ranges and
// symshape.dim_divisors (docs/Dialect.md, "Argument attributes") are
// verified by the dialect when the function is verified: one case per
// message. Errors are located at the argument (LOC checks the column).

// LOC: arg-attrs-errors.mlir:[[@LINE+2]]:31: error: symshape.dim_names of argument 0 must be an array of strings, got "n"
// expected-error @+1 {{symshape.dim_names of argument 0 must be an array of strings, got "n"}}
func.func @names_not_an_array(%x: tensor<?xf32> {symshape.dim_names = "n"}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_names of argument 0: entry 1 must be a string ("" for no name), got unit}}
func.func @name_not_a_string(%x: tensor<?x?xf32> {symshape.dim_names = ["n", unit]}) {
  return
}

// -----

// The error names the argument by its position.
// LOC: arg-attrs-errors.mlir:[[@LINE+2]]:45: error: symshape.dim_names of argument 1 has 1 entry but the argument 'tensor<?x?xf32>' has rank 2 (one entry per dim)
// expected-error @+1 {{symshape.dim_names of argument 1 has 1 entry but the argument 'tensor<?x?xf32>' has rank 2 (one entry per dim)}}
func.func @fewer_names_than_dims(%n: index, %x: tensor<?x?xf32> {symshape.dim_names = ["n"]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_names of argument 0 has 3 entries but the argument 'tensor<?x?xf32>' has rank 2 (one entry per dim)}}
func.func @more_names_than_dims(%x: tensor<?x?xf32> {symshape.dim_names = ["a", "b", "c"]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_names of argument 0 describes the dims of a tensor, but the argument has type 'i64'}}
func.func @names_on_integer(%x: i64 {symshape.dim_names = ["n"]}) {
  return
}

// -----

// A declaration without a body: the error is at the function.
// expected-error @+1 {{symshape.dim_names of argument 0 describes the dims of a tensor, but the argument has type 'index'}}
func.func private @names_on_index_declaration(index {symshape.dim_names = []})

// -----

// expected-error @+1 {{symshape.dim_ranges of argument 0 must be an array of #symshape.range or unit (one per dim), got #symshape.range<[1, 4]>}}
func.func @ranges_not_an_array(%x: tensor<?xf32> {symshape.dim_ranges = #symshape.range<[1, 4]>}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_ranges of argument 0: entry 0 must be a #symshape.range or unit (for no range), got "1..4"}}
func.func @range_not_a_range(%x: tensor<?xf32> {symshape.dim_ranges = ["1..4"]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_ranges of argument 0 has 0 entries but the argument 'tensor<?xf32>' has rank 1 (one entry per dim)}}
func.func @too_few_ranges(%x: tensor<?xf32> {symshape.dim_ranges = []}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_ranges of argument 0, dim 1: a size symbol's range must be non-negative, got lower bound -inf}}
func.func @range_unbounded_below(%x: tensor<?x?xf32> {symshape.dim_ranges = [unit, #symshape.range<[-inf, 4]>]}) {
  return
}

// -----

// A dim is a size also when it is static.
// expected-error @+1 {{symshape.dim_ranges of argument 0, dim 0: a size symbol's range must be non-negative, got lower bound -2}}
func.func @negative_range_on_static_dim(%x: tensor<2xf32> {symshape.dim_ranges = [#symshape.range<[-2, 2]>]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_ranges of argument 0, dim 1: the dim is static 4, outside the declared range [5, inf]}}
func.func @range_excludes_static_dim(%x: tensor<?x4xf32> {symshape.dim_ranges = [unit, #symshape.range<[5, inf]>]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0 must be an array of integers (1 for none), got 8 : i64}}
func.func @divisors_not_an_array(%x: tensor<?xf32> {symshape.dim_divisors = 8}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0: entry 0 must be an integer (1 for no divisor), got unit}}
func.func @divisor_unit(%x: tensor<?xf32> {symshape.dim_divisors = [unit]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0: entry 0 must be an integer (1 for no divisor), got true}}
func.func @divisor_boolean(%x: tensor<?xf32> {symshape.dim_divisors = [true]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0: entry 0 must be an integer (1 for no divisor), got 4.000000e+00 : f32}}
func.func @divisor_float(%x: tensor<?xf32> {symshape.dim_divisors = [4.0 : f32]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0: entry 0 does not fit in 64 bits}}
func.func @divisor_past_int64(%x: tensor<?xf32> {symshape.dim_divisors = [18446744073709551616 : i128]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0 has 2 entries but the argument 'tensor<?xf32>' has rank 1 (one entry per dim)}}
func.func @more_divisors_than_dims(%x: tensor<?xf32> {symshape.dim_divisors = [1, 4]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0, dim 0: divisor must be positive, got 0}}
func.func @zero_divisor_on_static_dim(%x: tensor<0xf32> {symshape.dim_divisors = [0]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0, dim 0: range [1, 7] contains no multiple of 8}}
func.func @range_without_multiple(%x: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[1, 7]>], symshape.dim_divisors = [8]}) {
  return
}

// -----

// expected-error @+1 {{symshape.dim_divisors of argument 0, dim 2: the dim is static 6, not a multiple of the declared divisor 4}}
func.func @divisor_of_static_dim(%x: tensor<?x?x6xf32> {symshape.dim_divisors = [1, 1, 4]}) {
  return
}

// -----

// The memref that bufferization makes of a tensor argument keeps the
// attributes, and the rules.
// expected-error @+1 {{symshape.dim_divisors of argument 0, dim 0: the dim is static 6, not a multiple of the declared divisor 4}}
func.func @divisor_of_static_memref_dim(%x: memref<6xf32> {symshape.dim_divisors = [4]}) {
  return
}
