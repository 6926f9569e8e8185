// RUN: symshape-opt %s --symshape-dynamic-to-static=explain -o /dev/null 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline=explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE

// With explain, the dims that stay dynamic are said once per function, at
// its location: the symbols they are made of, with their ranges where first
// met. No remark per dim (explain-all gives those:
// dynamic-to-static-explain.mlir), and a function whose dims all become
// static gets none.

// (The pass alone does not read the dim attributes' ranges: symshape-infer
// does, in the pipeline.)
// CHECK: dynamic-to-static-explain-per-function.mlir:[[@LINE+5]]:1: remark: batch, seq stay symbolic (batch in [0, inf], seq in [0, inf]): no fact or binding makes them constant
// CHECK-NOT: stays dynamic
// CHECK-NOT: remark
// PIPE: remark: batch, seq stay symbolic (batch in [1, 8], seq in [1, 32])
// PIPE-NOT: stays dynamic
func.func @model(%x: tensor<?x?x4xf32> {symshape.dim_names = ["batch", "seq", ""],
                                        symshape.dim_ranges = [#symshape.range<[1, 8]>, #symshape.range<[1, 32]>, unit]})
    -> tensor<?x?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x4xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x4xf32>
  %e = tensor.empty(%b, %s) : tensor<?x?x4xf32>
  %f = linalg.copy ins(%x : tensor<?x?x4xf32>) outs(%e : tensor<?x?x4xf32>) -> tensor<?x?x4xf32>
  return %f : tensor<?x?x4xf32>
}

func.func @all_static(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> index {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %is3 = arith.cmpi eq, %n, %c3 : index
  cf.assert %is3, "n == 3"
  %e = tensor.empty(%n) : tensor<?xf32>
  %d = tensor.dim %e, %c0 : tensor<?xf32>
  return %d : index
}
