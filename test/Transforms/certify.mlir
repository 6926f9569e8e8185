// Every decision of symshape-simplify is written as a proof obligation and
// z3 proves each one (the facts in scope imply the claim); the pipeline
// certifies both simplify runs and dynamic-to-static.
// RUN: symshape-opt %s --symshape-simplify=certify=%t.smt2 | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.smt2
// RUN: %python %symshape_src/scripts/check-certificates.py %t.smt2 | FileCheck %s --check-prefix=PROVEN
// RUN: symshape-opt %s --symshape-pipeline=certify=%t.pipeline.smt2 > /dev/null
// RUN: %python %symshape_src/scripts/check-certificates.py %t.pipeline.smt2 | FileCheck %s --check-prefix=PIPELINE
// The reshape-into-store fold certifies the arithmetic of C1-C3 for each
// fold it makes.
// RUN: %python %symshape_src/scripts/certify-corpus.py --symshape-opt %symshape_obj/bin/symshape-opt --keep %t.fold.smt2 %S/fold-reshape-into-store.mlir | FileCheck %s --check-prefix=FOLD
// RUN: FileCheck %s --check-prefix=FOLDC --input-file=%t.fold.smt2
// FOLD: {{[1-9][0-9]*}} obligations, {{[0-9]+}} proven, 0 failed
// FOLDC-DAG: C1 extent divisible
// FOLDC-DAG: C2 offset aligned
// FOLDC-DAG: C3 full store
// A deliberately wrong rule (the test pass symshape-test-unsound-simplify:
// every two-operand max is its first operand) is caught: z3 refutes its
// obligation.
// RUN: symshape-opt %s --symshape-test-unsound-simplify="certify=%t.wrong.smt2" > /dev/null
// RUN: not %python %symshape_src/scripts/check-certificates.py %t.wrong.smt2 | FileCheck %s --check-prefix=WRONG
// WRONG: not proven (sat): arith.maxsi: max(arg0, arg1) == arg0;
// WRONG: {{[0-9]+}} obligations, {{[0-9]+}} proven, 1 failed
// Without decisions, the file holds no obligation.
// RUN: symshape-opt %s --symshape-simplify=certify=%t.none.smt2 --symshape-simplify=certify=%t.none.smt2 > /dev/null
// RUN: %python %symshape_src/scripts/check-certificates.py %t.none.smt2 | FileCheck %s --check-prefix=NONE

// IR-LABEL: func.func @decisions
// IR-NOT: arith.maxsi
// IR-NOT: arith.cmpi sgt
// IR-NOT: symshape.constrain_range

// CHECK: ; obligation: arith.maxsi: max(arg0.dim0, 4) == arg0.dim0;
// CHECK: (declare-const s0 Int)
// CHECK: (check-sat)
// CHECK: ; obligation: arith.cmpi: 2 < arg0.dim0;
// CHECK: ; obligation: symshape.constrain_range: 8 <= arg0.dim0;

// PROVEN: 3 obligations, 3 proven, 0 failed
// PIPELINE: {{[1-9][0-9]*}} obligations, [[N:[0-9]+]] proven, 0 failed
// NONE: 0 obligations, 0 proven, 0 failed

func.func @decisions(%x: tensor<?xf32>) -> (index, i1, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %big = arith.cmpi sge, %d, %c8 : index
  cf.assert %big, "at least 8"
  %m = arith.maxsi %d, %c4 : index
  %gt = arith.cmpi sgt, %d, %c2 : index
  %r = symshape.constrain_range %d [8, inf] : index
  return %m, %gt, %r : index, i1, index
}

// An undecided max: kept, except under the wrong rule.
// IR-LABEL: func.func @undecided
// IR: arith.maxsi
func.func @undecided(%a: index, %b: index) -> index {
  %m = arith.maxsi %a, %b : index
  return %m : index
}
