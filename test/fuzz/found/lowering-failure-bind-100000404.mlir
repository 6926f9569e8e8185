// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: bind=batch=0; campaign seed 100, program 104.
// /tmp/symshape-fuzz-cen5wxek/symshape-min-_wblotuu/proc-bind.mlir:16:15: error: offset 1 is out-of-bounds: 1 >= 1
// RUN: symshape-opt %s --symshape-pipeline="bind=batch=0" | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-cen5wxek/symshape-min-_wblotuu/proc-bind.mlir:16:15: error: offset 1 is out-of-bounds: 1 >= 1
//       %padded = tensor.pad %arg0 low[1, 1] high[0, 0] {
//                 ^
//   /tmp/symshape-fuzz-cen5wxek/symshape-min-_wblotuu/proc-bind.mlir:16:15: note: see current operation: %10 = "memref.subview"(%7, %9) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = arr

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<3x?xf32>, %arg2: tensor<?x?xf32> {symshape.dim_names = ["batch", "n"]}) -> (tensor<?x?xf32>) {
  %c3 = arith.constant 1 : index
  %v4 = tensor.dim %arg1, %c3 : tensor<3x?xf32>
  %c8 = arith.constant 0 : index
  %v20 = arith.cmpi ule, %v4, %c8 : index
  cf.assert %v20, "fuzz 12: integer relation ule"
  %v23 = tensor.pad %arg1 low[1, 1] high[0, 0] {
  ^bb0(%i0: index, %i1: index):
    %pv = arith.constant 0.000000e+00 : f32
    tensor.yield %pv : f32
  } : tensor<3x?xf32> to tensor<4x?xf32>
  %v25 = tensor.cast %v23 : tensor<4x?xf32> to tensor<?x?xf32>
  return %v25 : tensor<?x?xf32>
}

func.func @main() {
  // case 0: @f0 [(3, 4), (6, 4)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
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
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<3x?xf32>
  %c7 = arith.constant 6 : index
  %g6 = tensor.generate %c7, %c4 {
  ^bb0(%i0: index, %i1: index):
    %base = arith.constant 12 : index
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
  %a8 = tensor.cast %g6 : tensor<?x?xf32> to tensor<?x?xf32>
  %r9 = func.call @f0(%a5, %a8) : (tensor<3x?xf32>, tensor<?x?xf32>) -> (tensor<?x?xf32>)
  %b10 = bufferization.to_buffer %r9 : tensor<?x?xf32> to memref<?x?xf32>
  %u11 = memref.cast %b10 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u11) : (memref<*xf32>) -> ()
  return
}
