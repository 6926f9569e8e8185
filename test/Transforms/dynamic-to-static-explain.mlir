// RUN: symshape-opt %s --symshape-dynamic-to-static=explain-all -verify-diagnostics | FileCheck %s

// With explain-all, every dim left dynamic gets a remark saying what is
// known (explain alone: dynamic-to-static-explain-per-function.mlir).
// CHECK-LABEL: func.func @explain
// CHECK: tensor.empty(%{{.*}}) : tensor<?x4xf32>
func.func @explain(%n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %ok = arith.cmpi sle, %n, %c16 : index
  cf.assert %ok, "n <= 16"
  %m = arith.maxsi %n, %c0 : index
  // expected-remark @+1 {{dim 0 of result 0 stays dynamic: max(arg0, 0) is not proven constant (it is in [0, 16])}}
  %e = tensor.empty(%m, %c4) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
