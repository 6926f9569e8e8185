// RUN: symshape-opt %s --split-input-file --symshape-test-lean-rewrites 2>&1 | FileCheck %s
// RUN: symshape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(symshape-cleanup))' | FileCheck %s --check-prefix=CLEANUP
// RUN: symshape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(symshape-cleanup))' > %t.cleanup
// RUN: symshape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse,canonicalize))' > %t.upstream
// RUN: diff %t.cleanup %t.upstream

// The greedy driver as the cleanups and the first repair run it
// (symshape::applyPatternsGreedilyLean): the region simplification is
// skipped in straight-line code without a dead constant, where it has
// nothing to do. The test pass's pattern updates an arith.maxsi in place so
// that its constant operand becomes dead, which the driver does not see:
// the function then runs again with the simplification, which erases it.
// The output of symshape-cleanup stays that of upstream's passes (the diff).

// CHECK: remark: lean run, changed, no constant
// CHECK-NEXT: func.func @orphaned
// CLEANUP-LABEL: func.func @orphaned
// CLEANUP: %[[C0:.*]] = arith.constant 0
// CLEANUP: arith.maxsi %arg0, %[[C0]]
func.func @orphaned(%a: index) -> index {
  %c0 = arith.constant 0 : index
  %m = arith.maxsi %a, %c0 : index
  return %m : index
}

// -----

// A constant dead from the start: the driver collects it without visiting
// it, so the simplification runs (and erases it).
// CHECK: remark: full run, changed, no constant
// CHECK-NEXT: func.func @dead_from_start
// CLEANUP-LABEL: func.func @dead_from_start
// CLEANUP-NOT: arith.constant 1
// CLEANUP: return
func.func @dead_from_start(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %m = arith.maxsi %a, %c0 : index
  return %m : index
}

// -----

// Nothing to rewrite, nothing dead: one lean run that changes nothing.
// CHECK: remark: lean run, unchanged, a constant left
// CHECK-NEXT: func.func @untouched
// CLEANUP-LABEL: func.func @untouched
// CLEANUP: arith.muli
func.func @untouched(%a: index) -> index {
  %c3 = arith.constant 3 : index
  %m = arith.muli %a, %c3 : index
  return %m : index
}

// -----

// Several blocks: the simplification runs (dead block arguments, here the
// unused one of ^bb3).
// CHECK: remark: full run, changed, no constant
// CHECK-NEXT: func.func @branches
// CLEANUP-LABEL: func.func @branches
// CLEANUP: arith.select
func.func @branches(%c: i1, %a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1(%a : index), ^bb2(%b : index)
^bb1(%x: index):
  %u = arith.maxsi %x, %c0 : index
  cf.br ^bb3(%x, %u : index, index)
^bb2(%y: index):
  cf.br ^bb3(%y, %y : index, index)
^bb3(%r: index, %unused: index):
  return %r : index
}

// -----

// A loop body is a region of one block too: still lean, and the loop that
// computes nothing used is erased by the driver itself.
// CHECK: remark: lean run, changed, no constant
// CHECK-NEXT: func.func @dead_loop
// CLEANUP-LABEL: func.func @dead_loop
// CLEANUP-NOT: scf.for
// CLEANUP: return
func.func @dead_loop(%a: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> index {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %a : index
}
