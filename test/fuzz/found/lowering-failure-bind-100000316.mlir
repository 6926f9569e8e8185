// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: bind=batch=1; campaign seed 100, program 16.
// /tmp/symshape-fuzz-l8mphty7/symshape-min-8pcq5r3a/proc-bind.mlir:22:24: error: offset 0 is out-of-bounds: 0 >= 0
// RUN: symshape-opt %s --symshape-pipeline="bind=batch=1" | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-l8mphty7/symshape-min-8pcq5r3a/proc-bind.mlir:22:24: error: offset 0 is out-of-bounds: 0 >= 0
//       %extracted_slice = tensor.extract_slice %cast[0, 0] [0, 0] [1, 1] : tensor<?x2xf32> to tensor<0x0xf32>
//                          ^
//   /tmp/symshape-fuzz-l8mphty7/symshape-min-8pcq5r3a/proc-bind.mlir:22:24: note: see current operation: %1 = "memref.subview"(%0#1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> (index, tensor<?x2xf32>) {
  %c3 = arith.constant 0 : index
  %v15 = tensor.extract_slice %arg1[%c3, 0] [%c3, 2] [1, 1] : tensor<?x?xf32> to tensor<?x2xf32>
  %c18 = arith.constant 4 : index
  return %c18, %v15 : index, tensor<?x2xf32>
}

func.func @f0(%arg2: tensor<?x?x4xf32> {symshape.dim_names = ["m", "batch", ""]}) -> (index) {
  %c3 = arith.constant 0 : index
  %v10 = arith.index_cast %c3 : index to i64
  %v13 = arith.index_cast %v10 : i64 to index
  return %v13 : index
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

func.func @main() {
  // case 0: @f0 [(0, 5, 4)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 0 : index
  %c4 = arith.constant 5 : index
  %c5 = arith.constant 4 : index
  %g2 = tensor.generate %c3, %c4, %c5 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a6 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x4xf32>
  %r7 = func.call @f0(%a6) : (tensor<?x?x4xf32>) -> (index)
  %w8 = arith.index_cast %r7 : index to i64
  func.call @printI64(%w8) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
