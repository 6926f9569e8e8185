// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: bind=m=0; campaign seed 100, program 9.
// /tmp/symshape-fuzz-l6c6pkbj/symshape-min-74ofh14h/proc-bind.mlir:13:15: error: offset 0 is out-of-bounds: 0 >= 0
// RUN: symshape-opt %s --symshape-pipeline="bind=m=0" | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-l6c6pkbj/symshape-min-74ofh14h/proc-bind.mlir:13:15: error: offset 0 is out-of-bounds: 0 >= 0
//       %padded = tensor.pad %cast low[0, 4] high[0, 0] {
//                 ^
//   /tmp/symshape-fuzz-l6c6pkbj/symshape-min-74ofh14h/proc-bind.mlir:13:15: note: see current operation: %16 = "memref.subview"(%13, %15) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = a

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<?x?xf32> {symshape.dim_names = ["m", "n"]}) -> (tensor<?x?xf32>) {
  %c2 = arith.constant 0 : index
  %c12 = arith.constant 4 : index
  %v36 = tensor.pad %arg1 low[%c2, %c12] high[%c2, %c2] {
  ^bb0(%i0: index, %i1: index):
    %pv = arith.constant 0.000000e+00 : f32
    tensor.yield %pv : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %v36 : tensor<?x?xf32>
}

func.func @main() {
  // case 0: @f0 [(2, 8)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 2 : index
  %c4 = arith.constant 8 : index
  %g2 = tensor.generate %c3, %c4 {
  ^bb0(%i0: index, %i1: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s1, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?xf32>
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<?x?xf32>
  %r6 = func.call @f0(%a5) : (tensor<?x?xf32>) -> (tensor<?x?xf32>)
  %b7 = bufferization.to_buffer %r6 : tensor<?x?xf32> to memref<?x?xf32>
  %u8 = memref.cast %b7 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  return
}
