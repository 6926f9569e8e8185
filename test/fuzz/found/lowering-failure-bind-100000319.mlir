// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: bind=m=0; campaign seed 100, program 19.
// /tmp/symshape-fuzz-d6_xkktf/symshape-min-zyqvztm0/proc-bind.mlir:11:15: error: offset 0 is out-of-bounds: 0 >= 0
// RUN: symshape-opt %s --symshape-pipeline="bind=m=0" | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-d6_xkktf/symshape-min-zyqvztm0/proc-bind.mlir:11:15: error: offset 0 is out-of-bounds: 0 >= 0
//       %concat = tensor.concat dim(2) %extracted_slice, %extracted_slice : (tensor<0x1x8xf32>, tensor<0x1x8xf32>) -> tensor<0x1x16xf32>
//                 ^
//   /tmp/symshape-fuzz-d6_xkktf/symshape-min-zyqvztm0/proc-bind.mlir:11:15: note: see current operation: %5 = "memref.subview"(%4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i6

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<?x?x?xf32> {symshape.dim_names = ["m", "", ""]}) -> (tensor<?x?x16xf32>) {
  %c2 = arith.constant 0 : index
  %c7 = arith.constant 1 : index
  %v31 = tensor.extract_slice %arg1[%c2, 0, 0] [%c2, %c7, 8] [2, 1, 1] : tensor<?x?x?xf32> to tensor<?x?x8xf32>
  %v52 = tensor.concat dim(2) %v31, %v31 : (tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x16xf32>
  return %v52 : tensor<?x?x16xf32>
}

func.func @main() {
  // case 0: @f0 [(0, 3, 8)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 0 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 8 : index
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
  %a6 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r7 = func.call @f0(%a6) : (tensor<?x?x?xf32>) -> (tensor<?x?x16xf32>)
  %b8 = bufferization.to_buffer %r7 : tensor<?x?x16xf32> to memref<?x?x16xf32>
  %u9 = memref.cast %b8 : memref<?x?x16xf32> to memref<*xf32>
  func.call @printMemrefF32(%u9) : (memref<*xf32>) -> ()
  return
}
