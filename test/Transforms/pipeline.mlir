// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline=checks=none | FileCheck %s --check-prefix=NONE
// RUN: symshape-opt %s --symshape-pipeline="explain" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: symshape-opt %s --symshape-pipeline="report" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// The report goes to stderr: the module's stream stays a module.
// RUN: symshape-opt %s --symshape-pipeline="report" 2>/dev/null | mlir-opt --load-dialect-plugin=%symshape_plugin > /dev/null
// The plugin spelling of the same pipeline with options, in stock mlir-opt.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin --load-pass-plugin=%symshape_plugin \
// RUN:   --pass-pipeline='builtin.module(symshape-pipeline{checks=none})' %s | FileCheck %s --check-prefix=NONE

// symshape-pipeline: ordinary MLIR in (symshape ops allowed), ordinary MLIR
// out, with proven simplifications and checked facts.

// CHECK-LABEL: func.func @model
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[Y:.*]]: tensor<?xf32>)
// The declared range of rows is checked at the entry.
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'rows' (dim 0 of arg 0 of @model) must be in [1, 8]"
// The user's own check stays.
// CHECK: cf.assert %{{.*}}, "cols <= 4"
// max(rows, cols) is undecided and stays; min(rows, 8) and min(cols, 4) are
// decided by the facts.
// CHECK: arith.maxsi
// CHECK-NOT: arith.minsi
// CHECK-NOT: symshape.
// CHECK: return

// NONE-LABEL: func.func @model
// NONE-NOT: symshape:
// NONE: cf.assert %{{.*}}, "cols <= 4"
// NONE-NOT: symshape.
// NONE: return

// EXPLAIN-DAG: remark: decided min(rows, 8) = rows
// EXPLAIN-DAG: remark: decided min(model.arg0.d1, 4) = model.arg0.d1
// EXPLAIN-DAG: remark: kept max(rows, model.arg0.d1): no operand is proven to be the largest

// REPORT: symshape summary for @model:
// REPORT: rows : size in [1, 8] (declared at pipeline.mlir:[[#]]:[[#]])
func.func @model(%x: tensor<?x?xf32> {symshape.dim_names = ["rows", ""],
                                      symshape.dim_ranges = [#symshape.range<[1, 8]>, unit]},
                 %y: tensor<?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %ok = arith.cmpi sle, %cols, %c4 : index
  cf.assert %ok, "cols <= 4"
  %m = arith.maxsi %rows, %cols : index
  %a = arith.minsi %rows, %c8 : index
  %b = arith.minsi %cols, %c4 : index
  return %m, %a, %b : index, index, index
}
