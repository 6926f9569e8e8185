// Not a symshape failure: the hand-minimized form of seed 67 program 482
// (mismatch-pass_symshape-cleanup-67000683.mlir) and of the other programs
// classified as "the open upstream one-shot-bufferize miscompile". MLIR
// 22.1's one-shot-bufferize, with bufferize-function-boundaries, writes a
// function argument in place when the write is in a block other than the
// entry block, although the function also returns the argument's old
// value: @f returns the same buffer twice, so both results hold 7.0 at
// [0, 1]. Without the branch (the same function in one block) it copies
// the argument first. symshape-cleanup folded program 482's branch on
// `dim < dim` and its block argument became the function argument, which
// is right, and led the standard lowering here: lowered with
// one-shot-bufferize{copy-before-write} instead, the processed program prints
// the input's numbers.
// RUN: mlir-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map})" | FileCheck %s
// Like the other reproducers here, the RUN line fails while the bug is open
// (`symshape_fuzz.py --check-reproducers` reports it as "STILL FAILS"):
// CHECK-NOT: return %arg0, %arg0
func.func @f(%a: tensor<?x?xf32>, %b: i1) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7.0 : f32
  cf.cond_br %b, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  %r = tensor.insert %v into %a[%c0, %c1] : tensor<?x?xf32>
  return %r, %a : tensor<?x?xf32>, tensor<?x?xf32>
}
