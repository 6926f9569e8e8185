// RUN: symshape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(symshape-cleanup))' | FileCheck %s
// RUN: symshape-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(symshape-cleanup{facts=false}))' | FileCheck %s --check-prefix=NOFACTS

// The symshape patterns that use facts run by default; with facts=false
// they are left out (symshape-pipeline's first cleanup, right after
// symshape-simplify), and the ops they would decide stay.
// CHECK-LABEL: func.func @proven_min
// CHECK: %[[B:.*]] = symshape.symbol "b"
// CHECK-NOT: symshape.sym_min
// CHECK: return %[[B]]
// NOFACTS-LABEL: func.func @proven_min
// NOFACTS: symshape.sym_min
func.func @proven_min() -> index {
  %b = symshape.symbol "b" range [1, 10] : index
  %c10 = arith.constant 10 : index
  %m = symshape.sym_min %b, %c10 : index
  return %m : index
}

// -----

// CHECK-LABEL: func.func @apply_with_operand_range
// CHECK: symshape.apply s0 + 1 (
// NOFACTS-LABEL: func.func @apply_with_operand_range
// NOFACTS: symshape.apply s0 mod 100 + 1 (
func.func @apply_with_operand_range(%v: index) -> index {
  %r = symshape.constrain_range %v [0, 99] : index
  %a = symshape.apply s0 mod 100 + 1 (%r) : index
  return %a : index
}

// -----

// CHECK-LABEL: func.func @implied_constraint
// CHECK-NOT: symshape.constrain_range
// NOFACTS-LABEL: func.func @implied_constraint
// NOFACTS: symshape.constrain_range %{{.*}} [0, 16]
func.func @implied_constraint() -> index {
  %b = symshape.symbol "b" range [1, 10] : index
  %r = symshape.constrain_range %b [0, 16] : index
  return %r : index
}

// -----

// The patterns that need no facts run either way: a constant operand of an
// apply is substituted.
// CHECK-LABEL: func.func @constant_operand
// CHECK: symshape.apply s0 + 3 (
// NOFACTS-LABEL: func.func @constant_operand
// NOFACTS: symshape.apply s0 + 3 (
func.func @constant_operand(%v: index) -> index {
  %c3 = arith.constant 3 : index
  %a = symshape.apply s0 + s1 (%v, %c3) : index
  return %a : index
}
