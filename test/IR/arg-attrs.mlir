// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s
// Well-formed argument attributes (docs/Dialect.md, "Argument attributes"):
// one entry per dim, "" for no name, unit for no range, 1 for no divisor.
// The errors: arg-attrs-errors.mlir.

// CHECK-LABEL: func.func @one_entry_per_dim
// CHECK-SAME: symshape.dim_divisors = [1, 4, 8]
// CHECK-SAME: symshape.dim_names = ["b", "", "s"]
// CHECK-SAME: symshape.dim_ranges = [#symshape.range<[1, 4]>, unit, unit]
func.func @one_entry_per_dim(%x: tensor<?x8x?xf32> {symshape.dim_names = ["b", "", "s"], symshape.dim_ranges = [#symshape.range<[1, 4]>, unit, unit], symshape.dim_divisors = [1, 4, 8]}) {
  return
}

// A static dim may be named, and its range and divisor must hold of it.
// CHECK-LABEL: func.func @static_dims
// CHECK-SAME: symshape.dim_divisors = [3, 1]
// CHECK-SAME: symshape.dim_names = ["three", "zero"]
// CHECK-SAME: symshape.dim_ranges = [#symshape.range<[3, 3]>, #symshape.range<[0, 0]>]
func.func @static_dims(%x: tensor<3x0xf32> {symshape.dim_names = ["three", "zero"], symshape.dim_ranges = [#symshape.range<[3, 3]>, #symshape.range<[0, 0]>], symshape.dim_divisors = [3, 1]}) {
  return
}

// A 0-d tensor has no dims: empty arrays.
// CHECK-LABEL: func.func @zero_rank
// CHECK-SAME: symshape.dim_names = []
func.func @zero_rank(%x: tensor<f32> {symshape.dim_names = [], symshape.dim_ranges = [], symshape.dim_divisors = []}) {
  return
}

// The rank of an unranked tensor is unknown: any number of entries.
// CHECK-LABEL: func.func @unranked
// CHECK-SAME: symshape.dim_names = ["n", "m"]
func.func @unranked(%x: tensor<*xf32> {symshape.dim_names = ["n", "m"]}) {
  return
}

// Bufferization turns tensor arguments into memrefs and keeps the
// attributes: they are accepted there under the same rules.
// CHECK-LABEL: func.func @memref
// CHECK-SAME: symshape.dim_names = ["n", ""]
func.func @memref(%x: memref<?x4xf32> {symshape.dim_names = ["n", ""], symshape.dim_divisors = [1, 2]}, %y: memref<*xf32> {symshape.dim_names = ["k"]}) {
  return
}

// Divisors in any integer type; on a declaration without a body.
// CHECK-LABEL: func.func private @declaration
// CHECK-SAME: symshape.dim_divisors = [8 : i32]
func.func private @declaration(tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_divisors = [8 : i32]})

// Other symshape argument attributes are not checked here.
// CHECK-LABEL: func.func @other_attributes
// CHECK-SAME: symshape.note = "x"
func.func @other_attributes(%n: index {symshape.note = "x"}) {
  return
}
