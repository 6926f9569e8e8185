// A helper called by a function that is called in turn, and two private
// functions that call each other: symshape-pipeline processes functions in
// call-graph order (a call cycle together), and the numbers do not change.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: symshape-opt %s --symshape-pipeline --mlir-disable-threading | diff %t.mlir -

// A dim of 5: @mid returns 5 + 1; @ping(t, n) returns (n + 1) * 5, so
// @cycle_caller(t, 3) returns max(20, 5) + 5.
// CHECK: 6
// CHECK-NEXT: 25

func.func private @printI64(i64)
func.func private @printNewline()

func.func private @leaf(%t: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %s = arith.addi %d, %c1 : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

func.func @mid(%t: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %r = func.call @leaf(%t) : (tensor<?xf32>) -> index
  %m = arith.maxsi %r, %d : index
  return %m : index
}

func.func private @ping(%t: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %m = arith.maxsi %d, %d : index
  %done = arith.cmpi sle, %n, %c0 : index
  %r = scf.if %done -> index {
    scf.yield %m : index
  } else {
    %k = arith.subi %n, %c1 : index
    %p = func.call @pong(%t, %k) : (tensor<?xf32>, index) -> index
    scf.yield %p : index
  }
  return %r : index
}

func.func private @pong(%t: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %m = arith.minsi %d, %d : index
  %p = func.call @ping(%t, %n) : (tensor<?xf32>, index) -> index
  %s = arith.addi %p, %m : index
  return %s : index
}

func.func @cycle_caller(%t: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %r = func.call @ping(%t, %n) : (tensor<?xf32>, index) -> index
  %m = arith.maxsi %r, %d : index
  %e = arith.maxsi %d, %d : index
  %x = arith.addi %m, %e : index
  return %x : index
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %t = tensor.empty(%c5) : tensor<?xf32>
  %a = func.call @mid(%t) : (tensor<?xf32>) -> index
  %b = func.call @cycle_caller(%t, %c3) : (tensor<?xf32>, index) -> index
  %ai = arith.index_cast %a : index to i64
  %bi = arith.index_cast %b : index to i64
  func.call @printI64(%ai) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%bi) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
