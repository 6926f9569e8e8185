// A collapse feeding a rank-reducing column store (the IREE miscompile of
// DESIGN 1.5 involves this shape): src : ?x2 is flattened and written as
// column 1 of a (2n)x3 output. The numbers must not change through
// symshape-pipeline.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// The pipeline folds the collapse into the store, keeping the dropped column
// dim at its own index (never a contiguous store of src with sizes [n, 2]).
// IR-LABEL: func.func @column_store
// IR: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [%{{.*}}, 2, 3]
// IR: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1] [%{{.*}}, 2, 1] [1, 1, 1] : tensor<?x2xi32> into tensor<?x2x3xi32>
// IR-NOT: tensor.insert_slice %collapsed

// src[i, j] = 10 i + j + 1; column 1 holds them in row-major order.
// CHECK: sizes = [4, 3]
// CHECK-NEXT: [0,   1,   0],
// CHECK-NEXT: [0,   2,   0],
// CHECK-NEXT: [0,   11,   0],
// CHECK-NEXT: [0,   12,   0]]
// CHECK: sizes = [6, 3]
// CHECK-NEXT: [0,   1,   0],
// CHECK-NEXT: [0,   2,   0],
// CHECK-NEXT: [0,   11,   0],
// CHECK-NEXT: [0,   12,   0],
// CHECK-NEXT: [0,   21,   0],
// CHECK-NEXT: [0,   22,   0]]

func.func @column_store(%src: tensor<?x2xi32>) -> tensor<?x3xi32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %src, %c0 : tensor<?x2xi32>
  %rows = arith.muli %n, %c2 : index
  %empty = tensor.empty(%rows) : tensor<?x3xi32>
  %out = linalg.fill ins(%zero : i32) outs(%empty : tensor<?x3xi32>) -> tensor<?x3xi32>
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  %r = tensor.insert_slice %flat into %out[0, 1] [%d, 1] [1, 1]
      : tensor<?xi32> into tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}

func.func private @printMemrefI32(memref<*xi32>)

func.func @run(%n: index) {
  %src = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %k10 = arith.constant 10 : index
    %k1 = arith.constant 1 : index
    %a = arith.muli %i, %k10 : index
    %b = arith.addi %a, %j : index
    %v = arith.addi %b, %k1 : index
    %i32 = arith.index_cast %v : index to i32
    tensor.yield %i32 : i32
  } : tensor<?x2xi32>
  %r = func.call @column_store(%src) : (tensor<?x2xi32>) -> tensor<?x3xi32>
  %m = bufferization.to_buffer %r : tensor<?x3xi32> to memref<?x3xi32>
  %u = memref.cast %m : memref<?x3xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  func.call @run(%c2) : (index) -> ()
  func.call @run(%c3) : (index) -> ()
  return
}
