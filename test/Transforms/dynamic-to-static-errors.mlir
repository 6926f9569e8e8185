// RUN: not symshape-opt %s --symshape-dynamic-to-static="bind=batch=20" 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not symshape-opt %s --symshape-dynamic-to-static="bind=beam=2" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not symshape-opt %s --symshape-dynamic-to-static="bind=seq=12" 2>&1 | FileCheck %s --check-prefix=DIVISOR
// RUN: not symshape-opt %s --symshape-dynamic-to-static="bind=batch" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not symshape-opt %s --symshape-dynamic-to-static="profile=batch:1:8:4" 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: not symshape-opt %s --symshape-dynamic-to-static="profile=batch:1:2:64" 2>&1 | FileCheck %s --check-prefix=PROFILERANGE
// RUN: not symshape-opt %s --symshape-dynamic-to-static="profile=batch:1:2" 2>&1 | FileCheck %s --check-prefix=PROFILEMALFORMED
// RUN: not symshape-opt %s --symshape-pipeline="profile=beam:1:2:3" 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not symshape-opt %s --symshape-dynamic-to-static="checks=maybe" 2>&1 | FileCheck %s --check-prefix=CHECKS
// RUN: not symshape-opt %s --symshape-dynamic-to-static="bind=batch=4,batch=5" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not symshape-opt %s --symshape-dynamic-to-static="profile=batch:1:2:4,batch:1:3:4" 2>&1 | FileCheck %s --check-prefix=PROFILETWICE
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=2 profile=batch:1:2:4" 2>&1 | FileCheck %s --check-prefix=BOTH
// Diagnostics point at the declaration and print no module dump.
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=20" 2>&1 | FileCheck %s --check-prefix=LOCATED

// RANGE: error: symshape-dynamic-to-static: bind gives 'batch' the value 20, outside its range [1, 10]
// UNKNOWN: error: symshape-dynamic-to-static: bind names an unknown symbol 'beam' (known: batch, seq)
// DIVISOR: error: symshape-dynamic-to-static: bind gives 'seq' the value 12, not a multiple of 8
// MALFORMED: error: symshape-dynamic-to-static: malformed binding 'batch' (expected name=value)
// PROFILE: error: symshape-dynamic-to-static: profile 'batch:1:8:4' needs 0 <= min <= opt <= max
// PROFILERANGE: error: symshape-dynamic-to-static: profile gives 'batch' the value [1, 64], outside its range [1, 10]
// PROFILEMALFORMED: error: symshape-dynamic-to-static: malformed profile 'batch:1:2' (expected name:min:opt:max)
// PIPELINE: error: symshape-dynamic-to-static: profile names an unknown symbol 'beam' (known: batch, seq)
// CHECKS: for the --checks option: Cannot find option named 'maybe'!
// TWICE: dynamic-to-static-errors.mlir:[[@LINE+11]]:18: error: symshape-dynamic-to-static: bind gives 'batch' two values (4 and 5)
// PROFILETWICE: dynamic-to-static-errors.mlir:[[@LINE+10]]:18: error: symshape-dynamic-to-static: profile names 'batch' twice
// BOTH: dynamic-to-static-errors.mlir:[[@LINE+9]]:18: error: symshape-dynamic-to-static: 'batch' is both bound (bind=) and profiled (profile=); give it one of the two
// LOCATED: dynamic-to-static-errors.mlir:[[@LINE+8]]:18: error: symshape-dynamic-to-static: bind gives 'batch' the value 20, outside its range [1, 10] declared here
// LOCATED-NEXT: func.func @model
// LOCATED-NEXT: ^
// LOCATED-NOT: note
// LOCATED-NOT: module
// LOCATED-NOT: "func.func"


func.func @model(%x: tensor<?x?xf32> {symshape.dim_names = ["batch", "seq"],
                                      symshape.dim_ranges = [#symshape.range<[1, 10]>, unit],
                                      symshape.dim_divisors = [1, 8]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
