// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: invalid-ir; variant: default; campaign seed 100, program 109.
// /tmp/symshape-fuzz-n_66ykdh/symshape-min-h_obhufe/src.mlir:29:10: error: 'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 6, but found 12
// RUN: symshape-opt %s --symshape-pipeline -o %t.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-n_66ykdh/symshape-min-h_obhufe/src.mlir:29:10: error: 'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 6, but found 12
//     %v41 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v37#0, %v37#2 : tensor<?xf32>, tensor<?xf32
//            ^
//   /tmp/symshape-fuzz-n_66ykdh/symshape-min-h_obhufe/src.mlir:29:10: note: see current operation: 
//   %2 = "linalg.generic"(%1#0, %1#2, %1#2) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSeg
//   ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
//     %4 = "arith.maximumf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
//     "linalg.yield"(%4) : (f32) -> ()
//   }) : (tensor<6xf32>, tensor<12xf32>, tensor<12xf32>) -> tensor<12xf32>

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?xf32>) -> (tensor<?xf32>, index, tensor<?xf32>) {
  %c2 = arith.constant 1 : index
  %v4 = tensor.collapse_shape %arg1 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %c5 = arith.constant 0 : index
  %v6 = tensor.dim %v4, %c5 : tensor<?xf32>
  %v9 = tensor.empty(%v6) : tensor<?xf32>
  %v19 = tensor.concat dim(0) %v9, %v9 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %v9, %c2, %v19 : tensor<?xf32>, index, tensor<?xf32>
}

func.func @f0(%arg1: tensor<3x4x1xf32>) -> (tensor<?xf32>) {
  %c2 = arith.constant 3 : index
  %c17 = arith.constant 4 : index
  %c18 = arith.constant 2 : index
  %v19 = arith.ceildivsi %c17, %c18 : index
  %v20 = tensor.extract_slice %arg1[0, 0, 0] [3, %v19, 1] [1, 2, 1] : tensor<3x4x1xf32> to tensor<3x?xf32>
  %c21 = arith.constant 0 : index
  %v30:2 = scf.for unsigned %i22 = %c21 to %v19 step %c2 iter_args(%acc23 = %v20, %acc24 = %v19) -> (tensor<3x?xf32>, index) {
    scf.yield %acc23, %acc24 : tensor<3x?xf32>, index
  }
  %v35 = tensor.cast %v30#0 : tensor<3x?xf32> to tensor<?x?xf32>
  %v37:3 = func.call @callee0(%v35) : (tensor<?x?xf32>) -> (tensor<?xf32>, index, tensor<?xf32>)
  %v41 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v37#0, %v37#2 : tensor<?xf32>, tensor<?xf32>) outs(%v37#2 : tensor<?xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %y = arith.maximumf %in0, %in1 : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %v41 : tensor<?xf32>
}

func.func @f1(%arg1: tensor<?x?xf32>, %arg2: tensor<?x1xf32>, %arg3: index) -> (tensor<?x?xf32>, tensor<?x2xf32>) {
  %c4 = arith.constant 0 : index
  %v5 = tensor.dim %arg1, %c4 : tensor<?x?xf32>
  %c6 = arith.constant 1 : index
  %v8 = arith.cmpi sle, %c4, %arg3 : index
  cf.assert %v8, "fuzz 3: x >= 0"
  %c10 = arith.constant 8 : index
  %v9 = arith.cmpi uge, %c10, %arg3 : index
  cf.assert %v9, "fuzz 4: x <= 8"
  %v14 = tensor.dim %arg2, %c4 : tensor<?x1xf32>
  %v15 = tensor.empty(%v14) : tensor<?x1xf32>
  %v16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<?x1xf32>) outs(%v15 : tensor<?x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %k = arith.constant 2.000000e+00 : f32
    %y = arith.mulf %in0, %k : f32
    linalg.yield %y : f32
  } -> tensor<?x1xf32>
  %v17 = tensor.concat dim(1) %v16, %arg2 : (tensor<?x1xf32>, tensor<?x1xf32>) -> tensor<?x2xf32>
  %c25 = arith.constant 3 : index
  %v26 = arith.remui %v5, %c25 : index
  %v46 = tensor.collapse_shape %arg1 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %v47 = tensor.dim %v46, %c4 : tensor<?xf32>
  %v48 = arith.muli %v47, %c25 : index
  %v49 = arith.addi %v26, %c6 : index
  %v50 = arith.subi %v49, %c6 : index
  %v51 = tensor.empty(%v48, %v49) : tensor<?x?xf32>
  %cf52 = arith.constant 0.000000e+00 : f32
  %v53 = linalg.fill ins(%cf52 : f32) outs(%v51 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %v54 = tensor.insert_slice %v46 into %v53[%v47, %v50] [%v47, 1] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
  %v55 = tensor.empty(%v48, %v49) : tensor<?x?xf32>
  %cf56 = arith.constant 1.000000e+00 : f32
  %v57 = linalg.fill ins(%cf56 : f32) outs(%v55 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %v58 = tensor.insert_slice %v54 into %v57[0, 0] [%v48, %v49] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %v58, %v17 : tensor<?x?xf32>, tensor<?x2xf32>
}

func.func @main() {
  // case 0: @f1 [(6, 2), (3, 1)] [1]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 6 : index
  %c4 = arith.constant 2 : index
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
  %c7 = arith.constant 3 : index
  %c8 = arith.constant 1 : index
  %g6 = tensor.generate %c7, %c8 {
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
  %a9 = tensor.cast %g6 : tensor<?x?xf32> to tensor<?x1xf32>
  %r10:2 = func.call @f1(%a5, %a9, %c8) : (tensor<?x?xf32>, tensor<?x1xf32>, index) -> (tensor<?x?xf32>, tensor<?x2xf32>)
  %b11 = bufferization.to_buffer %r10#0 : tensor<?x?xf32> to memref<?x?xf32>
  %u12 = memref.cast %b11 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u12) : (memref<*xf32>) -> ()
  %b13 = bufferization.to_buffer %r10#1 : tensor<?x2xf32> to memref<?x2xf32>
  %u14 = memref.cast %b13 : memref<?x2xf32> to memref<*xf32>
  func.call @printMemrefF32(%u14) : (memref<*xf32>) -> ()
  return
}
