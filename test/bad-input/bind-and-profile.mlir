// Regression: a name that is both bound and profiled is accepted;
// the pipeline emits a profile dispatch whose versions also assert the
// binding, warns that a check "contradicts earlier facts on '2'" and exits
// 0. A name may be bound or profiled, not both: an error naming the name
// and both options, located at its declaration (line 19, column 18), with no
// module dump and no output.
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=4 profile=batch:1:2:4" 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not symshape-opt %s --symshape-pipeline="bind=batch=2 profile=batch:1:2:4" 2>&1 | FileCheck %s --check-prefix=INSIDE

// OUTSIDE: bind-and-profile.mlir:19:18: error: symshape-dynamic-to-static: {{.*}}'batch'{{.*}}bind{{.*}}profile
// OUTSIDE-NOT: warning
// OUTSIDE-NOT: see current operation
// OUTSIDE-NOT: func.func private @model.opt

// INSIDE: bind-and-profile.mlir:19:18: error: symshape-dynamic-to-static: {{.*}}'batch'{{.*}}bind{{.*}}profile
// INSIDE-NOT: see current operation
// INSIDE-NOT: func.func private @model.opt

func.func @model(%x: tensor<?x?xf32> {symshape.dim_names = ["batch", "seq"],
                                      symshape.dim_ranges = [#symshape.range<[1, 10]>, unit],
                                      symshape.dim_divisors = [1, 8]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
