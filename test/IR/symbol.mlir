// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s
// RUN: symshape-opt %s --mlir-print-op-generic | symshape-opt | FileCheck %s
// RUN: symshape-opt %s --canonicalize | FileCheck %s --check-prefix=DCE

// CHECK-LABEL: func.func @symbols
func.func @symbols() -> (index, index, index, index) {
  // CHECK: symshape.symbol "batch" range [1, 10] : index
  %b = symshape.symbol "batch" range [1, 10] : index
  // CHECK: symshape.symbol "seq" range [1, inf] multiple_of 8 : index
  %s = symshape.symbol "seq" range [1, inf] multiple_of 8 : index
  // No range means [0, inf]; the default is not printed.
  // CHECK: symshape.symbol "n" : index
  %n = symshape.symbol "n" : index
  // CHECK: symshape.symbol "k" multiple_of 4 {note = "x"} : index
  %k = symshape.symbol "k" multiple_of 4 {note = "x"} : index
  return %b, %s, %n, %k : index, index, index, index
}

// A symbol is pure: the canonicalizer erases an unused one.
// CHECK-LABEL: func.func @unused_symbol_is_dead
// CHECK: symshape.symbol "batch"
// DCE-LABEL: func.func @unused_symbol_is_dead
// DCE-NOT: symshape.symbol
// DCE: return
func.func @unused_symbol_is_dead() {
  %b = symshape.symbol "batch" range [1, 10] : index
  return
}
