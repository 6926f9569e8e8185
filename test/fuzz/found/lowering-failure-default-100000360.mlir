// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: default; campaign seed 100, program 60.
// /tmp/symshape-fuzz-t0pkjw6a/symshape-min-nzclkfv_/proc-default.mlir:13:15: error: offset 0 is out-of-bounds: 0 >= 0
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-t0pkjw6a/symshape-min-nzclkfv_/proc-default.mlir:13:15: error: offset 0 is out-of-bounds: 0 >= 0
//       %padded = tensor.pad %1 low[0, 0, 0] high[0, 0, 3] {
//                 ^
//   /tmp/symshape-fuzz-t0pkjw6a/symshape-min-nzclkfv_/proc-default.mlir:13:15: note: see current operation: %7 = "memref.subview"(%6) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<4x?xf32>) -> (tensor<?x?x?xf32>) {
  %c2 = arith.constant 1 : index
  %v3 = tensor.dim %arg1, %c2 : tensor<4x?xf32>
  %c7 = arith.constant 0 : index
  %c15 = arith.constant 3 : index
  %v17 = arith.cmpi eq, %v3, %c7 : index
  cf.assert %v17, "fuzz 2: expand needs a multiple of 3"
  %v26 = tensor.empty(%v3, %v3) : tensor<?x?x1xf32>
  %v32 = tensor.pad %v26 low[0, 0, 0] high[0, %v3, %c15] {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %pv = arith.constant -1.000000e+00 : f32
    tensor.yield %pv : f32
  } : tensor<?x?x1xf32> to tensor<?x?x?xf32>
  return %v32 : tensor<?x?x?xf32>
}

func.func @f1() -> (index) {
  %c8 = arith.constant 0 : index
  return %c8 : index
}

func.func @main() {
  // case 0: @f1 [] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %r2 = func.call @f1() : () -> (index)
  %w3 = arith.index_cast %r2 : index to i64
  func.call @printI64(%w3) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
