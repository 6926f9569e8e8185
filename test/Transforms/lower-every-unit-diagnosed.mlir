// A pass that works function by function processes every function even
// after one fails, with or without threads: each function's error is
// reported, in the order of the functions (before, which functions a
// failure skipped depended on the timing of the threads).
// RUN: symshape-opt %s --symshape-lower -verify-diagnostics
// RUN: symshape-opt %s --symshape-lower -verify-diagnostics --mlir-disable-threading
// RUN: not symshape-opt %s --symshape-lower --mlir-disable-threading 2>&1 | FileCheck %s

// CHECK: error: cannot materialize symbol 'batch'
// CHECK: error: cannot materialize symbol 'seq'

func.func @first() -> index {
  // expected-error @+1 {{cannot materialize symbol 'batch'}}
  %b = symshape.symbol "batch" range [1, 10] : index
  return %b : index
}

func.func @second() -> index {
  // expected-error @+1 {{cannot materialize symbol 'seq'}}
  %s = symshape.symbol "seq" : index
  return %s : index
}
