// An `scf.for unsigned` compares its bounds unsigned: inside it, facts about
// the induction variable are unsigned facts. Here lb = 3, ub = -1 (2^64 - 1
// unsigned) and a step of -4 (2^64 - 4 unsigned) give exactly one iteration
// with %i = 3, where `3 <s -1` is false. Regression: the loop's bounds were
// taken as signed facts and the comparison folded to true (the processed
// program printed 1 instead of 0).
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=IR

// The bounds may be negative: nothing is decided.
// IR-LABEL: func.func @lt_in_unsigned_loop
// IR: scf.for unsigned
// IR: arith.cmpi slt
// Bounds proven non-negative (0 and a dim): 0 <= %i < dim holds signed too.
// IR-LABEL: func.func @lt_in_unsigned_loop_over_dim
// IR: cf.assert {{.*}}below 2^62
// IR-NOT: arith.cmpi
// IR: return

// CHECK: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 5

func.func private @printI64(i64)
func.func private @printNewline()

func.func @lt_in_unsigned_loop(%lb: index, %n: index, %step: index) -> i64 {
  %z = arith.constant 0 : i64
  %r = scf.for unsigned %i = %lb to %n step %step iter_args(%acc = %z) -> (i64) {
    %lt = arith.cmpi slt, %i, %n : index
    %v = arith.extui %lt : i1 to i64
    scf.yield %v : i64
  }
  return %r : i64
}

func.func @lt_in_unsigned_loop_over_dim(%t: tensor<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %z = arith.constant 0 : i64
  %r = scf.for unsigned %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %lt = arith.cmpi slt, %i, %n : index
    %v = arith.extui %lt : i1 to i64
    %s = arith.addi %acc, %v : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @show(%lb: index, %n: index, %step: index) {
  %r = func.call @lt_in_unsigned_loop(%lb, %n, %step) : (index, index, index) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %m4 = arith.constant -4 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  // One iteration, %i = 3, %n = -1: 3 <s -1 is false.
  func.call @show(%c3, %m1, %m4) : (index, index, index) -> ()
  // Non-negative bounds: the signed fact holds (0 <= %i < 5).
  func.call @show(%c0, %c5, %c1) : (index, index, index) -> ()
  func.call @show(%c3, %c5, %c1) : (index, index, index) -> ()
  // Five iterations over a dim, each counting 1.
  %t = tensor.empty(%c5) : tensor<?xf32>
  %r = func.call @lt_in_unsigned_loop_over_dim(%t) : (tensor<?xf32>) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
