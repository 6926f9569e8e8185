// A max and a min used only by a select are decided by its condition; the
// same max used elsewhere keeps its value: the numbers are those of the
// unprocessed program, for either branch of the select.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | FileCheck %s
// CHECK: 5
// CHECK-NEXT: 5
// CHECK-NEXT: 3
// CHECK-NEXT: 6

func.func private @printI64(i64)
func.func private @printNewline()

func.func @pick(%a: index, %b: index) -> (index, index) {
  %le = arith.cmpi sle, %a, %b : index
  %m = arith.maxsi %a, %b : index
  %n = arith.minsi %a, %b : index
  %r = arith.select %le, %m, %n : index
  %k = arith.maxsi %a, %b : index
  return %r, %k : index, index
}

func.func @print(%v: index) {
  %w = arith.index_cast %v : index to i64
  func.call @printI64(%w) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c3 = arith.constant 3 : index
  %r1, %k1 = func.call @pick(%c2, %c5) : (index, index) -> (index, index)
  func.call @print(%r1) : (index) -> ()
  func.call @print(%k1) : (index) -> ()
  %r2, %k2 = func.call @pick(%c6, %c3) : (index, index) -> (index, index)
  func.call @print(%r2) : (index) -> ()
  func.call @print(%k2) : (index) -> ()
  return
}
