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

// A symbol that states a range or a divisor writes the fact resource: the
// canonicalizer keeps it although its value is unused (its fact is checked
// once lowered). A symbol without facts states nothing: it is pure and an
// unused one is erased.
// CHECK-LABEL: func.func @unused_symbols
// CHECK: symshape.symbol "batch"
// CHECK: symshape.symbol "seq"
// CHECK: symshape.symbol "plain"
// DCE-LABEL: func.func @unused_symbols
// DCE-NEXT: symshape.symbol "batch" range [1, 10] : index
// DCE-NEXT: symshape.symbol "seq" multiple_of 8 : index
// DCE-NEXT: return
func.func @unused_symbols() {
  %b = symshape.symbol "batch" range [1, 10] : index
  %s = symshape.symbol "seq" multiple_of 8 : index
  %p = symshape.symbol "plain" : index
  return
}
