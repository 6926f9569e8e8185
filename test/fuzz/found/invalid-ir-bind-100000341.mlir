// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: invalid-ir; variant: bind=batch=2; campaign seed 100, program 41.
// /tmp/symshape-fuzz-vzwpz89x/symshape-min-zxijoywa/src.mlir:23:10: error: 'tensor.cast' op operand type 'tensor<1xf32>' and result type 'tensor<3xf32>' are cast incompatible
// RUN: symshape-opt %s --symshape-pipeline="bind=batch=2" -o %t.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-vzwpz89x/symshape-min-zxijoywa/src.mlir:30:3: warning: this check contradicts earlier facts on '2': the program aborts here at run time whatever the input
//     cf.assert %v94, "fuzz 14: expand needs a multiple of 4"
//     ^
//   /tmp/symshape-fuzz-vzwpz89x/symshape-min-zxijoywa/src.mlir:30:3: note: see current operation: cf.assert %4, "fuzz 14: expand needs a multiple of 4"
//   /tmp/symshape-fuzz-vzwpz89x/symshape-min-zxijoywa/src.mlir:30:3: warning: this check contradicts earlier facts on '2': the program aborts here at run time whatever the input
//     cf.assert %v94, "fuzz 14: expand needs a multiple of 4"
//     ^
//   /tmp/symshape-fuzz-vzwpz89x/symshape-min-zxijoywa/src.mlir:30:3: note: see current operation: cf.assert %6, "fuzz 14: expand needs a multiple of 4"
//   /tmp/symshape-fuzz-vzwpz89x/symshape-min-zxijoywa/src.mlir:23:10: error: 'tensor.cast' op operand type 'tensor<1xf32>' and result type 'tensor<3xf32>' are cast incompatible
//     %v65 = tensor.expand_shape %v23 [[0, 1]] output_shape [%v22, 3] : tensor<?xf32> into tensor<?x3xf32>
//            ^
//   /tmp/symshape-fuzz-vzwpz89x/symshape-min-zxijoywa/src.mlir:23:10: note: see current operation: %12 = "tensor.cast"(%11) : (tensor<1xf32>) -> tensor<3xf32>

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> (tensor<?xf32>) {
  %c3 = arith.constant 1 : index
  %v4 = tensor.dim %arg2, %c3 : tensor<?x?xf32>
  %v5 = tensor.empty(%v4, %v4) : tensor<?x4x?xf32>
  %c10 = arith.constant 2 : index
  %v14 = tensor.extract_slice %v5[0, 1, 0] [1, 1, %c10] [1, 1, 1] : tensor<?x4x?xf32> to tensor<?xf32>
  return %v14 : tensor<?xf32>
}

func.func @f1(%arg1: tensor<?xf32> {symshape.dim_names = ["batch"]}) -> (index) {
  %c3 = arith.constant 0 : index
  %v4 = tensor.dim %arg1, %c3 : tensor<?xf32>
  %c12 = arith.constant 2 : index
  %v13 = arith.remui %v4, %c12 : index
  %v22 = arith.ceildivsi %v4, %c12 : index
  %v23 = tensor.extract_slice %arg1[%v13] [%v22] [2] : tensor<?xf32> to tensor<?xf32>
  %v65 = tensor.expand_shape %v23 [[0, 1]] output_shape [%v22, 3] : tensor<?xf32> into tensor<?x3xf32>
  %v88 = tensor.cast %v65 : tensor<?x3xf32> to tensor<?x?xf32>
  %v89 = tensor.cast %v65 : tensor<?x3xf32> to tensor<?x?xf32>
  %v90 = func.call @callee0(%v88, %v89) : (tensor<?x?xf32>, tensor<?x?xf32>) -> (tensor<?xf32>)
  %v91 = tensor.dim %v90, %c3 : tensor<?xf32>
  %c92 = arith.constant 4 : index
  %v94 = arith.cmpi eq, %v91, %c3 : index
  cf.assert %v94, "fuzz 14: expand needs a multiple of 4"
  return %c92 : index
}

func.func @f2(%arg1: tensor<4x?xf32>) -> (tensor<?xf32>) {
  %c2 = arith.constant 1 : index
  %v3 = tensor.dim %arg1, %c2 : tensor<4x?xf32>
  %c6 = arith.constant 5 : index
  %v7 = arith.addi %v3, %c6 : index
  %c12 = arith.constant 2 : index
  %v13 = arith.remsi %v3, %c12 : index
  %c15 = arith.constant 0 : index
  %v14 = arith.cmpi ne, %v13, %c15 : index
  %c16 = arith.constant true
  %v17 = arith.xori %v14, %c16 : i1
  cf.assert %v17, "fuzz 15: expand needs a multiple of 2"
  %v18 = arith.divui %v3, %c12 : index
  %v19 = tensor.expand_shape %arg1 [[0], [1, 2]] output_shape [4, %v18, 2] : tensor<4x?xf32> into tensor<4x?x2xf32>
  %v20 = tensor.collapse_shape %v19 [[0, 1, 2]] : tensor<4x?x2xf32> into tensor<?xf32>
  %v21 = tensor.dim %v20, %c15 : tensor<?xf32>
  %v22 = arith.maxsi %v13, %v21 : index
  %v23 = tensor.empty(%v22) : tensor<?xf32>
  %cf24 = arith.constant 1.000000e+00 : f32
  %v25 = linalg.fill ins(%cf24 : f32) outs(%v23 : tensor<?xf32>) -> tensor<?xf32>
  %v26 = tensor.insert_slice %v20 into %v25[0] [%v21] [1] : tensor<?xf32> into tensor<?xf32>
  %v27 = arith.minsi %v13, %v22 : index
  %v28 = arith.subi %v22, %v27 : index
  %v29 = tensor.extract_slice %v26[%v28] [%v27] [1] : tensor<?xf32> to tensor<?xf32>
  %v31 = arith.cmpi ugt, %v7, %v28 : index
  cf.assert %v31, "fuzz 16: integer relation ugt"
  %v32 = tensor.dim %v26, %c15 : tensor<?xf32>
  %v33 = arith.cmpi ne, %v22, %v32 : index
  %v34 = arith.xori %v33, %c16 : i1
  cf.assert %v34, "fuzz 17: equal dims"
  return %v29 : tensor<?xf32>
}

func.func @main() {
  // case 0: @f2 [(4, 0)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 4 : index
  %c4 = arith.constant 0 : index
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
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<4x?xf32>
  %r6 = func.call @f2(%a5) : (tensor<4x?xf32>) -> (tensor<?xf32>)
  %b7 = bufferization.to_buffer %r6 : tensor<?xf32> to memref<?xf32>
  %u8 = memref.cast %b7 : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u8) : (memref<*xf32>) -> ()
  return
}
