// RUN: symshape-opt %s --symshape-simplify --split-input-file | FileCheck %s

// Where facts come from, and where they hold.

// A cf.assert of an arith.cmpi, as PyTorch's _assert_scalar arrives, decides
// what comes after it; the comparison it checks is never folded by its own
// fact, so the user's check survives.
// CHECK-LABEL: func.func @assert_fact_after_assert
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[BEFORE:.*]] = arith.minsi %[[D]], %[[C8:.*]] : index
// CHECK: %[[OK:.*]] = arith.cmpi sle, %[[D]], %[[C8]] : index
// CHECK: cf.assert %[[OK]], "d must be at most 8"
// CHECK-NOT: arith.minsi
// CHECK: return %[[BEFORE]], %[[D]]
func.func @assert_fact_after_assert(%x: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %before = arith.minsi %d, %c8 : index
  %ok = arith.cmpi sle, %d, %c8 : index
  cf.assert %ok, "d must be at most 8"
  %after = arith.minsi %d, %c8 : index
  return %before, %after : index, index
}

// -----

// An assert inside one branch says nothing in the other branch or after the
// scf.if.
// CHECK-LABEL: func.func @assert_in_branch_only
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[IF:.*]] = scf.if
// CHECK: cf.assert
// CHECK: scf.yield %[[D]]
// CHECK: } else {
// CHECK: %[[E:.*]] = arith.minsi %[[D]]
// CHECK: scf.yield %[[E]]
// CHECK: %[[AFTER:.*]] = arith.minsi %[[D]]
// CHECK: return %[[IF]], %[[AFTER]]
func.func @assert_in_branch_only(%x: tensor<?xf32>, %c: i1) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %r = scf.if %c -> index {
    %ok = arith.cmpi sle, %d, %c8 : index
    cf.assert %ok, "d <= 8"
    %in = arith.minsi %d, %c8 : index
    scf.yield %in : index
  } else {
    %out = arith.minsi %d, %c8 : index
    scf.yield %out : index
  }
  %after = arith.minsi %d, %c8 : index
  return %r, %after : index, index
}

// -----

// An scf.if condition is a fact in each branch (negated in the else branch).
// CHECK-LABEL: func.func @branch_conditions
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: scf.if
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[D]]
func.func @branch_conditions(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %lt = arith.cmpi slt, %d, %c8 : index
  %r = scf.if %lt -> index {
    %a = arith.minsi %d, %c8 : index
    scf.yield %a : index
  } else {
    %b = arith.maxsi %d, %c8 : index
    scf.yield %b : index
  }
  return %r : index
}

// -----

// Comparisons the prover decides fold to constants; a dim is never negative.
// CHECK-LABEL: func.func @decided_comparisons
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: %[[U:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : index
// CHECK: return %[[T]], %[[F]], %[[U]], %[[T]]
func.func @decided_comparisons(%x: tensor<?xf32>) -> (i1, i1, i1, i1) {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %a = arith.cmpi sge, %d, %c0 : index
  %b = arith.cmpi slt, %d, %c0 : index
  %c = arith.cmpi sgt, %d, %c0 : index
  %e = arith.cmpi ugt, %d, %cm1 : index
  %d1 = arith.addi %d, %cm1 : index
  %f = arith.cmpi slt, %d1, %d : index
  return %a, %b, %c, %f : i1, i1, i1, i1
}

// -----

// torch-mlir computes sizes in i64 behind arith.index_cast.
// CHECK-LABEL: func.func @i64_sizes
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK-NOT: arith.divsi
// CHECK: return %[[I]]
func.func @i64_sizes(%x: tensor<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : i64
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %i = arith.index_cast %d : index to i64
  %t = arith.muli %i, %c2 : i64
  %q = arith.divsi %t, %c2 : i64
  return %q : i64
}

// -----

// arith.divsi truncates: it is a floordiv only for a non-negative dividend.
// An integer argument may be negative, and may overflow when doubled.
// CHECK-LABEL: func.func @no_simplify_divsi_of_integer
// CHECK: %[[T:.*]] = arith.muli %{{.*}}, %{{.*}} overflow<nsw>
// CHECK: %[[Q:.*]] = arith.divsi %[[T]]
// CHECK: %[[U:.*]] = arith.muli
// CHECK: %[[R:.*]] = arith.floordivsi %[[U]]
// CHECK: return %[[Q]], %[[R]]
func.func @no_simplify_divsi_of_integer(%a: index) -> (index, index) {
  %c2 = arith.constant 2 : index
  %t = arith.muli %a, %c2 overflow<nsw> : index
  %q = arith.divsi %t, %c2 : index
  %u = arith.muli %a, %c2 : index
  %r = arith.floordivsi %u, %c2 : index
  return %q, %r : index, index
}

// -----

// With nsw the product is exact, and floordivsi by a positive constant is a
// floordiv.
// CHECK-LABEL: func.func @floordiv_of_nsw_product
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK: return %[[A]]
func.func @floordiv_of_nsw_product(%a: index) -> index {
  %c2 = arith.constant 2 : index
  %t = arith.muli %a, %c2 overflow<nsw> : index
  %r = arith.floordivsi %t, %c2 : index
  return %r : index
}

// -----

// symshape.constrain_range states a fact on its operand for what follows;
// one implied by earlier facts is removed, one that is not stays.
// CHECK-LABEL: func.func @constrain_range_facts
// CHECK: %[[R:.*]] = symshape.constrain_range %{{.*}} [2, 10] : index
// CHECK-NOT: symshape.constrain_range
// CHECK: return %[[R]], %[[R]]
func.func @constrain_range_facts(%v: index) -> (index, index) {
  %c10 = arith.constant 10 : index
  %r = symshape.constrain_range %v [2, 10] : index
  %m = arith.minsi %r, %c10 : index
  %again = symshape.constrain_range %r [0, 20] : index
  return %m, %again : index, index
}

// -----

// A binding makes a dim equal to an expression of symbols.
// CHECK-LABEL: func.func @bind_shape_facts
// CHECK: symshape.symbol "batch"
// CHECK: symshape.bind_shape
// CHECK: %[[D0:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
// CHECK-NOT: arith.minsi
// CHECK: %[[C:.*]] = arith.constant 4 : index
// CHECK: return %[[D0]], %[[C]]
func.func @bind_shape_facts(%x: tensor<?x?xf32>) -> (index, index) {
  %b = symshape.symbol "batch" range [1, 8] : index
  symshape.bind_shape %x, [%b] : tensor<?x?xf32> = (s0, 4)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = arith.minsi %d0, %c8 : index
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  return %m, %d1 : index, index
}

// -----

// The induction variable of an scf.for is in [lb, ub - 1].
// CHECK-LABEL: func.func @loop_bounds
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NOT: arith.minsi
// CHECK: arith.addi %{{.*}}, %[[IV]]
func.func @loop_bounds() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %s = scf.for %iv = %c0 to %c16 step %c1 iter_args(%acc = %c0) -> index {
    %m = arith.minsi %iv, %c16 : index
    %t = arith.addi %acc, %m : index
    scf.yield %t : index
  }
  return %s : index
}

// -----

// affine.min / affine.max / affine.apply are understood.
// CHECK-LABEL: func.func @affine_ops
// CHECK: %[[D:.*]] = tensor.dim
// CHECK-NOT: affine.min
// CHECK-NOT: affine.apply
// CHECK: return %[[D]], %[[D]]
func.func @affine_ops(%x: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %m = affine.min affine_map<()[s0] -> (s0, s0 + 4)>()[%d]
  %a = affine.apply affine_map<()[s0] -> ((s0 * 6) floordiv 6)>()[%d]
  return %m, %a : index, index
}

// -----

// Facts in an unstructured CFG hold in the blocks their source dominates;
// a branch condition holds in the successor reached through its edge only
// (the negation in the false one): d >= 8 there
// (simplify-branch-facts.mlir has the joins, where nothing holds).
// CHECK-LABEL: func.func @cfg_dominance
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: cf.assert
// CHECK-NEXT: cf.br ^[[EXIT:.*]](%[[D]] : index)
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: cf.br ^[[EXIT]](%[[C8]] : index)
func.func @cfg_dominance(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c8 : index
  cf.cond_br %small, ^then, ^else
^then:
  %ok = arith.cmpi sle, %d, %c8 : index
  cf.assert %ok, "d <= 8"
  %a = arith.minsi %d, %c8 : index
  cf.br ^exit(%a : index)
^else:
  %b = arith.minsi %d, %c8 : index
  cf.br ^exit(%b : index)
^exit(%r: index):
  return %r : index
}

// -----

// `a != b` is a fact only where it excludes an end of a known range: here
// r = d mod 2 is in [0, 1], so r != 0 makes it 1 and 3 * r is 3 (must fold);
// d != 3 says nothing about min(d, 3) (must stay).
// CHECK-LABEL: func.func @not_equal_at_range_end
// CHECK: %[[R:.*]] = arith.remui
// CHECK: scf.if
// CHECK-NEXT: %[[M:.*]] = arith.minsi
// CHECK-NEXT: %[[K:.*]] = arith.constant 3 : index
// CHECK-NEXT: scf.yield %[[K]], %[[M]]
// CHECK: } else {
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[R]]
// CHECK-NEXT: scf.yield %[[S]]
func.func @not_equal_at_range_end(%x: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %r = arith.remui %d, %c2 : index
  %odd = arith.cmpi ne, %r, %c0 : index
  %not3 = arith.cmpi ne, %d, %c3 : index
  %both = arith.andi %odd, %not3 : i1
  %a, %b = scf.if %both -> (index, index) {
    %m = arith.minsi %d, %c3 : index
    %s = arith.muli %r, %c3 : index
    scf.yield %s, %m : index, index
  } else {
    %s = arith.muli %r, %c3 : index
    scf.yield %s, %d : index, index
  }
  return %a, %b : index, index
}

// -----

// A dim is never negative: once a slice of size %n exists, %n >= 0, so
// max(%n, 0) is %n after the slice (must fire) and stays before it, where
// %n is an integer of any sign (must not fire).
// CHECK-LABEL: func.func @dim_from_integer_is_non_negative
// CHECK-SAME: (%[[T:.*]]: tensor<?xf32>, %[[N:.*]]: index)
// CHECK: %[[BEFORE:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK: tensor.extract_slice %[[T]][0] [%[[N]]] [1]
// CHECK-NOT: arith.maxsi
// CHECK: return %[[BEFORE]], %[[N]], %{{.*}} : index, index, tensor<?xf32>
func.func @dim_from_integer_is_non_negative(%t: tensor<?xf32>, %n: index) -> (index, index, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %before = arith.maxsi %n, %c0 : index
  %s = tensor.extract_slice %t[0] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  %after = arith.maxsi %n, %c0 : index
  return %before, %after, %s : index, index, tensor<?xf32>
}

// -----

// A branch that is never taken: the facts there contradict each other (they
// prove anything) and nothing in it is rewritten. Before it, the facts decide
// the min; the condition itself is decided false.
// CHECK-LABEL: func.func @unreachable_branch
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK-NOT: arith.minsi
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.if %[[FALSE]]
// CHECK-NEXT: %[[M:.*]] = arith.maxsi %[[D]], %{{.*}} : index
// CHECK-NEXT: scf.yield %[[M]]
func.func @unreachable_branch(%x: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %m0 = arith.minsi %d, %c4 : index
  %large = arith.cmpi sgt, %d, %c8 : index
  %r = scf.if %large -> index {
    %m = arith.maxsi %d, %c8 : index
    scf.yield %m : index
  } else {
    scf.yield %c0 : index
  }
  return %m0, %r : index, index
}

// -----

// After a check that always fails, nothing runs: the rest of the block is
// erased and the terminator's operands computed there become placeholders
// (specialization before the check can make that code statically
// contradictory, which MLIR's cast folders turn into invalid IR).
// CHECK-LABEL: func.func @erased_after_failing_check
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: cf.assert %{{.*}}, "d < 4"
// CHECK: cf.assert %{{.*}}, "d > 8"
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[ONE]]) : tensor<?xf32>
// CHECK-NEXT: return %[[D]], %[[Z]], %[[E]]
func.func @erased_after_failing_check(%x: tensor<?xf32>) -> (index, index, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  cf.assert %large, "d > 8"
  %m = arith.maxsi %d, %c8 : index
  %s = tensor.extract_slice %x[0] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  return %d, %m, %s : index, index, tensor<?xf32>
}

// -----

// A failing check in a block that ends in a branch: the block ends at the
// check instead, with a copy of the function's return whose operands are
// placeholders, and the blocks reached only through it go (a value computed
// after the check and used there no longer keeps the code alive).
// CHECK-LABEL: func.func @failing_check_value_escapes
// CHECK: cf.assert %{{.*}}, "d > 8"
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: return %[[Z]] : index
// CHECK-NEXT: }
func.func @failing_check_value_escapes(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  cf.assert %large, "d > 8"
  %m = arith.maxsi %d, %c8 : index
  cf.br ^next
^next:
  return %m : index
}

// -----

// A function that never returns has no exit to end the block with: the
// branch stays.
// CHECK-LABEL: func.func @failing_check_no_exit
// CHECK: cf.assert %{{.*}}, "d > 8"
// CHECK-NEXT: cf.br ^bb1
func.func @failing_check_no_exit(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  cf.assert %large, "d > 8"
  %m = arith.maxsi %d, %c8 : index
  cf.br ^spin(%m : index)
^spin(%k: index):
  %k1 = arith.addi %k, %c8 : index
  cf.br ^spin(%k1 : index)
}

// -----

// An exit whose operand has a type without a placeholder (a memref): the
// block and its branch stay.
// CHECK-LABEL: func.func @failing_check_exit_no_placeholder
// CHECK: cf.assert %{{.*}}, "d > 8"
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: cf.cond_br
// CHECK: return
// CHECK: return
func.func @failing_check_exit_no_placeholder(%x: tensor<?xf32>, %p: i1) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  cf.assert %large, "d > 8"
  %m = memref.alloc(%d) : memref<?xf32>
  cf.cond_br %p, ^a, ^b
^a:
  return %m : memref<?xf32>
^b:
  %n = memref.alloc(%c8) : memref<?xf32>
  return %n : memref<?xf32>
}

// -----

// Two checks that always fail, the second after the first (in a nested
// region too): the first one's trimming erases the second.
// CHECK-LABEL: func.func @two_failing_checks
// CHECK: cf.assert %{{.*}}, "d > 8"
// CHECK-NOT: cf.assert
// CHECK: return %{{.*}}, %c0
func.func @two_failing_checks(%x: tensor<?xf32>, %c: i1) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  cf.assert %large, "d > 8"
  %huge = arith.cmpi sgt, %d, %c8 : index
  cf.assert %huge, "d > 8 again"
  %r = scf.if %c -> index {
    cf.assert %large, "d > 8 in a branch"
    scf.yield %d : index
  } else {
    scf.yield %c4 : index
  }
  return %d, %r : index, index
}

// -----

// A terminator operand of a type without a placeholder (here a memref):
// the code after the failing check is left alone.
// CHECK-LABEL: func.func @failing_check_no_placeholder
// CHECK: cf.assert %{{.*}}, "d > 8"
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK-NEXT: %[[M:.*]] = memref.alloc
// CHECK-NEXT: return %[[E]], %[[M]]
func.func @failing_check_no_placeholder(%x: tensor<?xf32>) -> (tensor<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %large = arith.cmpi sgt, %d, %c8 : index
  cf.assert %large, "d > 8"
  %e = tensor.empty(%d) : tensor<?xf32>
  %m = memref.alloc(%d) : memref<?xf32>
  return %e, %m : tensor<?xf32>, memref<?xf32>
}

// -----

// In a loop body, a carried tensor computed after the failing check is
// replaced by the loop's own carried value, not a placeholder: one-shot
// bufferization requires the yielded tensor to be equivalent to the carried
// one (the index carry takes its carried value too). A yield of scf.if (not
// a loop) still gets a placeholder.
// CHECK-LABEL: func.func @failing_check_in_loop
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) -> (tensor<?xf32>, index)
// CHECK: cf.assert %{{.*}}, "d > 8"
// CHECK-NEXT: scf.yield %[[ACC]], %[[K]] : tensor<?xf32>, index
// CHECK: scf.if
// CHECK: cf.assert %{{.*}}, "d > 8 in a branch"
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[ONE]]) : tensor<?xf32>
// CHECK-NEXT: scf.yield %[[E]] : tensor<?xf32>
func.func @failing_check_in_loop(%x: tensor<?xf32>, %c: i1) -> (tensor<?xf32>, index, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d < 4"
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x, %k = %c0) -> (tensor<?xf32>, index) {
    %large = arith.cmpi sgt, %d, %c8 : index
    cf.assert %large, "d > 8"
    %y = linalg.fill ins(%f : f32) outs(%acc : tensor<?xf32>) -> tensor<?xf32>
    %k1 = arith.addi %k, %c1 : index
    scf.yield %y, %k1 : tensor<?xf32>, index
  }
  %s = scf.if %c -> tensor<?xf32> {
    %large = arith.cmpi sgt, %d, %c8 : index
    cf.assert %large, "d > 8 in a branch"
    %y = linalg.fill ins(%f : f32) outs(%x : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  } else {
    scf.yield %x : tensor<?xf32>
  }
  return %r#0, %r#1, %s : tensor<?xf32>, index, tensor<?xf32>
}

// -----

// Once a concat has run, its inputs agree on the dims it does not
// concatenate (the program is undefined otherwise): the comparison after
// it folds, the one before it does not.

// CHECK-LABEL: func.func @concat_facts
// CHECK: %[[BEFORE:.*]] = arith.cmpi eq
// CHECK: tensor.concat
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[BEFORE]], %[[TRUE]]
func.func @concat_facts(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> (i1, i1, tensor<?x?xf32>) {
  %c1 = arith.constant 1 : index
  %da = tensor.dim %a, %c1 : tensor<?x?xf32>
  %db = tensor.dim %b, %c1 : tensor<?x?xf32>
  %before = arith.cmpi eq, %da, %db : index
  %r = tensor.concat dim(0) %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %after = arith.cmpi eq, %da, %db : index
  return %before, %after, %r : i1, i1, tensor<?x?xf32>
}

// -----

// A quotient of two sizes unbounded above keeps its sign: a >= 0 over
// max(b, 1) >= 1 is >= 0, so its remainder is the floor modulo (>= 0) and
// the ceiling is >= 0 too.
// CHECK-LABEL: func.func @quotient_of_unbounded_sizes_is_non_negative
// CHECK-NOT: arith.remsi
// CHECK-NOT: arith.cmpi
// CHECK: return %{{.*}}, %{{.*}} : i1, i1
func.func @quotient_of_unbounded_sizes_is_non_negative(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (i1, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %x, %c0 : tensor<?xf32>
  %b = tensor.dim %y, %c0 : tensor<?xf32>
  %m = arith.maxsi %b, %c1 : index
  %q = arith.floordivsi %a, %m : index
  %r = arith.remsi %q, %c2 : index
  %ok = arith.cmpi sge, %r, %c0 : index
  %u = arith.ceildivsi %a, %m : index
  %ok2 = arith.cmpi sge, %u, %c0 : index
  return %ok, %ok2 : i1, i1
}

// -----

// The same with a dividend of any sign: nothing is known.
// CHECK-LABEL: func.func @quotient_of_any_integer_has_no_sign
// CHECK: %[[Q:.*]] = arith.floordivsi %arg1
// CHECK: %[[R:.*]] = arith.remsi %[[Q]]
// CHECK: %[[OK:.*]] = arith.cmpi sge, %[[R]]
// CHECK: %[[U:.*]] = arith.ceildivsi %arg1
// CHECK: %[[OK2:.*]] = arith.cmpi sge, %[[U]]
// CHECK: return %[[OK]], %[[OK2]] : i1, i1
func.func @quotient_of_any_integer_has_no_sign(%x: tensor<?xf32>, %n: index) -> (i1, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.maxsi %b, %c1 : index
  %q = arith.floordivsi %n, %m : index
  %r = arith.remsi %q, %c2 : index
  %ok = arith.cmpi sge, %r, %c0 : index
  %u = arith.ceildivsi %n, %m : index
  %ok2 = arith.cmpi sge, %u, %c0 : index
  return %ok, %ok2 : i1, i1
}
