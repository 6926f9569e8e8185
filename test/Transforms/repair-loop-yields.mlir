// RUN: symshape-opt %s --symshape-repair-loop-yields --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-repair-loop-yields=explain --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Must fire: the loop yields a fresh linalg result (what canonicalization
// makes of a full-size insert_slice into the carried tensor once it is
// static), which one-shot bufferization rejects; it is written into the
// iteration argument.
// CHECK-LABEL: func.func @fresh_result_yielded
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: %[[W:.*]] = bufferization.materialize_in_destination %[[G]] in %[[ACC]] : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
// CHECK: scf.yield %[[W]]
// REMARK: repair-loop-yields.mlir:[[# @LINE + 12]]:5: remark: yielded tensor #0 is written into the loop's iteration argument: one-shot bufferization does not find it equivalent
func.func @fresh_result_yielded(%init: tensor<1x4xf32>, %n: index) -> tensor<1x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<1x4xf32>) {
    %e = tensor.empty() : tensor<1x4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<1x4xf32>
    scf.yield %g : tensor<1x4xf32>
  }
  return %r : tensor<1x4xf32>
}

// -----

// Must not fire: the result is computed into the carried tensor (its
// destination is the iteration argument), or the loop yields its carried
// tensor unchanged; a loop that carries no tensor is not analysed.
// CHECK-LABEL: func.func @computed_in_place
// CHECK-NOT: bufferization.materialize_in_destination
// CHECK: return
func.func @computed_in_place(%init: tensor<1x4xf32>, %n: index) -> (tensor<1x4xf32>, tensor<1x4xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<1x4xf32>) {
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%acc : tensor<1x4xf32>) {
    ^bb0(%o: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %o, %one : f32
      linalg.yield %y : f32
    } -> tensor<1x4xf32>
    scf.yield %g : tensor<1x4xf32>
  }
  %same = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<1x4xf32>) {
    scf.yield %acc : tensor<1x4xf32>
  }
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (index) {
    %t = arith.addi %s, %i : index
    scf.yield %t : index
  }
  return %r, %same, %k : tensor<1x4xf32>, tensor<1x4xf32>, index
}

// -----

// Must not fire: a dynamic carried tensor may grow from one iteration to
// the next (here by a row): no buffer of the iteration argument holds the
// yielded value, and such a loop lowers only where loops may return
// allocations, before and after.
// CHECK-LABEL: func.func @growing_carry
// CHECK-NOT: bufferization.materialize_in_destination
// CHECK: return
func.func @growing_carry(%init: tensor<?x4xf32>, %row: tensor<1x4xf32>, %n: index) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?x4xf32>) {
    %g = tensor.concat dim(0) %acc, %row : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    scf.yield %g : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// Must fire on scf.while: the 'after' region yields a fresh result, which
// one-shot bufferization requires to be equivalent to the 'after' region's
// argument of its position; the condition forwards a fresh result, which
// it requires to be equivalent to the iteration argument (the 'before'
// region's argument) of its position. Each is written into that argument.
// CHECK-LABEL: func.func @while_fresh_results
// CHECK: scf.while (%[[A:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: %[[F:.*]] = linalg.generic
// CHECK: %[[WF:.*]] = bufferization.materialize_in_destination %[[F]] in %[[A]]
// CHECK: scf.condition(%{{.*}}) %[[WF]]
// CHECK: ^bb0(%[[B:.*]]: tensor<1x4xf32>, %{{.*}}: index):
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: %[[WG:.*]] = bufferization.materialize_in_destination %[[G]] in %[[B]]
// CHECK: scf.yield %[[WG]]
// REMARK: repair-loop-yields.mlir:[[# @LINE + 12]]:5: remark: forwarded tensor #0 is written into the loop's iteration argument: one-shot bufferization does not find it equivalent
// REMARK: repair-loop-yields.mlir:[[# @LINE + 22]]:5: remark: yielded tensor #0 is written into the loop's 'after' region argument: one-shot bufferization does not find it equivalent
func.func @while_fresh_results(%init: tensor<1x4xf32>, %n: index) -> tensor<1x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%a = %init, %i = %c0) : (tensor<1x4xf32>, index) -> (tensor<1x4xf32>, index) {
    %e = tensor.empty() : tensor<1x4xf32>
    %f = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
    } -> tensor<1x4xf32>
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %f, %i : tensor<1x4xf32>, index
  } do {
  ^bb0(%b: tensor<1x4xf32>, %j: index):
    %e = tensor.empty() : tensor<1x4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<1x4xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %g, %k : tensor<1x4xf32>, index
  }
  return %r#0 : tensor<1x4xf32>
}

// -----

// Must not fire on scf.while: the carried tensor is updated in place (the
// result's destination is the region's argument) and forwarded unchanged.
// CHECK-LABEL: func.func @while_in_place
// CHECK-NOT: bufferization.materialize_in_destination
// CHECK: return
func.func @while_in_place(%init: tensor<1x4xf32>, %n: index) -> tensor<1x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%a = %init, %i = %c0) : (tensor<1x4xf32>, index) -> (tensor<1x4xf32>, index) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %a, %i : tensor<1x4xf32>, index
  } do {
  ^bb0(%b: tensor<1x4xf32>, %j: index):
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b : tensor<1x4xf32>) {
    ^bb0(%o: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %o, %one : f32
      linalg.yield %y : f32
    } -> tensor<1x4xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %g, %k : tensor<1x4xf32>, index
  }
  return %r#0 : tensor<1x4xf32>
}
