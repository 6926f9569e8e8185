// RUN: symshape-opt %s --symshape-pipeline=explain -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s

// A remark names a value of a non-entry block by where it is declared in
// the source (once "[block argument 0 of func.func at ...:1:1]", which
// pointed at the function).
// CHECK: pipeline-explain-block-argument-names.mlir:[[# @LINE + 7]]:8: remark: kept max([block argument at pipeline-explain-block-argument-names.mlir:[[# @LINE + 6]]:6], 4): no operand is proven to be the largest
func.func @f(%x: tensor<?xf32>, %c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  cf.cond_br %c, ^bb1(%d : index), ^bb1(%c4 : index)
^bb1(%n: index):
  %m = arith.maxsi %n, %c4 : index
  return %m : index
}
