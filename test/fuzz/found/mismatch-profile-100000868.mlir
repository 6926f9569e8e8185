// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: mismatch; variant: profile=m:1:4:6; campaign seed 100, program 568.
// case 0 differs
// Re-run (RUN lines with the substitutions of test/lit.cfg.py):
//   /usr/bin/python3 test/fuzz/symshape_fuzz.py --check-reproducers <this file> -v
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline="profile=m:1:4:6" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
//
// Expected (unprocessed) output of the failing call:
//   Unranked Memref  rank = 2 offset = 0 sizes = [4, 3] strides = [4, 1] data = 
//   [[-39,   -32,   -25], 
//    [-10,   -3,   4], 
//    [19,   26,   33], 
//    [48,   55,   -35]]
// Actual (after profile=m:1:4:6):
//   Unranked Memref  rank = 2 offset = 0 sizes = [4, 3] strides = [3, 1] data = 
//   [[-39,   -32,   -25], 
//    [-10,   -3,   4], 
//    [19,   26,   33], 
//    [48,   55,   -35]]

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %v41 = tensor.collapse_shape %arg2 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  return %v41, %arg2 : tensor<?xf32>, tensor<?x?xf32>
}

func.func @f0(%arg2: tensor<?x?xf32> {symshape.dim_names = ["m", "m"]}) -> (tensor<?x?xf32>) {
  %c5 = arith.constant 0 : index
  %c11 = arith.constant 3 : index
  %v15:2 = func.call @callee0(%arg2, %arg2) : (tensor<?x?xf32>, tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>)
  %v40 = tensor.dim %v15#1, %c5 : tensor<?x?xf32>
  %v43 = tensor.extract_slice %v15#1[0, 0] [%v40, %c11] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %v43 : tensor<?x?xf32>
}

func.func @main() {
  // case 0: @f0 [(4, 4)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 4 : index
  %g2 = tensor.generate %c3, %c3 {
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
  %a4 = tensor.cast %g2 : tensor<?x?xf32> to tensor<?x?xf32>
  %r5 = func.call @f0(%a4) : (tensor<?x?xf32>) -> (tensor<?x?xf32>)
  %b6 = bufferization.to_buffer %r5 : tensor<?x?xf32> to memref<?x?xf32>
  %u7 = memref.cast %b6 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u7) : (memref<*xf32>) -> ()
  return
}
