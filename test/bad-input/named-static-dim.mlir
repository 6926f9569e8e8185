// A name on a static dim states the name's value: `n` is 4 in @f, so the
// dynamic dim named `n` is checked to be 4 and then is 4. Regression: the
// static dim's name was ignored, so the fact n == 4 was lost and bind=n=5
// was accepted.
//
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline="bind=n=4" | FileCheck %s --check-prefix=BIND
// RUN: not symshape-opt %s --symshape-pipeline="bind=n=5" 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: func.func @f
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[D:.*]] = tensor.dim %arg1
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[D]], %[[C4]]
// CHECK: cf.assert %[[EQ]], "symshape: dim 0 of arg 1 of @f must equal n"
// CHECK: return %[[C4]]

// BIND-LABEL: func.func @f
// BIND-SAME: tensor<4xf32>
// BIND: return %c4

// ERR: named-static-dim.mlir:[[@LINE+1]]:
func.func @f(%x: tensor<4xf32> {symshape.dim_names = ["n"]},
             %y: tensor<?xf32> {symshape.dim_names = ["n"]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %y, %c0 : tensor<?xf32>
  return %d : index
}
