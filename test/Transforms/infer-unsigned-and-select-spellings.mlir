// RUN: symshape-opt %s --symshape-infer --split-input-file | FileCheck %s --check-prefix=INFER
// RUN: symshape-opt %s --symshape-pipeline --split-input-file | FileCheck %s

// The other spellings of max and min (test/e2e/fact-spelling-matrix.test
// runs them against every fact): arith.maxui/minui mean max/min on values
// proven non-negative, and an arith.select of a comparison of its own
// operands means max or min with the comparison's operands in either order
// (and an unsigned predicate on non-negative values). Each with its
// must-not-fire twin.

// Sizes are never negative: maxui/minui of two dims are sym_max/sym_min, and
// decided by a fact.
// INFER-LABEL: func.func @unsigned_of_sizes
// INFER: symshape.sym_max
// INFER: symshape.sym_min
// INFER-NOT: arith.maxui
// INFER-NOT: arith.minui
// CHECK-LABEL: func.func @unsigned_of_sizes
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK-DAG: %[[X0:.*]] = tensor.dim %[[X]]
// CHECK-DAG: %[[Y0:.*]] = tensor.dim %[[Y]]
// CHECK-NOT: arith.maxui
// CHECK-NOT: arith.minui
// CHECK: return %[[Y0]], %[[X0]]
func.func @unsigned_of_sizes(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %x0 = tensor.dim %x, %c0 : tensor<?xf32>
  %y0 = tensor.dim %y, %c0 : tensor<?xf32>
  %le = arith.cmpi ule, %x0, %y0 : index
  cf.assert %le, "x0 <= y0"
  %m = arith.maxui %x0, %y0 : index
  %n = arith.minui %y0, %x0 : index
  return %m, %n : index, index
}

// -----

// Plain index arguments may be negative: unsigned max/min of them are not
// signed ones, and stay whatever the signed facts say.
// INFER-LABEL: func.func @unsigned_of_any_ints
// INFER-NOT: symshape.sym_max
// INFER-NOT: symshape.sym_min
// CHECK-LABEL: func.func @unsigned_of_any_ints
// CHECK: arith.maxui
// CHECK: arith.minui
func.func @unsigned_of_any_ints(%a: index, %b: index) -> (index, index) {
  %le = arith.cmpi sle, %a, %b : index
  cf.assert %le, "a <= b"
  %m = arith.maxui %a, %b : index
  %n = arith.minui %a, %b : index
  return %m, %n : index, index
}

// -----

// select(x > y, y, x) is min(x, y) and select(y <u x, x, y) max(x, y): with
// the fact x <= y, y and x.
// CHECK-LABEL: func.func @select_swapped
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK-DAG: %[[X0:.*]] = tensor.dim %[[X]]
// CHECK-DAG: %[[Y0:.*]] = tensor.dim %[[Y]]
// CHECK-NOT: arith.select
// CHECK: return %[[X0]], %[[Y0]]
func.func @select_swapped(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %x0 = tensor.dim %x, %c0 : tensor<?xf32>
  %y0 = tensor.dim %y, %c0 : tensor<?xf32>
  %le = arith.cmpi sle, %x0, %y0 : index
  cf.assert %le, "x0 <= y0"
  %gt = arith.cmpi sgt, %x0, %y0 : index
  %min = arith.select %gt, %y0, %x0 : index
  %ult = arith.cmpi ult, %y0, %x0 : index
  %max = arith.select %ult, %x0, %y0 : index
  return %min, %max : index, index
}

// -----

// The comparison is of casts of the selected values (i64, as frontends
// compare): the same values, so the same min.
// CHECK-LABEL: func.func @select_of_cast_comparison
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK: %[[X0:.*]] = tensor.dim %[[X]]
// CHECK-NOT: arith.select
// CHECK: return %[[X0]]
func.func @select_of_cast_comparison(%x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %x0 = tensor.dim %x, %c0 : tensor<?xf32>
  %y0 = tensor.dim %y, %c0 : tensor<?xf32>
  %le = arith.cmpi sle, %x0, %y0 : index
  cf.assert %le, "x0 <= y0"
  %xi = arith.index_cast %x0 : index to i64
  %yi = arith.index_cast %y0 : index to i64
  %lt = arith.cmpi slt, %xi, %yi : i64
  %min = arith.select %lt, %x0, %y0 : index
  return %min : index
}

// -----

// Must not fire: an unsigned select of values that may be negative (a <u b
// is not a < b for a = -1), and a select whose comparison is of other
// values.
// CHECK-LABEL: func.func @select_not_a_max
// CHECK: arith.select
// CHECK: arith.select
// CHECK: return
func.func @select_not_a_max(%a: index, %b: index, %c: index) -> (index, index) {
  %le = arith.cmpi sle, %a, %b : index
  cf.assert %le, "a <= b"
  %ult = arith.cmpi ult, %a, %b : index
  %u = arith.select %ult, %a, %b : index
  %lt = arith.cmpi slt, %a, %c : index
  %o = arith.select %lt, %a, %b : index
  return %u, %o : index, index
}

// -----

// select(x == y, x, y) is y and select(x != y, x, y) is x, whatever the facts.
// CHECK-LABEL: func.func @select_of_equality
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NOT: arith.select
// CHECK: return %[[B]], %[[A]]
func.func @select_of_equality(%a: index, %b: index) -> (index, index) {
  %eq = arith.cmpi eq, %a, %b : index
  %s = arith.select %eq, %a, %b : index
  %ne = arith.cmpi ne, %b, %a : index
  %t = arith.select %ne, %a, %b : index
  return %s, %t : index, index
}
