// Functions are simplified in call-graph order: a callee before its
// callers (each function in one task, to its own fixpoint), and functions on
// a call cycle (@ping and @pong) together, in rounds. The result is the same
// with and without threads.
//
// RUN: symshape-opt %s --symshape-simplify | FileCheck %s
// RUN: symshape-opt %s --symshape-simplify --mlir-disable-threading | FileCheck %s

// The helper's max is its first operand; its caller's max is the call (the
// helper returns its dim plus one).
// CHECK-LABEL: func.func private @leaf
// CHECK-NOT: arith.maxsi
// CHECK: return
// CHECK-LABEL: func.func @mid
// CHECK-NEXT: %[[R:.*]] = call @leaf
// CHECK-NEXT: return %[[R]]

// On the cycle, each function's own max/min of a dim with itself goes.
// CHECK-LABEL: func.func private @ping
// CHECK-NOT: arith.maxsi
// CHECK: scf.yield %dim : index
// CHECK-LABEL: func.func private @pong
// CHECK-NOT: arith.minsi
// CHECK: arith.addi

// No summary of a call into the cycle: that max stays (must not fire); the
// other one goes.
// CHECK-LABEL: func.func @cycle_caller
// CHECK: %[[P:.*]] = call @ping
// CHECK-NEXT: %[[M:.*]] = arith.maxsi %[[P]], %dim : index
// CHECK-NEXT: arith.addi %[[M]], %dim : index
// CHECK-NOT: arith.maxsi

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
