// RUN: symshape-opt %s -split-input-file -verify-diagnostics

func.func @unranked(%x: tensor<*xf32>, %n: index) {
  // expected-error @+1 {{expects a ranked tensor, got 'tensor<*xf32>'}}
  symshape.bind_shape %x, [%n] : tensor<*xf32> = (s0)
  return
}

// -----

func.func @rank_mismatch(%x: tensor<?x?x4xf32>, %n: index) {
  // expected-error @+1 {{binds 2 dims but the tensor has rank 3}}
  symshape.bind_shape %x, [%n] : tensor<?x?x4xf32> = (s0, s0)
  return
}

// -----

func.func @arity(%x: tensor<?x?xf32>, %a: index, %b: index) {
  // expected-error @+1 {{the expression of dim 1 uses s2 but only 2 symbol operands are given}}
  symshape.bind_shape %x, [%a, %b] : tensor<?x?xf32> = (s0, s1 * s2)
  return
}

// -----

func.func @arity_none(%x: tensor<?xf32>) {
  // expected-error @+1 {{the expression of dim 0 uses s0 but only 0 symbol operands are given}}
  symshape.bind_shape %x, [] : tensor<?xf32> = (s0)
  return
}

// -----

func.func @negative_size(%x: tensor<?xf32>) {
  // expected-error @+1 {{dim 0 is bound to the negative size -1}}
  symshape.bind_shape %x, [] : tensor<?xf32> = (-1)
  return
}

// -----

func.func @static_mismatch(%x: tensor<?x?x4xf32>, %a: index) {
  // expected-error @+1 {{dim 2 is static 4 but is bound to 3}}
  symshape.bind_shape %x, [%a] : tensor<?x?x4xf32> = (s0, s0, 3)
  return
}

// -----

func.func @not_a_tensor(%x: memref<?xf32>, %a: index) {
  // expected-error @+1 {{operand #0 must be tensor of any type values, but got 'memref<?xf32>'}}
  symshape.bind_shape %x, [%a] : memref<?xf32> = (s0)
  return
}
