// Derived sizes under asserted ranges (DESIGN 1.2): d0 * d1 (a flatten),
// d0 + 1 (a pad) and 16 - d0 (a remaining count) with d0 asserted in
// [1, 16], as PyTorch's _assert_scalar arrives. The engine bounds 16 - d0 to
// [0, 15] (not the corner box), which decides the clamps around it; the
// numbers must not change, and the user's asserts must survive.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// IR-LABEL: func.func @derived
// IR: cf.assert %{{.*}}, "d0 must be at least 1"
// IR: cf.assert %{{.*}}, "d0 must be at most 16"
// IR-NOT: arith.maxsi
// IR-NOT: arith.minsi
// IR-NOT: symshape.
// IR: return

// x: 2x3.
// CHECK: sizes = [6]
// CHECK-NEXT: [0,  1,  2,  10,  11,  12]
// CHECK: sizes = [3, 3]
// CHECK-NEXT: [0,   1,   2],
// CHECK-NEXT: [10,   11,   12],
// CHECK-NEXT: [7,   7,   7]]
// CHECK: sizes = [14]
// x: 15x1: one remains. (An empty result is not printed: printMemref shows
// an element of a 0-sized buffer.)
// CHECK: sizes = [15]
// CHECK: sizes = [16, 1]
// CHECK: sizes = [1]
// CHECK-NEXT: [5]
// x: 1x2.
// CHECK: sizes = [2]
// CHECK-NEXT: [0,  1]
// CHECK: sizes = [2, 2]
// CHECK: sizes = [15]

func.func @derived(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %ge = arith.cmpi sge, %d0, %c1 : index
  cf.assert %ge, "d0 must be at least 1"
  %le = arith.cmpi sle, %d0, %c16 : index
  cf.assert %le, "d0 must be at most 16"
  // d0 * d1
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  // d0 + 1
  %seven = arith.constant 7.0 : f32
  %padded = tensor.pad %x low[0, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %seven : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  // 16 - d0, clamped to [0, 15] as a frontend that does not know the range
  // would write it.
  %rest = arith.subi %c16, %d0 : index
  %nonneg = arith.maxsi %rest, %c0 : index
  %clamped = arith.minsi %nonneg, %c15 : index
  %empty = tensor.empty(%clamped) : tensor<?xf32>
  %five = arith.constant 5.0 : f32
  %filled = linalg.fill ins(%five : f32) outs(%empty : tensor<?xf32>) -> tensor<?xf32>
  return %flat, %padded, %filled : tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print1(%t: tensor<?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @print2(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @run(%r: index, %c: index) {
  %x = tensor.generate %r, %c {
  ^bb0(%i: index, %j: index):
    %i32 = arith.index_cast %i : index to i32
    %j32 = arith.index_cast %j : index to i32
    %fi = arith.sitofp %i32 : i32 to f32
    %fj = arith.sitofp %j32 : i32 to f32
    %c10 = arith.constant 10.0 : f32
    %a = arith.mulf %fi, %c10 : f32
    %v = arith.addf %a, %fj : f32
    tensor.yield %v : f32
  } : tensor<?x?xf32>
  %flat, %padded, %rest = func.call @derived(%x)
      : (tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>)
  func.call @print1(%flat) : (tensor<?xf32>) -> ()
  func.call @print2(%padded) : (tensor<?x?xf32>) -> ()
  func.call @print1(%rest) : (tensor<?xf32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c15 = arith.constant 15 : index
  func.call @run(%c2, %c3) : (index, index) -> ()
  func.call @run(%c15, %c1) : (index, index) -> ()
  func.call @run(%c1, %c2) : (index, index) -> ()
  return
}
