// Bad input: malformed or wrong bind=, profile= and checks= option strings.
// Each is an error with a message naming the bad entry and a non-zero exit,
// never a crash and never a silent default. (Where the error is located and
// that no module is dumped: bind-options-located.mlir.)
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=20" 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not symshape-opt %s --symshape-pipeline="bind=seq=12" 2>&1 | FileCheck %s --check-prefix=DIVISOR
// RUN: not symshape-opt %s --symshape-pipeline="bind=beam=2" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not symshape-opt %s --symshape-pipeline="bind==4" 2>&1 | FileCheck %s --check-prefix=NONAME
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch" 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=" 2>&1 | FileCheck %s --check-prefix=EMPTYVALUE
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=x" 2>&1 | FileCheck %s --check-prefix=NOTANUMBER
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=4=5" 2>&1 | FileCheck %s --check-prefix=TWOVALUES
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=99999999999999999999" 2>&1 | FileCheck %s --check-prefix=TOOLARGE
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=2,,seq=8" 2>&1 | FileCheck %s --check-prefix=EMPTYENTRY
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:1:8:4" 2>&1 | FileCheck %s --check-prefix=PROFILEORDER
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:-1:0:1" 2>&1 | FileCheck %s --check-prefix=PROFILENEGATIVE
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:1:2" 2>&1 | FileCheck %s --check-prefix=PROFILESHORT
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:1:2:3:4" 2>&1 | FileCheck %s --check-prefix=PROFILELONG
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:a:b:c" 2>&1 | FileCheck %s --check-prefix=PROFILENAN
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:1:2:64" 2>&1 | FileCheck %s --check-prefix=PROFILERANGE
// RUN: not symshape-opt %s --symshape-pipeline="checks=" 2>&1 | FileCheck %s --check-prefix=CHECKSEMPTY
// RUN: not symshape-opt %s --symshape-pipeline="checks=ASSERT" 2>&1 | FileCheck %s --check-prefix=CHECKSCASE
// RUN: not symshape-opt %s --symshape-pipeline="bind" 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: not symshape-opt %s --symshape-pipeline="nonsense=1" 2>&1 | FileCheck %s --check-prefix=NOOPTION
// An empty list binds nothing: the output is the unbound pipeline's.
// RUN: symshape-opt %s --symshape-pipeline="bind= profile=" | FileCheck %s --check-prefix=EMPTY

// RANGE: error: symshape-dynamic-to-static: bind gives 'batch' the value 20, outside its range [1, 10]
// NEGATIVE: error: symshape-dynamic-to-static: bind gives 'batch' the value -1, outside its range [1, 10]
// DIVISOR: error: symshape-dynamic-to-static: bind gives 'seq' the value 12, not a multiple of 8
// UNKNOWN: error: symshape-dynamic-to-static: bind names an unknown symbol 'beam' (known: batch, seq)
// NONAME: error: symshape-dynamic-to-static: malformed binding '=4' (expected name=value)
// NOVALUE: error: symshape-dynamic-to-static: malformed binding 'batch' (expected name=value)
// EMPTYVALUE: error: symshape-dynamic-to-static: malformed binding 'batch=' (expected name=value)
// NOTANUMBER: error: symshape-dynamic-to-static: malformed binding 'batch=x' (expected name=value)
// TWOVALUES: error: symshape-dynamic-to-static: malformed binding 'batch=4=5' (expected name=value)
// TOOLARGE: error: symshape-dynamic-to-static: malformed binding 'batch=99999999999999999999' (expected name=value)
// EMPTYENTRY: error: symshape-dynamic-to-static: malformed binding '' (expected name=value)
// PROFILEORDER: error: symshape-dynamic-to-static: profile 'batch:1:8:4' needs 0 <= min <= opt <= max
// PROFILENEGATIVE: error: symshape-dynamic-to-static: profile 'batch:-1:0:1' needs 0 <= min <= opt <= max
// PROFILESHORT: error: symshape-dynamic-to-static: malformed profile 'batch:1:2' (expected name:min:opt:max)
// PROFILELONG: error: symshape-dynamic-to-static: malformed profile 'batch:1:2:3:4' (expected name:min:opt:max)
// PROFILENAN: error: symshape-dynamic-to-static: malformed profile 'batch:a:b:c' (expected name:min:opt:max)
// PROFILERANGE: error: symshape-dynamic-to-static: profile gives 'batch' the value [1, 64], outside its range [1, 10]
// CHECKSEMPTY: for the --checks option: Cannot find option named ''!
// CHECKSCASE: for the --checks option: Cannot find option named 'ASSERT'!
// BARE: for the --bind option: requires a value
// NOOPTION: no such option nonsense

// EMPTY-LABEL: func.func @model
// EMPTY-NOT: bind=
// EMPTY-NOT: profile
// EMPTY-NOT: func.func @model.opt
// EMPTY: cf.assert %{{.*}}, "symshape: symbol 'batch' (dim 0 of arg 0 of @model) must be in [1, 10]"
// EMPTY-NOT: bind=
// EMPTY: return
func.func @model(%x: tensor<?x?xf32> {symshape.dim_names = ["batch", "seq"],
                                      symshape.dim_ranges = [#symshape.range<[1, 10]>, unit],
                                      symshape.dim_divisors = [1, 8]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
