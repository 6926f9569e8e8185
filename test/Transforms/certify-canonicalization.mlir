// The decisions the symshape canonicalization patterns take from facts
// (symshape-cleanup, and the pipeline's cleanups) are certified too: each is
// written as a proof obligation with the facts it was taken under, and z3
// proves it. Regression: certify=F reported "2 obligations, 2 proven" on a
// program the canonicalization computed wrongly, whose decisions it never
// wrote.
// RUN: symshape-opt %s --symshape-infer --symshape-cleanup=certify=%t.smt2 | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.smt2
// RUN: %python %symshape_src/scripts/check-certificates.py %t.smt2 | FileCheck %s --check-prefix=PROVEN
// The pipeline's cleanups certify too (here symshape-simplify has taken
// every decision before them).
// RUN: symshape-opt %s --symshape-pipeline=certify=%t.pipeline.smt2 > /dev/null
// RUN: %python %symshape_src/scripts/check-certificates.py %t.pipeline.smt2 | FileCheck %s --check-prefix=PROVEN
// The wrong sign rule (the test pass symshape-test-unsound-cleanup: an
// operand built from sizes is taken as a size) is caught: z3 refutes what
// it decided.
// RUN: symshape-opt %s --symshape-infer --symshape-test-unsound-cleanup=certify=%t.wrong.smt2 > /dev/null
// RUN: not %python %symshape_src/scripts/check-certificates.py %t.wrong.smt2 | FileCheck %s --check-prefix=WRONG

// CHECK-DAG: ; obligation: symshape.sym_max (canonicalization): max(-5 * a, 0) == 0;
// CHECK-DAG: ; obligation: symshape.apply (canonicalization): {{.*}} == a + b;
// CHECK-DAG: ; obligation: symshape.constrain_range (canonicalization): 0 <= a + b;
// PROVEN: {{[1-9][0-9]*}} obligations, [[N:[0-9]+]] proven, 0 failed
// WRONG-DAG: not proven (sat): symshape.apply (canonicalization): -a + b == b;
// WRONG-DAG: not proven (sat): symshape.apply (canonicalization): (2 - a) floordiv 4 == 0;
// WRONG: {{[0-9]+}} obligations, {{[0-9]+}} proven, 2 failed

// The negative values stay; the facts decide the rest.
// IR-LABEL: func.func @f
// IR: symshape.apply s0 + s1
// IR: symshape.apply s0 floordiv 4
// IR-NOT: symshape.constrain_range
// IR: return

func.func @f(%x: tensor<?xf32> {symshape.dim_names = ["a"]},
             %y: tensor<?xf32> {symshape.dim_names = ["b"]})
    -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = tensor.dim %x, %c0 : tensor<?xf32>
  %b = tensor.dim %y, %c0 : tensor<?xf32>
  %na = arith.subi %c0, %a : index
  %r0 = arith.addi %na, %b : index
  %t = arith.subi %c2, %a : index
  %r1 = arith.floordivsi %t, %c4 : index
  %m = arith.muli %na, %c5 : index
  %r2 = arith.maxsi %m, %c0 : index
  %s = arith.addi %a, %b : index
  %k = symshape.constrain_range %s [0, inf] : index
  %z = symshape.apply max(s0, 0) (%s) : index
  %r3 = arith.addi %k, %z : index
  return %r0, %r1, %r2, %r3 : index, index, index, index
}
