// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>&1 | FileCheck %s
// Bad input: facts the user states with symshape ops that cannot hold
// together. Each is a compile error at the later declaration, with a note at
// the other one (DESIGN: "a compile error naming both").

// CHECK: contradictory-facts.mlir:[[@LINE+5]]:8: error: contradicting facts: symbol 'n' is declared again in [8, 16], which cannot hold together with its other declaration
// CHECK: contradictory-facts.mlir:[[@LINE+3]]:8: note: the other declaration is here: in [1, 4]
// CHECK-NOT: func.func
func.func @disjoint_ranges(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %a = symshape.symbol "n" range [1, 4] : index
  %b = symshape.symbol "n" range [8, 16] : index
  symshape.bind_shape %x, [%a] : tensor<?xf32> = (s0)
  symshape.bind_shape %y, [%b] : tensor<?xf32> = (s0)
  return %x : tensor<?xf32>
}

// -----

// Divisors combine by lcm: 12 has no multiple in [1, 7].
// CHECK: contradictory-facts.mlir:[[@LINE+5]]:8: error: contradicting facts: symbol 'n' is declared again
// CHECK: contradictory-facts.mlir:[[@LINE+3]]:8: note: the other declaration is here: in [1, 7], a multiple of 4
// CHECK-NOT: func.func
func.func @divisors_without_common_multiple(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %a = symshape.symbol "n" range [1, 7] multiple_of 4 : index
  %b = symshape.symbol "n" range [1, 7] multiple_of 3 : index
  symshape.bind_shape %x, [%a] : tensor<?xf32> = (s0)
  symshape.bind_shape %y, [%b] : tensor<?xf32> = (s0)
  return %x : tensor<?xf32>
}

// -----

// CHECK: contradictory-facts.mlir:[[@LINE+6]]:8: error: contradicting facts: this fact ('n in [8, 16]') cannot hold together with what is known of 'n'
// CHECK: contradictory-facts.mlir:[[@LINE+2]]:{{[0-9]+}}: note: 'n' is declared in [1, 4] here
// CHECK-NOT: {{^}}module
func.func @constrain_range_outside_dim_range(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 4]>]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %r = symshape.constrain_range %d [8, 16] : index
  return %r : index
}

// -----

// CHECK: contradictory-facts.mlir:[[@LINE+3]]:8: error: contradicting facts: symbol 'n' is declared again
// CHECK: contradictory-facts.mlir:[[@LINE+1]]:35: note: the other declaration is here: in [1, 4]
func.func @symbol_contradicts_arg(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 4]>]}, %y: tensor<?xf32>) -> tensor<?xf32> {
  %b = symshape.symbol "n" range [8, 16] : index
  symshape.bind_shape %y, [%b] : tensor<?xf32> = (s0)
  return %x : tensor<?xf32>
}
