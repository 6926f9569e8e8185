// Regression: errors about pass options are emitted on the module
// op (module.emitError), so they are located at file:0:0 and followed by a
// note that dumps the whole module in generic form. An error about a name
// must point at where the name is declared (the argument or symshape.symbol);
// an error about the option string itself (or an unknown name) has no place
// in the source, and none is invented for it (no file:0:0); neither may dump
// the module.
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=20" 2>&1 | FileCheck %s --check-prefixes=CHECK,RANGE
// RUN: not symshape-opt %s --symshape-pipeline="bind=seq=12" 2>&1 | FileCheck %s --check-prefixes=CHECK,DIVISOR
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:1:2:64" 2>&1 | FileCheck %s --check-prefixes=CHECK,PROFILERANGE
// Every value of a profile is checked like a binding (an opt that is no
// multiple of the declared divisor once compiled a version from
// contradictory facts), and so is the no-overflow limit of sizes (2^62).
// RUN: not symshape-opt %s --symshape-pipeline="profile=seq:8:12:64" 2>&1 | FileCheck %s --check-prefixes=CHECK,PROFILEOPT
// RUN: not symshape-opt %s --symshape-pipeline="profile=seq:4:16:64" 2>&1 | FileCheck %s --check-prefixes=CHECK,PROFILEMIN
// RUN: not symshape-opt %s --symshape-pipeline="profile=seq:8:16:4611686018427387904" 2>&1 | FileCheck %s --check-prefixes=CHECK,PROFILELIMIT
// RUN: not symshape-opt %s --symshape-pipeline="bind=seq=4611686018427387904" 2>&1 | FileCheck %s --check-prefixes=CHECK,BINDLIMIT
// RUN: not symshape-opt %s --symshape-pipeline="bind=beam=2" 2>&1 | FileCheck %s --check-prefixes=CHECK,UNKNOWN
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=x" 2>&1 | FileCheck %s --check-prefixes=CHECK,MALFORMED
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:1:2" 2>&1 | FileCheck %s --check-prefixes=CHECK,PROFILEMALFORMED
// RUN: not symshape-opt %s --symshape-pipeline="checks=maybe" 2>&1 | FileCheck %s --check-prefixes=CHECK,CHECKS

// RANGE: bind-options-located.mlir:39:18: error: symshape-dynamic-to-static: bind gives 'batch' the value 20, outside its range [1, 10]
// DIVISOR: bind-options-located.mlir:39:18: error: symshape-dynamic-to-static: bind gives 'seq' the value 12, not a multiple of 8
// PROFILERANGE: bind-options-located.mlir:39:18: error: symshape-dynamic-to-static: profile gives 'batch' the value [1, 64], outside its range [1, 10]
// PROFILEOPT: bind-options-located.mlir:39:18: error: symshape-dynamic-to-static: profile's opt gives 'seq' the value 12, not a multiple of 8 declared here
// PROFILEMIN: bind-options-located.mlir:39:18: error: symshape-dynamic-to-static: profile's min gives 'seq' the value 4, not a multiple of 8 declared here
// PROFILELIMIT: bind-options-located.mlir:39:18: error: symshape-dynamic-to-static: profile gives 'seq' the value 4611686018427387904, past the no-overflow limit of sizes (2^62) for the size declared here
// BINDLIMIT: bind-options-located.mlir:39:18: error: symshape-dynamic-to-static: bind gives 'seq' the value 4611686018427387904, past the no-overflow limit of sizes (2^62) for the size declared here
// UNKNOWN: {{^}}<unknown>:0: error: symshape-dynamic-to-static: bind names an unknown symbol 'beam' (known: batch, seq)
// MALFORMED: {{^}}<unknown>:0: error: symshape-dynamic-to-static: malformed binding 'batch=x' (expected name=value)
// PROFILEMALFORMED: {{^}}<unknown>:0: error: symshape-dynamic-to-static: malformed profile 'batch:1:2' (expected name:min:opt:max)
// CHECKS: for the --checks option: Cannot find option named 'maybe'!
// CHECK-NOT: see current operation
// CHECK-NOT: builtin.module
// CHECK-NOT: error:

// The names are declared on the argument, line 39 column 18.
func.func @model(%x: tensor<?x?xf32> {symshape.dim_names = ["batch", "seq"],
                                      symshape.dim_ranges = [#symshape.range<[1, 10]>, unit],
                                      symshape.dim_divisors = [1, 8]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
