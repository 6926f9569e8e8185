// Errors of symshape-specialize name the pass, the symbol and the value.
// An option string has no place in the source: its errors carry none.
// RUN: not symshape-opt %s --symshape-specialize="bind=m=4" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not symshape-opt %s --symshape-specialize="checks=maybe" 2>&1 | FileCheck %s --check-prefix=CHECKS
// RUN: not symshape-opt %s --symshape-specialize="bind=n" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not symshape-opt %s --symshape-specialize="profile=n:4:2:8" 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: not symshape-opt %s --symshape-specialize="bind=n=4 profile=n:1:4:8" 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not symshape-opt %s --symshape-specialize="bind=n=0" 2>&1 | FileCheck %s --check-prefix=RANGE

// UNKNOWN: {{^}}<unknown>:0: error: symshape-specialize: bind names an unknown symbol 'm' (known: n)
// CHECKS: for the --checks option: Cannot find option named 'maybe'!
// MALFORMED: error: symshape-specialize: malformed binding 'n' (expected name=value)
// PROFILE: error: symshape-specialize: profile 'n:4:2:8' needs 0 <= min <= opt <= max
// BOTH: error: symshape-specialize: 'n' is both bound (bind=) and profiled (profile=); give it one of the two
// RANGE: error: symshape-specialize: bind gives 'n' the value 0, outside its range [1, 8] declared here

module {
  func.func @f(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 8]>]}) -> tensor<?xf32> {
    return %x : tensor<?xf32>
  }
}
