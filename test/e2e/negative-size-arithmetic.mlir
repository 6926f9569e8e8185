// Arithmetic built from sizes may be negative: `(0 - a) + b`,
// `(2 - a) floordiv 4`, `4 - 5 * a` and `max((0 - a) * 5, 0)` with a = 7,
// b = 2 are -5, -2, -31 and 0. The fact-using canonicalization once took
// every operand built only from dims as a size (>= 0) and computed 2, 0, 4,
// 0. The numbers are the same before and after, under every option set,
// after plain --canonicalize of the inferred form, and after cleanup alone.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu > %t.before
// RUN: FileCheck %s --input-file=%t.before
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu > %t.after
// RUN: diff %t.before %t.after
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | mlir-opt %lower_to_llvm | %run_cpu > %t.none
// RUN: diff %t.before %t.none
// RUN: symshape-opt %s --symshape-pipeline="bind=a=7,b=2" | mlir-opt %lower_to_llvm | %run_cpu > %t.bind
// RUN: diff %t.before %t.bind
// RUN: symshape-opt %s --symshape-pipeline="profile=a:1:7:16,b:1:2:16" | mlir-opt %lower_to_llvm | %run_cpu > %t.profile
// RUN: diff %t.before %t.profile
// RUN: symshape-opt %s --symshape-infer --canonicalize --symshape-lower | mlir-opt %lower_to_llvm | %run_cpu > %t.canon
// RUN: diff %t.before %t.canon
// RUN: symshape-opt %s --symshape-infer --symshape-cleanup --symshape-lower | mlir-opt %lower_to_llvm | %run_cpu > %t.cleanup
// RUN: diff %t.before %t.cleanup

// CHECK: -5
// CHECK-NEXT: -2
// CHECK-NEXT: -31
// CHECK-NEXT: 0

func.func private @printI64(i64)
func.func private @printNewline()

func.func @f(%x: tensor<?xf32> {symshape.dim_names = ["a"]},
             %y: tensor<?xf32> {symshape.dim_names = ["b"]})
    -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = tensor.dim %x, %c0 : tensor<?xf32>
  %b = tensor.dim %y, %c0 : tensor<?xf32>
  %na = arith.subi %c0, %a : index
  %r0 = arith.addi %na, %b : index
  %t = arith.subi %c2, %a : index
  %r1 = arith.floordivsi %t, %c4 : index
  %fa = arith.muli %a, %c5 : index
  %r2 = arith.subi %c4, %fa : index
  %m = arith.muli %na, %c5 : index
  %r3 = arith.maxsi %m, %c0 : index
  return %r0, %r1, %r2, %r3 : index, index, index, index
}

func.func @print(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %x = tensor.empty() : tensor<7xf32>
  %y = tensor.empty() : tensor<2xf32>
  %xd = tensor.cast %x : tensor<7xf32> to tensor<?xf32>
  %yd = tensor.cast %y : tensor<2xf32> to tensor<?xf32>
  %r:4 = func.call @f(%xd, %yd)
      : (tensor<?xf32>, tensor<?xf32>) -> (index, index, index, index)
  func.call @print(%r#0) : (index) -> ()
  func.call @print(%r#1) : (index) -> ()
  func.call @print(%r#2) : (index) -> ()
  func.call @print(%r#3) : (index) -> ()
  return
}
