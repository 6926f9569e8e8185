// The input of test/install/library-doc-project.test: mini.at_least (the
// op of docs/Library.md's project from scratch) states a lower bound that
// symshape uses through the project's model.
func.func @at_least(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = mini.at_least %n min 8
  %k = arith.maxsi %m, %c1 : index
  return %k : index
}

// -----

// min 0 says nothing max(n, 1) needs: the max stays.
func.func @at_least_zero(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = mini.at_least %n min 0
  %k = arith.maxsi %m, %c1 : index
  return %k : index
}
