// Regression: `bind=batch=4,batch=5` silently takes the last value
// (the StringMap entry is overwritten) and `profile=` does the same. A name
// given two values is an error naming the name and both values, located at
// its declaration (here line 21, column 18), with no module dump.
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=4,batch=5" 2>&1 | FileCheck %s --check-prefix=BIND
// RUN: not symshape-opt %s --symshape-dynamic-to-static="bind=batch=5,seq=8,batch=4" 2>&1 | FileCheck %s --check-prefix=BIND2
// RUN: not symshape-opt %s --symshape-pipeline="profile=batch:1:2:4,batch:1:3:4" 2>&1 | FileCheck %s --check-prefix=PROFILE

// BIND: bind-twice.mlir:21:18: error: symshape-dynamic-to-static: {{.*}}'batch'{{.*}}4{{.*}}5
// BIND-NOT: see current operation
// BIND-NOT: cf.assert

// BIND2: bind-twice.mlir:21:18: error: symshape-dynamic-to-static: {{.*}}'batch'{{.*}}5{{.*}}4
// BIND2-NOT: see current operation
// BIND2-NOT: cf.assert

// PROFILE: bind-twice.mlir:21:18: error: symshape-dynamic-to-static: profile names 'batch' twice
// PROFILE-NOT: see current operation
// PROFILE-NOT: func.func private @model.opt

func.func @model(%x: tensor<?x?xf32> {symshape.dim_names = ["batch", "seq"],
                                      symshape.dim_ranges = [#symshape.range<[1, 10]>, unit],
                                      symshape.dim_divisors = [1, 8]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
