// RUN: symshape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(symshape-cleanup))' | FileCheck %s
// RUN: symshape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(symshape-cleanup{cse=false}))' | FileCheck %s --check-prefix=NOCSE
// RUN: mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse,canonicalize))' | FileCheck %s --check-prefix=UPSTREAM

// CSE merges the second comparison into the first; the canonicalization
// that follows folds `andi %0, %0`. Without cse, both comparisons and the
// andi stay.
// CHECK-LABEL: func.func @merged_condition_folds
// CHECK: %[[P:.*]] = arith.cmpi sle
// CHECK-NEXT: cf.assert %[[P]], "at most 8"
// CHECK-NEXT: cf.assert %[[P]], "at most 8 again"
// CHECK-NOT: arith.andi
// NOCSE-LABEL: func.func @merged_condition_folds
// NOCSE: arith.cmpi sle
// NOCSE: arith.cmpi sle
// NOCSE: arith.andi
// UPSTREAM-LABEL: func.func @merged_condition_folds
// UPSTREAM-NOT: arith.andi
func.func @merged_condition_folds(%d: index) {
  %c8 = arith.constant 8 : index
  %0 = arith.cmpi sle, %d, %c8 : index
  cf.assert %0, "at most 8"
  %1 = arith.cmpi sle, %d, %c8 : index
  %2 = arith.andi %0, %1 : i1
  cf.assert %2, "at most 8 again"
  return
}

// -----

// Nothing for CSE to merge: the result is that of one canonicalization
// (constants folded, the dead op erased).
// CHECK-LABEL: func.func @canonicalized_once
// CHECK-NEXT: %[[C:.*]] = arith.constant 12 : index
// CHECK-NEXT: return %[[C]]
// NOCSE-LABEL: func.func @canonicalized_once
// NOCSE-NEXT: %[[C:.*]] = arith.constant 12 : index
// NOCSE-NEXT: return %[[C]]
func.func @canonicalized_once(%d: index) -> index {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %dead = arith.muli %d, %c4 : index
  %s = arith.addi %c4, %c8 : index
  return %s : index
}

// -----

// Upstream's ForOpTensorCastFolder moves the init cast into the loop and
// casts every carried value to 1x4, which fails at run time once the
// carried tensor grows (test/e2e/growing-loop-carry.mlir). It is left out:
// the loop keeps carrying tensor<?x4xf32> from the cast init.
// CHECK-LABEL: func.func @growing_carry_keeps_its_type
// CHECK: %[[INIT:.*]] = tensor.cast %{{.*}} : tensor<1x4xf32> to tensor<?x4xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (tensor<?x4xf32>)
// UPSTREAM-LABEL: func.func @growing_carry_keeps_its_type
// UPSTREAM: scf.for {{.*}} -> (tensor<1x4xf32>)
func.func @growing_carry_keeps_its_type(%t: tensor<1x4xf32>, %n: index) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %t : tensor<1x4xf32> to tensor<?x4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (tensor<?x4xf32>) {
    %row = tensor.empty() : tensor<1x4xf32>
    %g = tensor.concat dim(0) %a, %row : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    scf.yield %g : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// A function canonicalizes with the patterns of the kinds of op it has.
// Folding the constant branch creates a cf.br, a kind the function had
// none of and whose own pattern merges the blocks: the function is
// canonicalized again with every pattern, and ends as upstream's run does.
// CHECK-LABEL: func.func @created_kind_gets_its_patterns
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// NOCSE-LABEL: func.func @created_kind_gets_its_patterns
// NOCSE-NEXT: return %arg0 : i32
// NOCSE-NEXT: }
// UPSTREAM-LABEL: func.func @created_kind_gets_its_patterns
// UPSTREAM-NEXT: return %arg0 : i32
// UPSTREAM-NEXT: }
func.func @created_kind_gets_its_patterns(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i32):
  return %y : i32
}

// -----

// A pattern of an interface is tried on the kinds of op the function has
// that implement it: upstream's EraseDeadLinalgOp (on every linalg op)
// erases a linalg.copy between empty buffers.
// CHECK-LABEL: func.func @interface_pattern_on_a_present_kind
// CHECK-NEXT: return
// UPSTREAM-LABEL: func.func @interface_pattern_on_a_present_kind
// UPSTREAM-NEXT: return
func.func @interface_pattern_on_a_present_kind(%a: memref<0x4xf32>, %b: memref<0x4xf32>) {
  linalg.copy ins(%a : memref<0x4xf32>) outs(%b : memref<0x4xf32>)
  return
}
