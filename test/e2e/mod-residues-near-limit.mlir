// A modulo of a size expression by a constant, with the size near the
// no-overflow limit: `(-n - 1) mod 5` with n = 2^61 + 3 (below 2^62, so the
// entry check passes) is 4. The engine keeps the dividend's coefficients in
// [0, 5), so the expression is `(4 * n + 4) mod 5`, and lowering it as
// written computed 4 * n, which wraps past 2^63, and returned 2 (pipeline
// campaign seed 41, program 197). The materialized dividend now takes each
// coefficient's residue of least magnitude (4 becomes -1), which computes no
// larger intermediate than the program's own. A second case, n = 7, and a
// constant other than the coefficient's residue (`(3 - 2 * n) mod 7`).
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu > %t.before
// RUN: FileCheck %s --input-file=%t.before
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu > %t.after
// RUN: diff %t.before %t.after
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | mlir-opt %lower_to_llvm | %run_cpu > %t.none
// RUN: diff %t.before %t.none
// RUN: symshape-opt %s --symshape-infer --symshape-simplify --symshape-lower | mlir-opt %lower_to_llvm | %run_cpu > %t.simplify
// RUN: diff %t.before %t.simplify

// (-n - 1) mod 5 and (3 - 2 * n) mod 7 at n = 2^61 + 3, then at n = 7.
// CHECK: 4
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 3

func.func private @printI64(i64)
func.func private @printNewline()

func.func @residues(%t: tensor<?x?xf32>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c1 : tensor<?x?xf32>
  %a = affine.apply affine_map<()[s0] -> ((s0 * -1 - 1) mod 5)>()[%n]
  %b = affine.apply affine_map<()[s0] -> ((3 - s0 * 2) mod 7)>()[%n]
  return %a, %b : index, index
}

func.func @print(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %big = arith.constant 2305843009213693955 : index
  %c7 = arith.constant 7 : index
  %t0 = tensor.empty(%c0, %big) : tensor<?x?xf32>
  %a0, %b0 = func.call @residues(%t0) : (tensor<?x?xf32>) -> (index, index)
  func.call @print(%a0) : (index) -> ()
  func.call @print(%b0) : (index) -> ()
  %t1 = tensor.empty(%c0, %c7) : tensor<?x?xf32>
  %a1, %b1 = func.call @residues(%t1) : (tensor<?x?xf32>) -> (index, index)
  func.call @print(%a1) : (index) -> ()
  func.call @print(%b1) : (index) -> ()
  return
}
