// An argument bound by the user keeps the range and divisor its attributes
// state: they decide min(s, 40) (s = dim / 2 in [2, 32]) and are checked at
// run time. The numbers are the same before and after for inputs within the
// declaration; an input outside it aborts with the declaration's message.
//
// The input's numbers: its symshape ops lowered without their facts.
// RUN: symshape-opt %s --symshape-lower=checks=none | mlir-opt %lower_to_llvm | %run_cpu > %t.before
// RUN: FileCheck %s --check-prefixes=CHECK,BEFORE --input-file=%t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.after.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.after.mlir
// RUN: mlir-opt %t.after.mlir %lower_to_llvm | not --crash %run_cpu > %t.after 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,AFTER --input-file=%t.after

// IR-LABEL: func.func @half
// IR-NOT: arith.minsi
// IR: return

// CHECK: 2
// CHECK-NEXT: 32
// BEFORE-NEXT: 40
// AFTER-NEXT: symshape: symbol 'half.arg0.d0' (dim 0 of arg 0 of @half) must be in [4, 64]

func.func private @printI64(i64)
func.func private @printNewline()

func.func @half(%x: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[4, 64]>],
                                   symshape.dim_divisors = [4]}) -> index {
  %s = symshape.symbol "s" : index
  symshape.bind_shape %x, [%s] : tensor<?xf32> = (2 * s0)
  %c40 = arith.constant 40 : index
  %m = symshape.sym_min %s, %c40 : index
  return %m : index
}

func.func @call(%n: index) {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = func.call @half(%e) : (tensor<?xf32>) -> index
  %i = arith.index_cast %r : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  func.call @call(%c4) : (index) -> ()
  func.call @call(%c64) : (index) -> ()
  func.call @call(%c96) : (index) -> ()
  return
}
