// The decisions symshape takes on the downstream ops (the max decided from
// an assumption, the fold's conditions, the dims made static) are
// certified: downstream-pipeline{certify=FILE} writes them as SMT-LIB proof
// obligations and symshape's checker proves every one with z3.
// RUN: downstream-opt %S/pipeline.mlir --downstream-pipeline="certify=%t.smt2" > /dev/null
// RUN: %check_certificates %t.smt2 | FileCheck %s
// RUN: FileCheck %s --check-prefix=KINDS --input-file=%t.smt2
// CHECK: {{[1-9][0-9]*}} obligations, {{[0-9]+}} proven, 0 failed
// KINDS-DAG: ; obligation: arith.maxsi:
// KINDS-DAG: ; obligation: bufferization.materialize_in_destination: C1 extent divisible:

func.func @empty() {
  return
}
