// RUN: symshape-opt %s --symshape-dynamic-to-static | FileCheck %s

// scf.while: a carried tensor whose dims one probed trip keeps takes its
// init's static type, and so does the result it forwards (must fire).
// CHECK-LABEL: func.func @while_keeps(
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<4xf32>, index) -> (tensor<4xf32>, index)
// CHECK: ^bb0(%{{.*}}: tensor<4xf32>, %{{.*}}: index):
// CHECK: linalg.fill {{.*}} -> tensor<4xf32>
func.func @while_keeps(%x: tensor<4xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xd = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  %r:2 = scf.while (%t = %xd, %i = %c0) : (tensor<?xf32>, index) -> (tensor<?xf32>, index) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %t, %i : tensor<?xf32>, index
  } do {
  ^bb0(%t2: tensor<?xf32>, %i2: index):
    %f = arith.constant 1.0 : f32
    %u = linalg.fill ins(%f : f32) outs(%t2 : tensor<?xf32>) -> tensor<?xf32>
    %j = arith.addi %i2, %c1 : index
    scf.yield %u, %j : tensor<?xf32>, index
  }
  return %r#0 : tensor<?xf32>
}

// A carry that grows stays dynamic (must stay).
// CHECK-LABEL: func.func @while_grows(
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (tensor<?xf32>) -> tensor<?xf32>
func.func @while_grows(%x: tensor<4xf32>, %n: index) -> tensor<?xf32> {
  %f = arith.constant 1.0 : f32
  %xd = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  %r = scf.while (%t = %xd) : (tensor<?xf32>) -> (tensor<?xf32>) {
    %c0 = arith.constant 0 : index
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
  return %r : tensor<?xf32>
}

// scf.forall: a shared output takes the output's static type; the
// parallel_insert_slice keeps writing into it, other users read it through
// a cast back (must fire).
// CHECK-LABEL: func.func @forall(
// CHECK: scf.forall (%{{.*}}) in (4) shared_outs(%[[S:.*]] = %{{.*}}) -> (tensor<8xf32>)
// CHECK: tensor.cast %[[S]] : tensor<8xf32> to tensor<?xf32>
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[S]][%{{.*}}] [1] [1] : tensor<1xf32> into tensor<8xf32>
func.func @forall(%out: tensor<8xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %o = tensor.cast %out : tensor<8xf32> to tensor<?xf32>
  %r = scf.forall (%i) in (4) shared_outs(%s = %o) -> (tensor<?xf32>) {
    %d = tensor.dim %s, %c0 : tensor<?xf32>
    %one = tensor.from_elements %f : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %one into %s[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}

// An output of unknown size stays dynamic (must stay).
// CHECK-LABEL: func.func @forall_dynamic(
// CHECK: scf.forall {{.*}} -> (tensor<?xf32>)
func.func @forall_dynamic(%o: tensor<?xf32>) -> tensor<?xf32> {
  %f = arith.constant 2.0 : f32
  %r = scf.forall (%i) in (4) shared_outs(%s = %o) -> (tensor<?xf32>) {
    %one = tensor.from_elements %f : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %one into %s[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}
