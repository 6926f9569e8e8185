func.func @double(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  return %e : tensor<?xf32>
}

func.func @clamp(%k: index) -> index {
  %c1 = arith.constant 1 : index
  %m = symshape.constrain_range %k [2, 8] : index
  %r = arith.maxsi %m, %c1 : index
  return %r : index
}
