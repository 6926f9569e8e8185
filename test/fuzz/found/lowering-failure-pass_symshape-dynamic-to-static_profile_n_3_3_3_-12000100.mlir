// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: symshape-dynamic-to-static{profile=n:3:3:3}; campaign seed 12, program 64 (classic).
// <tmp>/proc-pass_symshape-dynamic-to-static_profile_n_3_3_3_.tail.mlir:68:15: error: 'memref.copy' op requires the same shape for all operands
// Re-run (RUN lines with the substitutions of test/lit.cfg.py):
//   /usr/bin/python3 test/fuzz/symshape_fuzz.py --check-reproducers <this file> -v
// RUN: symshape-opt %s --symshape-infer --symshape-dynamic-to-static=profile=n:3:3:3 --symshape-lower | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   <tmp>/proc-pass_symshape-dynamic-to-static_profile_n_3_3_3_.tail.mlir:68:15: error: 'memref.copy' op requires the same shape for all operands
//       %concat = tensor.concat dim(1) %cast_3, %cast_2, %cast_2 : (tensor<?x3x1xf32>, tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
//                 ^
//   <tmp>/proc-pass_symshape-dynamic-to-static_profile_n_3_3_3_.tail.mlir:68:15: note: see current operation: "memref.copy"(%9, %13) : (memref<?x3x3xf32>, memre
//   <tmp>/proc-pass_symshape-dynamic-to-static_profile_n_3_3_3_.tail.mlir:79:15: error: 'memref.copy' op requires the same shape for all operands
//       %concat = tensor.concat dim(1) %cast_3, %cast_2, %cast_2 : (tensor<?x3x1xf32>, tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
//                 ^
//   <tmp>/proc-pass_symshape-dynamic-to-static_profile_n_3_3_3_.tail.mlir:79:15: note: see current operation: "memref.copy"(%4, %8) : (memref<?x3x3xf32>, memref

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f2(%arg1: tensor<?x?xf32> {symshape.dim_names = ["seq", "n"]}) -> (tensor<?x?x1xf32>) {
  %c2 = arith.constant 0 : index
  %c4 = arith.constant 1 : index
  %v5 = tensor.dim %arg1, %c4 : tensor<?x?xf32>
  %v21 = tensor.expand_shape %arg1 [[0, 1], [2]] output_shape [%c2, 3, %v5] : tensor<?x?xf32> into tensor<?x3x?xf32>
  %v24 = tensor.expand_shape %arg1 [[0], [1, 2]] output_shape [%c2, %v5, 1] : tensor<?x?xf32> into tensor<?x?x1xf32>
  %v29 = tensor.concat dim(1) %v21, %v24, %v24 : (tensor<?x3x?xf32>, tensor<?x?x1xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
  return %v29 : tensor<?x?x1xf32>
}

func.func @main() {
  // case 0: @f2 [(0, 1)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 0 : index
  %c4 = arith.constant 1 : index
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
  %r6 = func.call @f2(%a5) : (tensor<?x?xf32>) -> (tensor<?x?x1xf32>)
  %b7 = bufferization.to_buffer %r6 : tensor<?x?x1xf32> to memref<?x?x1xf32>
  %u8 = memref.cast %b7 : memref<?x?x1xf32> to memref<*xf32>
  func.call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  return
}
