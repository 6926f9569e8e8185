// RUN: symshape-opt %s -split-input-file -verify-diagnostics
// Bad input the verifiers reject: dim indices outside the rank, unranked
// tensors where a rank is needed, bindings of the wrong rank or against a
// static dim, reshapes whose static sizes disagree. Each is a located error.

func.func @sym_size_past_rank(%x: tensor<?x4xf32>) -> index {
  // expected-error @+1 {{'symshape.sym_size' op dim 2 is out of range for a tensor of rank 2}}
  %d = symshape.sym_size %x, 2 : tensor<?x4xf32>
  return %d : index
}

// -----

func.func @sym_size_negative(%x: tensor<?x4xf32>) -> index {
  // expected-error @+1 {{'symshape.sym_size' op dim -1 is out of range for a tensor of rank 2}}
  %d = symshape.sym_size %x, -1 : tensor<?x4xf32>
  return %d : index
}

// -----

func.func @sym_size_of_zero_rank(%x: tensor<f32>) -> index {
  // expected-error @+1 {{'symshape.sym_size' op dim 0 is out of range for a tensor of rank 0}}
  %d = symshape.sym_size %x, 0 : tensor<f32>
  return %d : index
}

// -----

func.func @sym_size_unranked(%x: tensor<*xf32>) -> index {
  // expected-error @+1 {{'symshape.sym_size' op expects a ranked tensor, got 'tensor<*xf32>'}}
  %d = symshape.sym_size %x, 0 : tensor<*xf32>
  return %d : index
}

// -----

func.func @bind_shape_rank_mismatch(%x: tensor<?x4xf32>) {
  %n = symshape.symbol "n" : index
  // expected-error @+1 {{'symshape.bind_shape' op binds 1 dim but the tensor has rank 2}}
  symshape.bind_shape %x, [%n] : tensor<?x4xf32> = (s0)
  return
}

// -----

func.func @bind_shape_static_contradiction(%x: tensor<?x4xf32>) {
  %n = symshape.symbol "n" : index
  // expected-error @+1 {{'symshape.bind_shape' op dim 1 is static 4 but is bound to 5}}
  symshape.bind_shape %x, [%n] : tensor<?x4xf32> = (s0, 5)
  return
}

// -----

func.func @bind_shape_unranked(%x: tensor<*xf32>) {
  %n = symshape.symbol "n" : index
  // expected-error @+1 {{'symshape.bind_shape' op expects a ranked tensor, got 'tensor<*xf32>'}}
  symshape.bind_shape %x, [%n] : tensor<*xf32> = (s0)
  return
}

// -----

func.func @bind_shape_zero_rank(%x: tensor<f32>) {
  %n = symshape.symbol "n" : index
  // expected-error @+1 {{'symshape.bind_shape' op binds 1 dim but the tensor has rank 0}}
  symshape.bind_shape %x, [%n] : tensor<f32> = (s0)
  return
}

// -----

func.func @dim_of_zero_rank(%x: tensor<f32>) -> index {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %d = tensor.dim %x, %c0 : tensor<f32>
  return %d : index
}

// -----

func.func @expand_static_sizes_disagree(%x: tensor<12xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 15}}
  %e = tensor.expand_shape %x [[0, 1]] output_shape [3, 5] : tensor<12xf32> into tensor<3x5xf32>
  return %e : tensor<3x5xf32>
}
