// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s
// RUN: symshape-opt %s --mlir-print-op-generic | symshape-opt | FileCheck %s
// RUN: symshape-opt %s --canonicalize | FileCheck %s --check-prefix=KEEP

// CHECK-LABEL: func.func @constrain
// CHECK-SAME: (%[[V:.*]]: index, %[[W:.*]]: i64)
func.func @constrain(%v: index, %w: i64) -> (index, i64, index) {
  // CHECK: %[[R:.*]] = symshape.constrain_range %[[V]] [2, 10] : index
  %r = symshape.constrain_range %v [2, 10] : index
  // Integer values may be negative; i64 sizes as torch-mlir emits them.
  // CHECK: symshape.constrain_range %[[W]] [-5, inf] : i64
  %q = symshape.constrain_range %w [-5, inf] : i64
  // CHECK: symshape.constrain_range %[[R]] [-inf, inf] multiple_of 4 {note} : index
  %p = symshape.constrain_range %r [-inf, inf] multiple_of 4 {note} : index
  return %r, %q, %p : index, i64, index
}

// A range fact whose result is unused still states a check; it is not dead.
// KEEP-LABEL: func.func @unused_fact_is_kept
// KEEP: symshape.constrain_range %{{.*}} [0, 100] : index
func.func @unused_fact_is_kept(%v: index) {
  %r = symshape.constrain_range %v [0, 100] : index
  return
}
