// Executed: the dstream stores lowered to upstream ops and run under
// mlir-runner, once with the dstream ops lowered as they are (assumptions
// dropped, no symshape pass) and once through downstream-pipeline (reshapes
// folded into the stores where C0-C8 are proven, assumptions checked at run
// time). The numbers must be identical, and right.
//
// RUN: downstream-opt %s --dstream-lower-stores --dstream-lower-assumptions=checks=none > %t.plain.mlir
// RUN: mlir-opt %t.plain.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: downstream-opt %s --downstream-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// src[i, j] = 10 i + j + 1. Column 1 of the binding holds src in row-major
// order, folded (tied) or not (untied), for n = 2 and n = 3.
// CHECK: sizes = [4, 3]
// CHECK-NEXT: [0,   1,   0],
// CHECK-NEXT: [0,   2,   0],
// CHECK-NEXT: [0,   11,   0],
// CHECK-NEXT: [0,   12,   0]]
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
// CHECK: sizes = [6, 3]
// CHECK: [0,   22,   0]]
// The 2x3 block as one row: in row 1 at column o (0, then 1: the guard's
// original store) and in row 2 at the next multiple of 3.
// CHECK: sizes = [4, 12]
// CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [1,   2,   3,   11,   12,   13,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [0,   0,   0,   1,   2,   3,   11,   12,   13,   0,   0,   0],
// CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0]]
// CHECK: sizes = [4, 12]
// CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [0,   1,   2,   3,   11,   12,   13,   0,   0,   0,   0,   0],
// CHECK-NEXT: [0,   0,   0,   1,   2,   3,   11,   12,   13,   0,   0,   0],
// CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0]]
// The 1x2x3 value lands in slice 1 of the 3x1x2x1x3 base.
// CHECK: sizes = [3, 1, 2, 1, 3]
// CHECK-NEXT: [0,      0,      0]],
// CHECK-NEXT: [0,      0,      0]]]],
// CHECK-NEXT: [1,      2,      3]],
// CHECK-NEXT: [11,      12,      13]]]],
// CHECK-NEXT: [0,      0,      0]],
// CHECK-NEXT: [0,      0,      0]]]]]

// The IREE shape (a ?x2 source flattened and stored as one column of a
// binding), with the binding's row count tied and assumed even: folded, the
// dropped column dim kept at its own index (src stored as n x 2 blocks of
// column 1, never as a contiguous row).
// IR-LABEL: func.func @column_store_tied
// IR: memref.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [%{{.*}}, 2, 3] : memref<?x3xi32> into memref<?x2x3xi32>
// IR: memref.subview %{{.*}}[0, 0, 1] [%{{.*}}, 2, 1] [1, 1, 1] : memref<?x2x3xi32> to memref<?x2xi32, strided<[6, 3], offset: 1>>
// IR-NOT: memref.subview %{{.*}}[0, 0] [%{{.*}}, 2] [1, 1]
// IR-NOT: tensor.collapse_shape
// IR: return
func.func @column_store_tied(%src: tensor<?x2xi32>, %out: memref<?x3xi32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %even = dstream.assume %rows min 0 divisor 2 : index
  %binding = dstream.tie_shape %out : memref<?x3xi32>{%even}
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  dstream.dispatch.store %flat, %binding, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  return
}

// The same store into a binding of unknown row count: not folded (C1).
// IR-LABEL: func.func @column_store_untied
// IR: tensor.collapse_shape
// IR: memref.subview %{{.*}}[0, 1] [%{{.*}}, 1] [1, 1] : memref<?x3xi32> to memref<?xi32, strided<[3], offset: 1>>
// IR-NOT: memref.expand_shape
// IR: return
func.func @column_store_untied(%src: tensor<?x2xi32>, %out: memref<?x3xi32>) {
  %c0 = arith.constant 0 : index
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  dstream.dispatch.store %flat, %out, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  return
}

// A 2x3 block flattened into row %r of a 4x12 binding at column %o: with %o
// opaque the fold is guarded by a run-time alignment check; with %o assumed
// a multiple of 3 it is folded outright.
// IR-LABEL: func.func @row_store_guarded
// IR: %[[FLAT:.*]] = tensor.collapse_shape
// IR: scf.if
// IR: memref.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, 4, 3]
// IR: } else {
// IR: bufferization.materialize_in_destination %[[FLAT]]
// IR-LABEL: func.func @row_store_assumed
// IR-NOT: scf.if
// IR-NOT: tensor.collapse_shape
// IR: memref.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, 4, 3]
// IR: return
func.func @row_store_guarded(%src: tensor<2x3xi32>, %out: memref<4x12xi32>, %r: index, %o: index) {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  dstream.dispatch.store %flat, %out, offsets = [%r, %o], sizes = [1, 6], strides = [1, 1]
      : tensor<6xi32> -> memref<4x12xi32>
  return
}

func.func @row_store_assumed(%src: tensor<2x3xi32>, %out: memref<4x12xi32>, %r: index, %o: index) {
  %aligned = dstream.assume %o min 0 max 6 divisor 3 : index
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  dstream.dispatch.store %flat, %out, offsets = [%r, %aligned], sizes = [1, 6], strides = [1, 1]
      : tensor<6xi32> -> memref<4x12xi32>
  return
}

// A rank reduction memref.subview would read differently (by strides): the
// unit dims are made explicit.
// IR-LABEL: func.func @ambiguous_unit_dims
// IR: memref.subview %{{.*}}[1, 0, 0, 0, 0] [1, 1, %{{.*}}, 1, %{{.*}}] [1, 1, 1, 1, 1] : memref<3x1x?x1x?xi32> to memref<1x1x?x1x?xi32
func.func @ambiguous_unit_dims(%v: tensor<1x?x?xi32>, %base: memref<3x1x?x1x?xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %v, %c1 : tensor<1x?x?xi32>
  %b = tensor.dim %v, %c2 : tensor<1x?x?xi32>
  dstream.dispatch.store %v, %base, offsets = [1, 0, 0, 0, 0], sizes = [1, 1, %a, 1, %b], strides = [1, 1, 1, 1, 1]
      : tensor<1x?x?xi32> -> memref<3x1x?x1x?xi32>
  return
}

func.func private @printMemrefI32(memref<*xi32>)

// src[i, j] = 10 i + j + 1.
func.func @source(%n: index, %m: index) -> tensor<?x?xi32> {
  %src = tensor.generate %n, %m {
  ^bb0(%i: index, %j: index):
    %k10 = arith.constant 10 : index
    %k1 = arith.constant 1 : index
    %a = arith.muli %i, %k10 : index
    %b = arith.addi %a, %j : index
    %v = arith.addi %b, %k1 : index
    %i32 = arith.index_cast %v : index to i32
    tensor.yield %i32 : i32
  } : tensor<?x?xi32>
  return %src : tensor<?x?xi32>
}

func.func @zeros(%rows: index, %cols: index) -> memref<?x?xi32> {
  %zero = arith.constant 0 : i32
  %m = memref.alloc(%rows, %cols) : memref<?x?xi32>
  linalg.fill ins(%zero : i32) outs(%m : memref<?x?xi32>)
  return %m : memref<?x?xi32>
}

func.func @print(%m: memref<?x?xi32>) {
  %u = memref.cast %m : memref<?x?xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @run_columns(%n: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %rows = arith.muli %n, %c2 : index
  %s = func.call @source(%n, %c2) : (index, index) -> tensor<?x?xi32>
  %src = tensor.cast %s : tensor<?x?xi32> to tensor<?x2xi32>
  %a = func.call @zeros(%rows, %c3) : (index, index) -> memref<?x?xi32>
  %a3 = memref.cast %a : memref<?x?xi32> to memref<?x3xi32>
  func.call @column_store_tied(%src, %a3, %rows) : (tensor<?x2xi32>, memref<?x3xi32>, index) -> ()
  func.call @print(%a) : (memref<?x?xi32>) -> ()
  %b = func.call @zeros(%rows, %c3) : (index, index) -> memref<?x?xi32>
  %b3 = memref.cast %b : memref<?x?xi32> to memref<?x3xi32>
  func.call @column_store_untied(%src, %b3) : (tensor<?x2xi32>, memref<?x3xi32>) -> ()
  func.call @print(%b) : (memref<?x?xi32>) -> ()
  return
}

func.func @run_rows(%o: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %s = func.call @source(%c2, %c3) : (index, index) -> tensor<?x?xi32>
  %src = tensor.cast %s : tensor<?x?xi32> to tensor<2x3xi32>
  %a = func.call @zeros(%c4, %c12) : (index, index) -> memref<?x?xi32>
  %a4 = memref.cast %a : memref<?x?xi32> to memref<4x12xi32>
  func.call @row_store_guarded(%src, %a4, %c1, %o) : (tensor<2x3xi32>, memref<4x12xi32>, index, index) -> ()
  %o3 = arith.addi %o, %c3 : index
  %rem = arith.remsi %o, %c3 : index
  %aligned = arith.subi %o3, %rem : index
  func.call @row_store_assumed(%src, %a4, %c2, %aligned) : (tensor<2x3xi32>, memref<4x12xi32>, index, index) -> ()
  func.call @print(%a) : (memref<?x?xi32>) -> ()
  return
}

func.func @run_ambiguous() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s = func.call @source(%c2, %c3) : (index, index) -> tensor<?x?xi32>
  %v = tensor.expand_shape %s [[0, 1], [2]] output_shape [1, %c2, %c3] : tensor<?x?xi32> into tensor<1x?x?xi32>
  %zero = arith.constant 0 : i32
  %m = memref.alloc(%c2, %c3) : memref<3x1x?x1x?xi32>
  linalg.fill ins(%zero : i32) outs(%m : memref<3x1x?x1x?xi32>)
  func.call @ambiguous_unit_dims(%v, %m) : (tensor<1x?x?xi32>, memref<3x1x?x1x?xi32>) -> ()
  %u = memref.cast %m : memref<3x1x?x1x?xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  func.call @run_columns(%c2) : (index) -> ()
  func.call @run_columns(%c3) : (index) -> ()
  func.call @run_rows(%c0) : (index) -> ()
  func.call @run_rows(%c1) : (index) -> ()
  func.call @run_ambiguous() : () -> ()
  return
}
