// A fact stated by a check holds after the check only, whether the pass runs
// on the module or nested on each function (the analyses of a module's
// functions run separately, in parallel). Here the check states that %r is 0
// (%n is 3 in fact: the check fails at run time): %r must not be replaced
// by 0 before it, or the check would pass and the program return.
// (Nested on a function, the facts of the whole function used to outlive
// the walk and were used to rebuild %r at its definition.)
//
// RUN: symshape-opt %s --symshape-simplify | FileCheck %s
// RUN: symshape-opt %s --pass-pipeline="builtin.module(func.func(symshape-simplify))" | FileCheck %s
// RUN: symshape-opt %s --symshape-simplify --mlir-disable-threading | FileCheck %s

// CHECK-LABEL: func.func @fact_after_value
// CHECK: %[[N:.*]]:2 = scf.for
// CHECK: %[[R:.*]] = arith.remui %[[N]]#1, %{{.*}} : index
// CHECK: %[[EVEN:.*]] = arith.cmpi eq, %[[R]], %{{.*}} : index
// CHECK: cf.assert %[[EVEN]], "even"
func.func @fact_after_value(%t: tensor<3x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n:2 = scf.for %i = %c0 to %c3 step %c2 iter_args(%acc = %t, %k = %c3) -> (tensor<3x?xf32>, index) {
    scf.yield %acc, %k : tensor<3x?xf32>, index
  }
  %r = arith.remui %n#1, %c2 : index
  %even = arith.cmpi eq, %r, %c0 : index
  cf.assert %even, "even"
  return %r : index
}

// Two functions: each one's facts stay in it.
// CHECK-LABEL: func.func @first
// CHECK: cf.assert
// CHECK-LABEL: func.func @second
// CHECK: %[[M:.*]] = arith.maxsi
// CHECK: return %[[M]]
func.func @first(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi sle, %d, %c8 : index
  cf.assert %small, "d <= 8"
  return %d : index
}
func.func @second(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.maxsi %d, %c8 : index
  return %m : index
}
