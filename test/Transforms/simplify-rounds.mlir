// RUN: symshape-opt %s --symshape-infer --symshape-simplify --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-infer --symshape-simplify=max-iterations=1 --split-input-file | FileCheck %s --check-prefix=ONE

// symshape-simplify runs another round only when a round's rewrites may let
// it decide more. Each function below but the last needs a second round:
// what the first one wrote is what the second decides on. With one round
// (ONE), the second decision is missing, which shows it is the second
// round's.

// A recomputation writes new ops; the next round finds the new max equal to
// the one already there.
// CHECK-LABEL: func.func @recompute_then_reuse
// CHECK: %[[M:.*]] = symshape.sym_max
// CHECK-NOT: arith.maxsi
// CHECK: %[[Q:.*]] = arith.floordivsi %{{.*}}, %[[M]]
// CHECK: %[[Q9:.*]] = arith.floordivsi %[[Q]], %c9
// CHECK: return %[[Q9]], %[[M]]
// ONE-LABEL: func.func @recompute_then_reuse
// ONE: symshape.sym_max
// ONE: arith.maxsi
func.func @recompute_then_reuse(%a: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %m = arith.maxsi %d, %c1 : index
  %q = arith.floordivsi %d, %m : index
  %q3 = arith.floordivsi %q, %c3 : index
  %q9 = arith.floordivsi %q3, %c3 : index
  return %q9, %m : index, index
}

// -----

// A condition decided true is an operand of a select, which reads a constant
// condition: the next round takes the branch.
// CHECK-LABEL: func.func @select_of_decided_condition
// CHECK: %[[N:.*]] = symshape.sym_size
// CHECK-NOT: arith.select
// CHECK: return %[[N]]
// ONE-LABEL: func.func @select_of_decided_condition
// ONE: arith.select %true
func.func @select_of_decided_condition(
    %a: tensor<?xf32> {symshape.dim_names = ["n"],
                       symshape.dim_ranges = [#symshape.range<[1, 64]>]},
    %k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %p = arith.cmpi sge, %n, %c1 : index
  %s = arith.select %p, %n, %k : index
  return %s : index
}

// -----

// An index decided 0 is the dim operand of a tensor.dim, which reads a
// constant index: the next round knows the dim is n in [1, 64] and decides
// the max.
// CHECK-LABEL: func.func @dim_of_decided_index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %c0
// CHECK-NOT: arith.maxsi
// CHECK: return %[[D]]
// ONE-LABEL: func.func @dim_of_decided_index
// ONE: arith.maxsi
func.func @dim_of_decided_index(
    %a: tensor<?x?xf32> {symshape.dim_names = ["n", "k"],
                         symshape.dim_ranges = [#symshape.range<[1, 64]>, unit]})
    -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %i = arith.subi %n, %n : index
  %d = tensor.dim %a, %i : tensor<?x?xf32>
  %m = arith.maxsi %d, %c1 : index
  return %m : index
}

// -----

// An index decided 0 is an operand of a subtraction: the next round builds
// `n - 0` and finds the slice size equal to n, which simplifying the
// subtraction of the whole min did not.
// CHECK-LABEL: func.func @constant_operand
// CHECK: %[[N:.*]] = symshape.sym_size
// CHECK-NOT: arith.subi
// CHECK: tensor.extract_slice %arg0[%{{.*}}] [%[[N]]] [1]
// ONE-LABEL: func.func @constant_operand
// ONE: arith.subi
func.func @constant_operand(%t: tensor<?xf32>, %i: i64) -> (tensor<?xf32>, index) {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %x = arith.index_cast %i : i64 to index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %p = arith.cmpi ugt, %n, %c0 : index
  cf.assert %p, "non-empty"
  %r = arith.remui %x, %cm1 : index
  %neg = arith.cmpi slt, %r, %c0 : index
  %s = arith.select %neg, %r, %c0 : index
  %z = arith.maxsi %s, %c0 : index
  %m = arith.minsi %z, %n : index
  %size = arith.subi %n, %m : index
  %slice = tensor.extract_slice %t[%m] [%size] [1] : tensor<?xf32> to tensor<?xf32>
  return %slice, %m : tensor<?xf32>, index
}

// -----

// Replacements whose users see only their operands' expressions (a
// comparison, a check, a return) end the rounds: the next round would find
// nothing more. Which round is the last does not show in the output; the
// rewrites do, and they are the same with one round.
// CHECK-LABEL: func.func @expression_users
// CHECK: %[[N:.*]] = symshape.sym_size
// CHECK-NOT: arith.maxsi
// CHECK-NOT: arith.cmpi
// CHECK: cf.assert %true
// CHECK: return %[[N]]
// ONE-LABEL: func.func @expression_users
// ONE-NOT: arith.maxsi
// ONE: return
func.func @expression_users(
    %a: tensor<?xf32> {symshape.dim_names = ["n"],
                       symshape.dim_ranges = [#symshape.range<[1, 64]>]})
    -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %m = arith.maxsi %n, %c1 : index
  %p = arith.cmpi sge, %m, %c1 : index
  cf.assert %p, "positive"
  return %m : index
}
