// Rank-reducing slices whose dropped unit dim is not a leading one survive
// the pipeline's upstream canonicalization. `[%c1, %n, 1]` of `2x?x3` to
// `?x?` is `1 x n`; MLIR 22.1's constant-argument folder retypes it `n x 1`
// (regression: `tensor.dim ..., 1` returned 1 after symshape-pipeline). The
// insert twin was cast from `?x?` to `?x1`, which fails at run time.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s

// CHECK: 1
// CHECK-NEXT: 3
// CHECK: sizes = [2, 3, 3] strides = [9, 3, 1] data =
// CHECK-NEXT: {{\[}}{{\[}}[7,   0,   0],
// CHECK-NEXT:   [7,   0,   0],
// CHECK-NEXT:   [7,   0,   0]],
// CHECK-NEXT:  {{\[}}[0,   0,   0],
// CHECK-NEXT:   [0,   0,   0],
// CHECK-NEXT:   [0,   0,   0]]]

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(tensor<*xf32>)

func.func @dims_of_slice(%t: tensor<2x?x3xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c1 : tensor<2x?x3xf32>
  %s = tensor.extract_slice %t[0, 0, 0] [%c1, %n, 1] [1, 1, 1]
      : tensor<2x?x3xf32> to tensor<?x?xf32>
  %d0 = tensor.dim %s, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %s, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

func.func @insert_column(%t: tensor<2x?x3xf32>, %v: tensor<?x?xf32>) -> tensor<2x?x3xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c1 : tensor<2x?x3xf32>
  %r = tensor.insert_slice %v into %t[0, 0, 0] [%c1, %n, 1] [1, 1, 1]
      : tensor<?x?xf32> into tensor<2x?x3xf32>
  return %r : tensor<2x?x3xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty(%c3) : tensor<2x?x3xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<2x?x3xf32>) -> tensor<2x?x3xf32>
  %d0, %d1 = func.call @dims_of_slice(%t) : (tensor<2x?x3xf32>) -> (index, index)
  %i0 = arith.index_cast %d0 : index to i64
  %i1 = arith.index_cast %d1 : index to i64
  func.call @printI64(%i0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%i1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %ve = tensor.empty(%c1, %c3) : tensor<?x?xf32>
  %v = linalg.fill ins(%seven : f32) outs(%ve : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = func.call @insert_column(%t, %v) : (tensor<2x?x3xf32>, tensor<?x?xf32>) -> tensor<2x?x3xf32>
  %u = tensor.cast %r : tensor<2x?x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
