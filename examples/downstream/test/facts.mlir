// RUN: downstream-opt %s --symshape-infer=report -o /dev/null 2>&1 | FileCheck %s
// RUN: downstream-opt %s --symshape-infer | FileCheck %s --check-prefix=IR

// What symshape learns from the dstream ops through their models: a tie
// gives the dims of its result, an assumption the range and divisor of its
// operand (here the function arguments arg1 and arg2).

// CHECK-LABEL: symshape facts for @tiles:
// CHECK-NEXT: symbols:
// The assumed [1, 64], multiple of 8, is [8, 64].
// CHECK-NEXT: arg1 : integer in [8, 64], multiple of 8
// CHECK-NEXT: arg2 : integer in [0, 100]
// CHECK: tensor dims:
// CHECK-NEXT: (dstream.tie_shape at facts.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?x?xf32> = [arg1, arg2]
// Derived sizes get their ranges from the assumptions.
// CHECK-NEXT: (tensor.empty at facts.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?x?xf32> = [4 * arg1 (in [32, 256]), arg2 + 1 (in [1, 101])]
// CHECK-NEXT: (tensor.collapse_shape at facts.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [arg1 * arg2 (in [0, 6400])]

// symshape-infer raises dims of the tied tensor to symshape ops; the
// dstream ops stay.
// IR-LABEL: func.func @tiles
// IR: dstream.assume
// IR: %[[T:.*]] = dstream.tie_shape
// IR: symshape.sym_size %[[T]], 0
// IR: symshape.apply
func.func @tiles(%x: tensor<?x?xf32>, %n: index, %k: index) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tile = dstream.assume %n min 1 max 64 divisor 8 : index
  %cols = dstream.assume %k min 0 max 100 : index
  %t = dstream.tie_shape %x : tensor<?x?xf32>{%tile, %cols}
  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
  %rows = arith.muli %d0, %c4 : index
  %wide = arith.addi %cols, %c1 : index
  %e = tensor.empty(%rows, %wide) : tensor<?x?xf32>
  %flat = tensor.collapse_shape %t [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  return %e, %flat : tensor<?x?xf32>, tensor<?xf32>
}
