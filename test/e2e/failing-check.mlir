// A failing range check aborts with its message, before and after
// symshape-pipeline: the user's cf.assert survives, and a range the user
// declared on an argument (symshape.dim_ranges) becomes a checked assert.
//
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: symshape-opt %s --symshape-pipeline=checks=none | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s --check-prefix=NOCHECKS

// Rows are asserted to be at most 4 by the user (this passes: 3 rows), then
// at most 1 (this fails). Columns are declared in [1, 2] on the argument
// (violated: 5 columns). 111 is printed before @model, 222 after the first
// user check.
// Without symshape, only the user's checks run: the second one aborts.
// BEFORE: 111
// BEFORE-NEXT: 222
// BEFORE-NEXT: rows must be at most 1
// The declared range is checked at the function entry, before the body.
// AFTER: 111
// AFTER-NEXT: symshape: symbol 'cols' (dim 1 of arg 0 of @model) must be in [1, 2]
// AFTER-NOT: 222
// checks=none trusts the declaration; the user's checks remain.
// NOCHECKS: 111
// NOCHECKS-NEXT: 222
// NOCHECKS-NEXT: rows must be at most 1

func.func private @printI64(i64)
func.func private @printNewline()

func.func @mark(%v: i64) {
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @model(%x: tensor<?x?xf32> {symshape.dim_names = ["rows", "cols"],
                                       symshape.dim_ranges = [unit, #symshape.range<[1, 2]>]}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %ok = arith.cmpi sle, %rows, %c4 : index
  cf.assert %ok, "rows must be at most 4"
  %m222 = arith.constant 222 : i64
  func.call @mark(%m222) : (i64) -> ()
  %fails = arith.cmpi sle, %rows, %c1 : index
  cf.assert %fails, "rows must be at most 1"
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %x = tensor.generate %c3, %c5 {
  ^bb0(%i: index, %j: index):
    %one = arith.constant 1.0 : f32
    tensor.yield %one : f32
  } : tensor<?x?xf32>
  %m111 = arith.constant 111 : i64
  func.call @mark(%m111) : (i64) -> ()
  func.call @model(%x) : (tensor<?x?xf32>) -> ()
  return
}
