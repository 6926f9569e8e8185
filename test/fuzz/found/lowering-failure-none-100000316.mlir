// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: checks=none; campaign seed 100, program 16.
// /tmp/symshape-fuzz-l8mphty7/symshape-min-4ggm2z84/proc-none.mlir:13:24: error: offset 0 is out-of-bounds: 0 >= 0
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-l8mphty7/symshape-min-4ggm2z84/proc-none.mlir:13:24: error: offset 0 is out-of-bounds: 0 >= 0
//       %extracted_slice = tensor.extract_slice %cast[0, 0] [0, 0] [1, 1] : tensor<?x2xf32> to tensor<0x0xf32>
//                          ^
//   /tmp/symshape-fuzz-l8mphty7/symshape-min-4ggm2z84/proc-none.mlir:13:24: note: see current operation: %1 = "memref.subview"(%0#1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> (index, tensor<?x2xf32>) {
  %c3 = arith.constant 0 : index
  %v15 = tensor.extract_slice %arg1[%c3, 0] [%c3, 2] [1, 1] : tensor<?x?xf32> to tensor<?x2xf32>
  %c18 = arith.constant 4 : index
  return %c18, %v15 : index, tensor<?x2xf32>
}

func.func @f1(%arg1: tensor<1x?xf32>) -> (tensor<?x?xf32>) {
  %v4 = tensor.cast %arg1 : tensor<1x?xf32> to tensor<?x?xf32>
  %v5:2 = func.call @callee0(%v4, %v4) : (tensor<?x?xf32>, tensor<?x?xf32>) -> (index, tensor<?x2xf32>)
  %c6 = arith.constant 0 : index
  %c9 = arith.constant 2 : index
  %c14 = arith.constant 3 : index
  %v15 = arith.divsi %c9, %c14 : index
  %v16 = tensor.extract_slice %v5#1[%c6, 0] [%c6, %v15] [1, 1] : tensor<?x2xf32> to tensor<?x?xf32>
  return %v16 : tensor<?x?xf32>
}

func.func @f2() -> (index) {
  %c5 = arith.constant 0 : index
  return %c5 : index
}

func.func @main() {
  // case 0: @f2 [] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %r2 = func.call @f2() : () -> (index)
  %w3 = arith.index_cast %r2 : index to i64
  func.call @printI64(%w3) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
