// Regression: the argument attributes symshape.dim_names,
// symshape.dim_ranges and symshape.dim_divisors were not verified. Entries
// past the rank, names on 0-d tensors or non-tensor arguments, and entries
// of the wrong kind were silently ignored (so `bind=n=3` for such a name was
// accepted and bound nothing), and ranges or divisors that contradict a
// static dim were dropped. Each is now a located error when the module is
// parsed: the dialect verifies its argument attributes
// (SymShapeDialect::verifyRegionArgAttribute in lib/IR/SymShapeDialect.cpp;
// the rules are in docs/Dialect.md, "Argument attributes"; one case per
// message in test/IR/arg-attrs-errors.mlir). The error stops the pipeline
// before any pass runs, with no output.
// RUN: symshape-opt %s -split-input-file -verify-diagnostics
// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>&1 | FileCheck %s

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:33: error: symshape.dim_names of argument 0 has 2 entries but the argument 'tensor<?xf32>' has rank 1 (one entry per dim)
// expected-error @+1 {{symshape.dim_names of argument 0 has 2 entries but the argument 'tensor<?xf32>' has rank 1 (one entry per dim)}}
func.func @more_names_than_dims(%x: tensor<?xf32> {symshape.dim_names = ["a", "b"]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:30: error: symshape.dim_names of argument 0 has 1 entry but the argument 'tensor<f32>' has rank 0 (one entry per dim)
// expected-error @+1 {{symshape.dim_names of argument 0 has 1 entry but the argument 'tensor<f32>' has rank 0 (one entry per dim)}}
func.func @name_on_zero_rank(%x: tensor<f32> {symshape.dim_names = ["n"]}) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:36: error: symshape.dim_names of argument 0 describes the dims of a tensor, but the argument has type 'index'
// expected-error @+1 {{symshape.dim_names of argument 0 describes the dims of a tensor, but the argument has type 'index'}}
func.func @names_on_index_argument(%x: index {symshape.dim_names = ["n"]}) -> index {
  return %x : index
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:30: error: symshape.dim_names of argument 0: entry 0 must be a string ("" for no name), got 1 : i64
// expected-error @+1 {{symshape.dim_names of argument 0: entry 0 must be a string ("" for no name), got 1 : i64}}
func.func @name_not_a_string(%x: tensor<?xf32> {symshape.dim_names = [1]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:30: error: symshape.dim_ranges of argument 0: entry 0 must be a #symshape.range or unit (for no range), got 3 : i64
// expected-error @+1 {{symshape.dim_ranges of argument 0: entry 0 must be a #symshape.range or unit (for no range), got 3 : i64}}
func.func @range_not_a_range(%x: tensor<?xf32> {symshape.dim_ranges = [3]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:34: error: symshape.dim_ranges of argument 0 has 2 entries but the argument 'tensor<?xf32>' has rank 1 (one entry per dim)
// expected-error @+1 {{symshape.dim_ranges of argument 0 has 2 entries but the argument 'tensor<?xf32>' has rank 1 (one entry per dim)}}
func.func @more_ranges_than_dims(%x: tensor<?xf32> {symshape.dim_ranges = [unit, #symshape.range<[1, 4]>]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:35: error: symshape.dim_divisors of argument 0: entry 0 must be an integer (1 for no divisor), got "x"
// expected-error @+1 {{symshape.dim_divisors of argument 0: entry 0 must be an integer (1 for no divisor), got "x"}}
func.func @divisor_not_an_integer(%x: tensor<?xf32> {symshape.dim_divisors = ["x"]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:41: error: symshape.dim_ranges of argument 0, dim 0: the dim is static 6, outside the declared range [8, 10]
// expected-error @+1 {{symshape.dim_ranges of argument 0, dim 0: the dim is static 6, outside the declared range [8, 10]}}
func.func @range_contradicts_static_dim(%x: tensor<6xf32> {symshape.dim_ranges = [#symshape.range<[8, 10]>]}) -> tensor<6xf32> {
  return %x : tensor<6xf32>
}

// -----

// CHECK: dim-attrs-mismatch.mlir:[[@LINE+2]]:43: error: symshape.dim_divisors of argument 0, dim 0: the dim is static 6, not a multiple of the declared divisor 4
// expected-error @+1 {{symshape.dim_divisors of argument 0, dim 0: the dim is static 6, not a multiple of the declared divisor 4}}
func.func @divisor_contradicts_static_dim(%x: tensor<6xf32> {symshape.dim_divisors = [4]}) -> tensor<6xf32> {
  return %x : tensor<6xf32>
}

// -----

// Well-formed attributes are accepted (unit for "no range", "" for no name).
// CHECK-LABEL: func.func @well_formed
// CHECK-NOT: symshape.
// CHECK: return
func.func @well_formed(%x: tensor<?x8x?xf32> {symshape.dim_names = ["b", "", "s"], symshape.dim_ranges = [#symshape.range<[1, 4]>, unit, unit], symshape.dim_divisors = [1, 4, 8]}) -> tensor<?x8x?xf32> {
  return %x : tensor<?x8x?xf32>
}
// CHECK-NOT: see current operation
