// XFAIL: *
// Fixed by the lead: the argument attributes symshape.dim_names,
// symshape.dim_ranges and symshape.dim_divisors are not verified. Entries
// past the rank, names on 0-d tensors or non-tensor arguments, and entries
// of the wrong kind are silently ignored (so `bind=n=3` for such a name is
// accepted and binds nothing), and ranges or divisors that contradict a
// static dim are dropped. Each must be a located error when the module is
// parsed: the dialect verifies its argument attributes
// (`let hasRegionArgAttrVerify = 1` in SymShapeDialect.td, implemented in
// SymShapeDialect.cpp).
// RUN: symshape-opt %s -split-input-file -verify-diagnostics

// expected-error-re @+1 {{{{.*}}symshape.dim_names{{.*}}}}
func.func @more_names_than_dims(%x: tensor<?xf32> {symshape.dim_names = ["a", "b"]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_names{{.*}}}}
func.func @name_on_zero_rank(%x: tensor<f32> {symshape.dim_names = ["n"]}) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_names{{.*}}}}
func.func @names_on_index_argument(%x: index {symshape.dim_names = ["n"]}) -> index {
  return %x : index
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_names{{.*}}}}
func.func @name_not_a_string(%x: tensor<?xf32> {symshape.dim_names = [1]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_ranges{{.*}}}}
func.func @range_not_a_range(%x: tensor<?xf32> {symshape.dim_ranges = [3]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_ranges{{.*}}}}
func.func @more_ranges_than_dims(%x: tensor<?xf32> {symshape.dim_ranges = [unit, #symshape.range<[1, 4]>]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_divisors{{.*}}}}
func.func @divisor_not_an_integer(%x: tensor<?xf32> {symshape.dim_divisors = ["x"]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_ranges{{.*}}}}
func.func @range_contradicts_static_dim(%x: tensor<6xf32> {symshape.dim_ranges = [#symshape.range<[8, 10]>]}) -> tensor<6xf32> {
  return %x : tensor<6xf32>
}

// -----

// expected-error-re @+1 {{{{.*}}symshape.dim_divisors{{.*}}}}
func.func @divisor_contradicts_static_dim(%x: tensor<6xf32> {symshape.dim_divisors = [4]}) -> tensor<6xf32> {
  return %x : tensor<6xf32>
}

// -----

// Well-formed attributes are accepted (unit for "no range", "" for no name).
func.func @well_formed(%x: tensor<?x8x?xf32> {symshape.dim_names = ["b", "", "s"], symshape.dim_ranges = [#symshape.range<[1, 4]>, unit, unit], symshape.dim_divisors = [1, 4, 8]}) -> tensor<?x8x?xf32> {
  return %x : tensor<?x8x?xf32>
}
