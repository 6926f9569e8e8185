// The no-overflow assumption of sizes, checked where sizes enter: a
// 2^62 x 0 tensor has no element and exists, and on it the input's
// `(4 * n) floordiv 4` wraps to 0 while the simplified `n` is 2^62. Under
// checks=assert (the default) a public function's entry checks that every
// dynamic dim of its arguments is below 2^62, so such an input aborts with
// a message naming the assumption instead of computing other numbers; the
// sizes below the limit compute what the input computes. With checks=none
// the assumption is trusted: no check.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE --input-file=%t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.after.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.after.mlir
// RUN: mlir-opt %t.after.mlir %lower_to_llvm | not --crash %run_cpu > %t.after 2>&1
// RUN: FileCheck %s --check-prefix=AFTER --input-file=%t.after
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | FileCheck %s --check-prefix=NONE

// BEFORE: 5
// BEFORE-NEXT: 10
// BEFORE-NEXT: 0
// BEFORE-NEXT: 4611686018427387904

// IR-LABEL: func.func @f
// IR: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x0xf32>
// IR: %[[OK:.*]] = arith.cmpi ult, %[[D]], %{{.*}} : index
// IR: cf.assert %[[OK]], "symshape: the dynamic dims of @f's arguments must be below 2^62 (the no-overflow assumption of sizes)"
// IR: return
// The harness has no dynamic argument: no check.
// IR-LABEL: func.func @main
// IR-NOT: cf.assert

// The sizes below the limit give the same numbers; at the limit, the check.
// AFTER: 5
// AFTER-NEXT: 10
// AFTER-NEXT: symshape: the dynamic dims of @f's arguments must be below 2^62

// NONE-LABEL: func.func @f
// NONE-NOT: cf.assert
// NONE: return

func.func private @printI64(i64)
func.func private @printNewline()

func.func @f(%x: tensor<?x0xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %x, %c0 : tensor<?x0xf32>
  %m = arith.muli %n, %c4 : index
  %q = arith.floordivsi %m, %c4 : index
  %t = arith.muli %n, %c2 : index
  %r = arith.maxsi %t, %n : index
  return %q, %r : index, index
}

func.func @print(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %small = tensor.empty() : tensor<5x0xf32>
  %s = tensor.cast %small : tensor<5x0xf32> to tensor<?x0xf32>
  %a:2 = func.call @f(%s) : (tensor<?x0xf32>) -> (index, index)
  func.call @print(%a#0) : (index) -> ()
  func.call @print(%a#1) : (index) -> ()
  %huge = tensor.empty() : tensor<4611686018427387904x0xf32>
  %h = tensor.cast %huge : tensor<4611686018427387904x0xf32> to tensor<?x0xf32>
  %b:2 = func.call @f(%h) : (tensor<?x0xf32>) -> (index, index)
  func.call @print(%b#0) : (index) -> ()
  func.call @print(%b#1) : (index) -> ()
  return
}
