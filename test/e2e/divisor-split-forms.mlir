// With H a multiple of 4, (H floordiv 2 + 1) floordiv 2 (two stride-2
// output sizes in a row) is H floordiv 4: the engine splits off the terms
// the divisor divides when the rest lies in [0, divisor - 1]. The report
// shows the simplest form; the numbers are the same before and after, for
// H = 0, 4 and 12. With H only a multiple of 2 the nested division is
// flattened (the constant moves inside: (H + 2) floordiv 4), not H floordiv 4.
//
// RUN: symshape-opt %s --symshape-infer=report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: symshape-opt %s --symshape-lower=checks=none | mlir-opt %lower_to_llvm | %run_cpu > %t.before
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after

// REPORT-LABEL: symshape facts for @quarter:
// REPORT: tensor.empty {{.*}} = [H floordiv 4 (in [0, inf])]
// REPORT-LABEL: symshape facts for @half_only:
// REPORT: tensor.empty {{.*}} = [(H + 2) floordiv 4 (in [0, inf])]

// CHECK: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 3
// CHECK-NEXT: 2
// CHECK-NEXT: 4

func.func private @printI64(i64)
func.func private @printNewline()

func.func @quarter(%x: tensor<?xf32> {symshape.dim_names = ["H"], symshape.dim_divisors = [4]}) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h = tensor.dim %x, %c0 : tensor<?xf32>
  %a = arith.floordivsi %h, %c2 : index
  %b = arith.addi %a, %c1 : index
  %r = arith.floordivsi %b, %c2 : index
  %e = tensor.empty(%r) : tensor<?xf32>
  %d = tensor.dim %e, %c0 : tensor<?xf32>
  return %d : index
}

func.func @half_only(%x: tensor<?xf32> {symshape.dim_names = ["H"], symshape.dim_divisors = [2]}) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h = tensor.dim %x, %c0 : tensor<?xf32>
  %a = arith.floordivsi %h, %c2 : index
  %b = arith.addi %a, %c1 : index
  %r = arith.floordivsi %b, %c2 : index
  %e = tensor.empty(%r) : tensor<?xf32>
  %d = tensor.dim %e, %c0 : tensor<?xf32>
  return %d : index
}

func.func @print(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @run(%n: index) -> index {
  %t = tensor.empty(%n) : tensor<?xf32>
  %q = func.call @quarter(%t) : (tensor<?xf32>) -> index
  return %q : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %a = func.call @run(%c0) : (index) -> index
  func.call @print(%a) : (index) -> ()
  %b = func.call @run(%c4) : (index) -> index
  func.call @print(%b) : (index) -> ()
  %c = func.call @run(%c12) : (index) -> index
  func.call @print(%c) : (index) -> ()
  %t6 = tensor.empty(%c6) : tensor<?xf32>
  %d = func.call @half_only(%t6) : (tensor<?xf32>) -> index
  func.call @print(%d) : (index) -> ()
  %t14 = tensor.empty(%c14) : tensor<?xf32>
  %e = func.call @half_only(%t14) : (tensor<?xf32>) -> index
  func.call @print(%e) : (index) -> ()
  return
}
