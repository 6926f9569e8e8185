// A certificate lists what the analysis took of the program's meaning
// rather than of a fact, with its source: an elementwise op's operands
// having one shape, a loop keeping a carried dim; and the no-overflow
// contract in its header. A claim that holds by the ops' definitions
// alone (a select of a condition already folded to a constant) gets a
// comment instead of a tautological query. Every query is proven.
// RUN: symshape-opt %s --symshape-pipeline=certify=%t.smt2 > /dev/null
// RUN: FileCheck %s --input-file=%t.smt2
// RUN: %python %symshape_src/scripts/check-certificates.py %t.smt2 | FileCheck %s --check-prefix=PROVEN

// CHECK: ; assumption: the no-overflow contract (docs/Dialect.md)
// CHECK: ; assumption: the tensor operands of arith.addf have one shape (elementwise; the program is undefined otherwise) at loc("{{.*}}certify-assumptions.mlir":[[#@LINE+13]]:8)
// CHECK-NEXT: ; obligation: symshape.sym_min: min(n, 8) == n;
// CHECK: ; assumption: the loop scf.for keeps dim 0 of a carried tensor (one iteration probed with the dim unknown: by induction)
// CHECK-NEXT: ; obligation: symshape.sym_min: min(n, 8) == n;
// CHECK: ; obligation: arith.select: n == n;
// CHECK-NEXT: ; (holds by the ops' definitions: no fact is used)
// PROVEN: {{[1-9][0-9]*}} obligations, {{[1-9][0-9]*}} proven, 0 failed

func.func @elementwise(%a: tensor<?xf32> {symshape.dim_names = ["n"],
                                          symshape.dim_ranges = [#symshape.range<[1, 8]>]},
                       %b: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %s = arith.addf %a, %b : tensor<?xf32>
  %d = tensor.dim %s, %c0 : tensor<?xf32>
  %m = arith.minsi %d, %c8 : index
  return %m : index
}

func.func @loop(%a: tensor<?xf32> {symshape.dim_names = ["n"],
                                   symshape.dim_ranges = [#symshape.range<[1, 8]>]},
                %steps: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%t = %a) -> tensor<?xf32> {
    %u = arith.addf %t, %t : tensor<?xf32>
    scf.yield %u : tensor<?xf32>
  }
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  %m = arith.minsi %d, %c8 : index
  return %m : index
}

func.func @select(%a: tensor<?xf32> {symshape.dim_names = ["n"],
                                     symshape.dim_ranges = [#symshape.range<[1, 64]>]},
                  %k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %p = arith.cmpi sge, %n, %c1 : index
  %s = arith.select %p, %n, %k : index
  return %s : index
}
