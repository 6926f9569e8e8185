// RUN: symshape-opt %s --symshape-pipeline=report -o /dev/null 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline="report bind=m=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: symshape-opt %s --symshape-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// The reshape-into-store folds done and refused, each refusal with the
// condition that failed (on the fold pass's own test input).
// RUN: symshape-opt %S/fold-reshape-into-store.mlir --symshape-pipeline=report -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOLDS
// RUN: symshape-opt %S/fold-reshape-into-store.mlir --symshape-pipeline="report-format=json report-file=%t.json" -o /dev/null
// RUN: symshape-opt %s --symshape-pipeline="report-format=json report-file=%t.kept.json" -o /dev/null
// RUN: %python -c "import json,sys; print([k['reason'] for f in json.load(open(sys.argv[1]))['functions'] if f['name'] == 'model' for k in f['summary']['checks']['kept'] + f['summary']['max_min']['kept']])" %t.kept.json | FileCheck %s --check-prefix=JSON
// JSON: ['not proven: n mod 2 == 0 (n in [1, 64])', 'no operand proven the largest of n, m (n in [1, 64]; m in [0, inf])']
// RUN: %python -c "import json,sys; print([(f['name'], f['summary']['folds']) for f in json.load(open(sys.argv[1]))['functions'] if f['name'] in ('no_fold_destination_not_multiple', 'guarded_opaque_offset')])" %t.json | FileCheck %s --check-prefix=FOLDSJSON

// symshape-pipeline's report starts, per public function, with its symbols:
// range, divisor, and where their facts come from (a declaration, an
// assert, a binding, a constraint, an option of the pipeline); then what
// the pipeline did: the input's checks removed by proof and kept (each kept
// one with its location and message), the max/min decided and kept (each
// kept one located, with what was not proven and the ranges of its
// symbols where it is), dynamic dims in the types before and after, copies;
// then the tensor dims. A function with nothing dynamic gets no summary.

// CHECK-LABEL: symshape summary for @model:
// CHECK-NEXT: symbols:
// CHECK-NEXT: n : size in [1, 64] (declared at pipeline-report-summary.mlir:[[#DECL:]]:18; assert at pipeline-report-summary.mlir:[[#POS:]]:3, pipeline-report-summary.mlir:[[#EVEN:]]:3)
// CHECK-NEXT: m : size in [0, inf] (no facts stated)
// CHECK-NEXT: checks: 2 in the input, 1 removed by proof, 1 kept
// CHECK-NEXT: max/min: 2 in the input, 1 decided, 1 kept
// CHECK-NEXT: dynamic dims: {{[0-9]+}} in the input's types, {{[0-9]+}} in the output's
// CHECK-NEXT: copies introduced: 0
// CHECK-NEXT: kept at pipeline-report-summary.mlir:[[#EVEN]]:3: check "n is even": not proven: n mod 2 == 0 (n in [1, 64])
// CHECK-NEXT: kept at pipeline-report-summary.mlir:{{[0-9]+}}:{{[0-9]+}}: arith.maxsi: no operand proven the largest of n, m (n in [1, 64]; m in [0, inf])
// CHECK-NEXT: tensor dims:
// CHECK-NEXT: %arg0 (argument 0) : tensor<?xf32> = [n]
// CHECK-NEXT: %arg1 (argument 1) : tensor<?xf32> = [m]
// A condition that is not a comparison of integers says so.
// CHECK-LABEL: symshape summary for @opaque:
// CHECK: kept at pipeline-report-summary.mlir:[[#OPAQUE:]]:3: check "the caller says so": its condition is not a comparison of integers
// CHECK-NOT: symshape summary for @harness
// CHECK-NOT: symshape facts
// BOUND: m : size in [0, inf] (bind=m=3)
// With the binding, the kept max is max(n, 3): m is the constant.
// BOUND: kept at {{.*}}: check "n is even": not proven: n mod 2 == 0 (n in [1, 64])
// BOUND-NEXT: kept at {{.*}}: arith.maxsi: no operand proven the largest of n, 3 (n in [1, 64])
// QUIET-NOT: symshape summary
// FOLDS-LABEL: symshape summary for @no_fold_destination_not_multiple:
// FOLDS: reshape-into-store folds: 0 done, 1 refused
// FOLDS-NEXT: refused at fold-reshape-into-store.mlir:{{[0-9]+}}:{{[0-9]+}}: C1: the extent of target dim 0 is not provably a multiple of 2
// FOLDS-LABEL: symshape summary for @guarded_opaque_offset:
// FOLDS: reshape-into-store folds: 1 done (1 behind a run-time check), 0 refused
// FOLDSJSON: [('no_fold_destination_not_multiple', {'done': 0, 'guarded': 0, 'refused': [{'at': 'fold-reshape-into-store.mlir:{{[0-9]+}}:{{[0-9]+}}', 'reason': 'C1: the extent of target dim 0 is not provably a multiple of 2'}]}), ('guarded_opaque_offset', {'done': 1, 'guarded': 1, 'refused': []})]

func.func @model(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 64]>]},
                 %y: tensor<?xf32> {symshape.dim_names = ["m"]}) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = tensor.dim %y, %c0 : tensor<?xf32>
  // Proven from the declared range: removed.
  %pos = arith.cmpi sge, %n, %c1 : index
  cf.assert %pos, "n is positive"
  // Not implied by anything: kept.
  %r = arith.remsi %n, %c2 : index
  %even = arith.cmpi eq, %r, %c0 : index
  cf.assert %even, "n is even"
  // max(n, 1) is n (n >= 1); max(n, m) is not decided.
  %a = arith.maxsi %n, %c1 : index
  %b = arith.maxsi %n, %m : index
  return %a, %b : index, index
}

func.func @opaque(%x: tensor<?xf32>, %ok: i1) -> tensor<?xf32> {
  cf.assert %ok, "the caller says so"
  return %x : tensor<?xf32>
}

func.func @harness() -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}
