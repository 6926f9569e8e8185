// RUN: symshape-opt %s --symshape-simplify | FileCheck %s

// scf.while: a carried tensor keeps its dim when one probed trip through
// both regions keeps it (must fire), not when the body grows it (must stay).
// CHECK-LABEL: func.func @while_keeps(
// CHECK-NOT: arith.subi
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: return %[[Z]]
func.func @while_keeps(%x: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%t = %x, %i = %c0) : (tensor<?xf32>, index) -> (tensor<?xf32>, index) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %t, %i : tensor<?xf32>, index
  } do {
  ^bb0(%t2: tensor<?xf32>, %i2: index):
    %f = arith.constant 1.0 : f32
    %u = linalg.fill ins(%f : f32) outs(%t2 : tensor<?xf32>) -> tensor<?xf32>
    %j = arith.addi %i2, %c1 : index
    scf.yield %u, %j : tensor<?xf32>, index
  }
  %d = tensor.dim %r#0, %c0 : tensor<?xf32>
  %dx = tensor.dim %x, %c0 : tensor<?xf32>
  %e = arith.subi %d, %dx : index
  return %e : index
}

// CHECK-LABEL: func.func @while_grows(
// CHECK: %[[E:.*]] = arith.subi
// CHECK: return %[[E]]
func.func @while_grows(%x: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %r = scf.while (%t = %x) : (tensor<?xf32>) -> (tensor<?xf32>) {
    %d = tensor.dim %t, %c0 : tensor<?xf32>
    %go = arith.cmpi slt, %d, %n : index
    scf.condition(%go) %t : tensor<?xf32>
  } do {
  ^bb0(%t2: tensor<?xf32>):
    %p = tensor.pad %t2 low[0] high[1] {
    ^bb0(%i: index):
      tensor.yield %f : f32
    } : tensor<?xf32> to tensor<?xf32>
    scf.yield %p : tensor<?xf32>
  }
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  %dx = tensor.dim %x, %c0 : tensor<?xf32>
  %e = arith.subi %d, %dx : index
  return %e : index
}

// A result forwarded from a value of the body (a different value on every
// trip) does not describe the result: its dim stays unknown.
// CHECK-LABEL: func.func @while_body_value(
// CHECK: %[[E:.*]] = arith.subi
// CHECK: return %[[E]]
func.func @while_body_value(%x: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %t = %x) : (index, tensor<?xf32>) -> (index, tensor<?xf32>) {
    %e = tensor.empty(%i) : tensor<?xf32>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %e : index, tensor<?xf32>
  } do {
  ^bb0(%i2: index, %t2: tensor<?xf32>):
    %j = arith.addi %i2, %c1 : index
    scf.yield %j, %t2 : index, tensor<?xf32>
  }
  %d = tensor.dim %r#1, %c0 : tensor<?xf32>
  %e = arith.subi %d, %r#0 : index
  return %e : index
}

// scf.forall: a shared output keeps the output's dims in the body, and
// lb <= iv < ub holds there.
// CHECK-LABEL: func.func @forall(
// CHECK: scf.forall (%[[IV:.*]]) in (4)
// CHECK-NOT: tensor.dim
// CHECK-NOT: arith.minsi
// CHECK: tensor.parallel_insert_slice
func.func @forall(%out: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 2.0 : f32
  %n = tensor.dim %out, %c0 : tensor<?xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<?xf32>) {
    %d = tensor.dim %o, %c0 : tensor<?xf32>
    %same = arith.subi %d, %n : index
    %m = arith.minsi %i, %c4 : index
    %at = arith.addi %m, %same : index
    %one = tensor.from_elements %f : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %one into %o[%at] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}
