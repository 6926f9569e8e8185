// RUN: symshape-opt %s -split-input-file -verify-diagnostics

func.func @unranked(%x: tensor<*xf32>) -> index {
  // expected-error @+1 {{expects a ranked tensor, got 'tensor<*xf32>'}}
  %0 = symshape.sym_size %x, 0 : tensor<*xf32>
  return %0 : index
}

// -----

func.func @out_of_range(%x: tensor<?x?xf32>) -> index {
  // expected-error @+1 {{dim 2 is out of range for a tensor of rank 2}}
  %0 = symshape.sym_size %x, 2 : tensor<?x?xf32>
  return %0 : index
}

// -----

func.func @negative_dim(%x: tensor<?x?xf32>) -> index {
  // expected-error @+1 {{dim -1 is out of range for a tensor of rank 2}}
  %0 = symshape.sym_size %x, -1 : tensor<?x?xf32>
  return %0 : index
}

// -----

func.func @rank_zero(%x: tensor<f32>) -> index {
  // expected-error @+1 {{dim 0 is out of range for a tensor of rank 0}}
  %0 = symshape.sym_size %x, 0 : tensor<f32>
  return %0 : index
}
