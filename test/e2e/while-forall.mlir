// scf.while carried dims and scf.forall shared outputs: the numbers are those
// of the unprocessed program, before and after the pipeline.
//
// RUN: mlir-opt %s %lower_to_llvm_loop_allocs | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm_loop_allocs | %run_cpu | FileCheck %s
// The private functions, called at one static shape each, become static,
// and so do the loops whose bodies keep the dims: the while that fills its
// carried tensor and the forall; not the while that grows its carry.
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func private @while_grows(
// IR: scf.while (%{{.*}}) : (tensor<?xf32>) -> tensor<?xf32>
// IR-LABEL: func.func private @forall(
// IR: scf.forall {{.*}} -> (tensor<6xf32>)
// IR-LABEL: func.func private @while_fill(
// IR: scf.while {{.*}} : (tensor<5xf32>, index) -> (tensor<5xf32>, index)
// CHECK: 0
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// CHECK-NEXT: 8
// CHECK-NEXT: 15

func.func private @while_keeps(%x: tensor<?xf32>, %n: index) -> index {
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

func.func private @while_grows(%x: tensor<?xf32>, %n: index) -> index {
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
func.func private @while_body_value(%x: tensor<?xf32>, %n: index) -> index {
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
func.func private @forall(%out: tensor<?xf32>) -> tensor<?xf32> {
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

// Fills the carried tensor with 1.0, 2.0, ... on each trip: n trips leave n.
func.func private @while_fill(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%t = %x, %i = %c0) : (tensor<?xf32>, index) -> (tensor<?xf32>, index) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %t, %i : tensor<?xf32>, index
  } do {
  ^bb0(%t2: tensor<?xf32>, %i2: index):
    %j = arith.addi %i2, %c1 : index
    %w = arith.index_cast %j : index to i64
    %f = arith.sitofp %w : i64 to f32
    %u = linalg.fill ins(%f : f32) outs(%t2 : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %u, %j : tensor<?xf32>, index
  }
  return %r#0 : tensor<?xf32>
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print(%v: index) {
  %w = arith.index_cast %v : index to i64
  func.call @printI64(%w) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %x = tensor.generate %c5 {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32>
  %a = func.call @while_keeps(%x, %c6) : (tensor<?xf32>, index) -> index
  func.call @print(%a) : (index) -> ()
  %b = func.call @while_grows(%x, %c8) : (tensor<?xf32>, index) -> index
  func.call @print(%b) : (index) -> ()
  %c = func.call @while_body_value(%x, %c6) : (tensor<?xf32>, index) -> index
  func.call @print(%c) : (index) -> ()
  %out = tensor.generate %c6 {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32>
  %r = func.call @forall(%out) : (tensor<?xf32>) -> tensor<?xf32>
  %init = tensor.empty() : tensor<f32>
  %zero = linalg.fill ins(%z : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%r : tensor<?xf32>) outs(%zero : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  %vi = arith.fptosi %v : f32 to i64
  %vx = arith.index_cast %vi : i64 to index
  func.call @print(%vx) : (index) -> ()
  %c3 = arith.constant 3 : index
  %filled = func.call @while_fill(%x, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
  %zero2 = linalg.fill ins(%z : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum2 = linalg.reduce ins(%filled : tensor<?xf32>) outs(%zero2 : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  %v2 = tensor.extract %sum2[] : tensor<f32>
  %vi2 = arith.fptosi %v2 : f32 to i64
  %vx2 = arith.index_cast %vi2 : i64 to index
  func.call @print(%vx2) : (index) -> ()
  return
}
