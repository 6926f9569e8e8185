// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: mismatch; variant: bind=seq=6; campaign seed 100, program 422.
// case 0 differs (only under the standard lowering: the processed program triggers an upstream bufferization miscompile)
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline="bind=seq=6" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
//
// Expected (unprocessed) output of the failing call:
//   Unranked Memref  rank = 3 offset = 0 sizes = [2, 6, 4] strides = [24, 4, 1] data = 
//   [[[-28,    -25,    -22,    -19], 
//     [-21,    -18,    -15,    -12], 
//     [-14,    -11,    -8,    -5], 
//     [-7,    -4,    -1,    2], 
//     [0,    3,    6,    9], 
//     [7,    10,    13,    16]], 
//    [[1,    4,    7,    10], 
//     [8,    11,    14,    17], 
//     [15,    18,    21,    24], 
//     [22,    25,    28,    31], 
//     [29,    32,    35,    38], 
//     [36,    39,    42,    45]]]
//   Unranked Memref  rank = 3 offset = 0 sizes = [0, 1, 2] strides = [2, 2, 1] data =  <empty>
// Actual (after bind=seq=6):
//   Unranked Memref  rank = 3 offset = 0 sizes = [2, 6, 4] strides = [24, 4, 1] data = 
//   [[[-28,    -25,    -22,    -19], 
//     [-21,    -18,    -15,    -12], 
//     [-14,    -11,    -8,    -5], 
//     [-7,    -4,    -1,    2], 
//     [0,    3,    6,    9], 
//     [7,    10,    13,    16]], 
//    [[1,    4,    7,    10], 
//     [8,    11,    14,    17], 
//     [15,    18,    21,    24], 
//     [22,    25,    28,    31], 
//     [29,    32,    35,    38], 
//     [36,    39,    42,    45]]]
//   Unranked Memref  rank = 3 offset = 0 sizes = [0, 1, 2] strides = [24, 4, 1] data =  <empty>

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f2(%arg1: tensor<4xf32>, %arg2: tensor<?x?x?xf32> {symshape.dim_names = ["n", "seq", ""], symshape.dim_divisors = [1, 1, 4]}, %arg3: index) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %c4 = arith.constant 2 : index
  %v5 = tensor.dim %arg2, %c4 : tensor<?x?x?xf32>
  %c6 = arith.constant 4 : index
  %v7 = arith.remsi %v5, %c6 : index
  %c9 = arith.constant 0 : index
  %v8 = arith.cmpi eq, %c9, %v7 : index
  cf.assert %v8, "fuzz 9: declared divisor"
  %c10 = arith.constant 1 : index
  %c13 = arith.constant 12 : index
  %v12 = arith.cmpi ule, %arg3, %c13 : index
  cf.assert %v12, "fuzz 10: 0 <= x <= 12 (unsigned)"
  %c18 = arith.constant 3 : index
  %v19 = arith.remsi %v5, %c18 : index
  %v20 = arith.cmpi slt, %v19, %v19 : index
  %v26:2 = scf.if %v20 -> (tensor<?x?x?xf32>, index) {
    scf.yield %arg2, %c10 : tensor<?x?x?xf32>, index
  } else {
    scf.yield %arg2, %v5 : tensor<?x?x?xf32>, index
  }
  %v27 = tensor.dim %v26#0, %c9 : tensor<?x?x?xf32>
  %v34 = tensor.extract_slice %v26#0[0, %c9, 0] [1, %c10, %v27] [1, 1, 1] : tensor<?x?x?xf32> to tensor<1x?x?xf32>
  %v39 = tensor.extract_slice %v34[%v7, 0, %c9] [%c9, %c10, %v27] [1, 1, 1] : tensor<1x?x?xf32> to tensor<?x?x?xf32>
  %v40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v39 : tensor<?x?x?xf32>) outs(%v39 : tensor<?x?x?xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %k = arith.constant -3.000000e+00 : f32
    %y = arith.mulf %in0, %k : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  return %v26#0, %v40 : tensor<?x?x?xf32>, tensor<?x?x?xf32>
}

func.func @main() {
  // case 0: @f2 [(4,), (2, 6, 4)] [2]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 4 : index
  %g2 = tensor.generate %c3 {
  ^bb0(%i0: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s0, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?xf32>
  %a4 = tensor.cast %g2 : tensor<?xf32> to tensor<4xf32>
  %c6 = arith.constant 2 : index
  %c7 = arith.constant 6 : index
  %g5 = tensor.generate %c6, %c7, %c3 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 12 : index
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
  %a8 = tensor.cast %g5 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r9:2 = func.call @f2(%a4, %a8, %c6) : (tensor<4xf32>, tensor<?x?x?xf32>, index) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>)
  %b10 = bufferization.to_buffer %r9#0 : tensor<?x?x?xf32> to memref<?x?x?xf32>
  %u11 = memref.cast %b10 : memref<?x?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u11) : (memref<*xf32>) -> ()
  %b12 = bufferization.to_buffer %r9#1 : tensor<?x?x?xf32> to memref<?x?x?xf32>
  %u13 = memref.cast %b12 : memref<?x?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u13) : (memref<*xf32>) -> ()
  return
}
