// Regressions of symshape-fold-reshape-into-store (their IR is checked by
// test/Transforms/fold-reshape-into-store-regressions.mlir), executed before
// and after the pass: the numbers must not change.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-fold-reshape-into-store > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// The segfault of the correctness issue: a three-dim group (inner product
// 12) at an opaque offset, guarded on alignment to 12. Run at offsets 24
// (the folded path) and 8 (a multiple of 4 only: the original store).
// IR-LABEL: func.func @three_dim_group
// IR: arith.remui %{{.*}}, %c12 : index
// IR: scf.if
// IR: tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [4, 3, 4]
// IR: } else {
func.func @three_dim_group(%s: tensor<2x3x4xf32>, %t: tensor<48xf32>, %o: index) -> tensor<48xf32> {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %r = tensor.insert_slice %v into %t[%o] [24] [1] : tensor<24xf32> into tensor<48xf32>
  return %r : tensor<48xf32>
}

// IR-LABEL: func.func @three_dim_group_memref
// IR: arith.remui %{{.*}}, %c12 : index
// IR: scf.if
// IR: memref.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [4, 3, 4]
// IR: } else {
func.func @three_dim_group_memref(%s: tensor<2x3x4xf32>, %t: memref<48xf32>, %o: index) {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %sv = memref.subview %t[%o] [24] [1] : memref<48xf32> to memref<24xf32, strided<[1], offset: ?>>
  bufferization.materialize_in_destination %v in restrict writable %sv : (tensor<24xf32>, memref<24xf32, strided<[1], offset: ?>>) -> ()
  return
}

// A chain of stores: the second fold's destination is the first fold's
// result.
// IR-LABEL: func.func @chained_stores
// IR-COUNT-2: tensor.expand_shape
func.func @chained_stores(%s: tensor<2x3x4xf32>, %t: tensor<48xf32>) -> tensor<48xf32> {
  %v = tensor.collapse_shape %s [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %r1 = tensor.insert_slice %v into %t[0] [24] [1] : tensor<24xf32> into tensor<48xf32>
  %r2 = tensor.insert_slice %v into %r1[24] [24] [1] : tensor<24xf32> into tensor<48xf32>
  return %r2 : tensor<48xf32>
}

// A rank-reducing store of S with a unit dim: stored with the dropped dims
// made explicit, so that the result lowers as its input did.
// IR-LABEL: func.func @explicit_unit_dims
// IR: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2], [3, 4], [5], [6]] output_shape [1, 2, 1, 2, 1, %{{.*}}, 2]
func.func @explicit_unit_dims(%s: tensor<2x1x2x?x2xf32>) -> tensor<3x4x?x?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %d = tensor.dim %s, %c3 : tensor<2x1x2x?x2xf32>
  %e = arith.muli %d, %c2 : index
  %empty = tensor.empty(%c3, %e) : tensor<3x4x?x?xf32>
  %t = linalg.fill ins(%zero : f32) outs(%empty : tensor<3x4x?x?xf32>) -> tensor<3x4x?x?xf32>
  %v = tensor.collapse_shape %s [[0, 1, 2], [3, 4]] : tensor<2x1x2x?x2xf32> into tensor<4x?xf32>
  %n = tensor.dim %v, %c1 : tensor<4x?xf32>
  %r = tensor.insert_slice %v into %t[1, 0, 1, 0] [1, 4, 1, %n] [1, 1, 1, 1] : tensor<4x?xf32> into tensor<3x4x?x?xf32>
  return %r : tensor<3x4x?x?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print48(%t: tensor<48xf32>) {
  %b = bufferization.to_buffer %t : tensor<48xf32> to memref<48xf32>
  %u = memref.cast %b : memref<48xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %zero = arith.constant 0.0 : f32
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  // S holds 1 .. 24.
  %s = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %ij = arith.muli %i, %c3 : index
    %a = arith.addi %ij, %j : index
    %a4 = arith.muli %a, %c4 : index
    %l = arith.addi %a4, %k : index
    %one = arith.constant 1 : index
    %l1 = arith.addi %l, %one : index
    %li = arith.index_cast %l1 : index to i32
    %f = arith.sitofp %li : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x3x4xf32>
  %empty = tensor.empty() : tensor<48xf32>
  %t = linalg.fill ins(%zero : f32) outs(%empty : tensor<48xf32>) -> tensor<48xf32>
  %r24 = func.call @three_dim_group(%s, %t, %c24) : (tensor<2x3x4xf32>, tensor<48xf32>, index) -> tensor<48xf32>
  func.call @print48(%r24) : (tensor<48xf32>) -> ()
  %r8 = func.call @three_dim_group(%s, %t, %c8) : (tensor<2x3x4xf32>, tensor<48xf32>, index) -> tensor<48xf32>
  func.call @print48(%r8) : (tensor<48xf32>) -> ()
  %m = memref.alloc() : memref<48xf32>
  linalg.fill ins(%zero : f32) outs(%m : memref<48xf32>)
  func.call @three_dim_group_memref(%s, %m, %c8) : (tensor<2x3x4xf32>, memref<48xf32>, index) -> ()
  func.call @three_dim_group_memref(%s, %m, %c24) : (tensor<2x3x4xf32>, memref<48xf32>, index) -> ()
  %mu = memref.cast %m : memref<48xf32> to memref<*xf32>
  func.call @printMemrefF32(%mu) : (memref<*xf32>) -> ()
  %rc = func.call @chained_stores(%s, %t) : (tensor<2x3x4xf32>, tensor<48xf32>) -> tensor<48xf32>
  func.call @print48(%rc) : (tensor<48xf32>) -> ()
  %s5 = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index, %l: index, %n: index):
    %c2 = arith.constant 2 : index
    %ik = arith.muli %i, %c2 : index
    %a = arith.addi %ik, %k : index
    %a2 = arith.muli %a, %c2 : index
    %b = arith.addi %a2, %l : index
    %b2 = arith.muli %b, %c2 : index
    %lin = arith.addi %b2, %n : index
    %one = arith.constant 1 : index
    %l1 = arith.addi %lin, %one : index
    %li = arith.index_cast %l1 : index to i32
    %f = arith.sitofp %li : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x1x2x2x2xf32>
  %s5d = tensor.cast %s5 : tensor<2x1x2x2x2xf32> to tensor<2x1x2x?x2xf32>
  %ru = func.call @explicit_unit_dims(%s5d) : (tensor<2x1x2x?x2xf32>) -> tensor<3x4x?x?xf32>
  %bu = bufferization.to_buffer %ru : tensor<3x4x?x?xf32> to memref<3x4x?x?xf32>
  %uu = memref.cast %bu : memref<3x4x?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%uu) : (memref<*xf32>) -> ()
  return
}

// Offset 24: S lands in the second half.
// CHECK: sizes = [48]
// CHECK-NEXT: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24]
// Offset 8 (not a multiple of 12): the original store.
// CHECK: sizes = [48]
// CHECK-NEXT: [0,  0,  0,  0,  0,  0,  0,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// Memory form, offsets 8 then 24.
// CHECK: sizes = [48]
// CHECK-NEXT: [0,  0,  0,  0,  0,  0,  0,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24]
// The chain: S twice.
// CHECK: sizes = [48]
// CHECK-NEXT: [1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  1,  2,
// S (1 .. 16) in slice [1, :, 1, :] of the 3x4x3x4 destination: row 1 of
// each 3x4 block of the second 4x3x4 slab.
// CHECK: sizes = [3, 4, 3, 4]
// CHECK-COUNT-12: [0,     0,     0,     0]
// CHECK-NEXT: {{\[\[\[}}0,     0,     0,     0],
// CHECK-NEXT: [1,     2,     3,     4],
// CHECK-NEXT: [0,     0,     0,     0]],
// CHECK-NEXT: {{\[\[}}0,     0,     0,     0],
// CHECK-NEXT: [5,     6,     7,     8],
