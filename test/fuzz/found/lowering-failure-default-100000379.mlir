// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: default; campaign seed 100, program 79.
// /tmp/symshape-fuzz-16wocyw0/symshape-min-npg71wi8/proc-default.mlir:31:18: error: 'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-16wocyw0/symshape-min-npg71wi8/proc-default.mlir:31:18: error: 'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic
//       %collapsed = tensor.collapse_shape %extracted_slice [[0, 1], [2]] : tensor<0x?x2xf32> into tensor<?x2xf32>
//                    ^
//   /tmp/symshape-fuzz-16wocyw0/symshape-min-npg71wi8/proc-default.mlir:31:18: note: see current operation: %23 = "memref.collapse_shape"(%22) <{reassociation = [[0, 1], [2]]}> : (memref<0x?x2xf32>) -> me

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?x?xf32> {symshape.dim_names = ["", "q", "q"], symshape.dim_ranges = [#symshape.range<[0, inf]>, unit, #symshape.range<[1, 16]>], symshape.dim_divisors = [1, 1, 4]}, %arg2: index) -> (tensor<?x?xf32>, index) {
  %c3 = arith.constant 0 : index
  %v4 = tensor.dim %arg1, %c3 : tensor<?x?x?xf32>
  %c5 = arith.constant 2 : index
  %v6 = tensor.dim %arg1, %c5 : tensor<?x?x?xf32>
  %c8 = arith.constant 1 : index
  %v14 = tensor.dim %arg1, %c8 : tensor<?x?x?xf32>
  %v16 = arith.cmpi eq, %v14, %v4 : index
  cf.assert %v16, "fuzz 5: relation"
  %v23 = tensor.empty(%v4, %v14, %v6) : tensor<?x?x?xf32>
  %cf24 = arith.constant 7.000000e+00 : f32
  %v25 = linalg.fill ins(%cf24 : f32) outs(%v23 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %v27 = arith.remui %v4, %c5 : index
  %c28 = arith.constant 3 : index
  %v30 = arith.subi %v14, %c28 : index
  %v33 = tensor.extract_slice %v25[0, %c28, %c5] [%v27, %v30, %c5] [1, 1, 1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %v34 = tensor.collapse_shape %v33 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  return %v34, %c5 : tensor<?x?xf32>, index
}

func.func @f0(%arg1: tensor<?xf32>, %arg2: tensor<?x3x2xf32>, %arg3: tensor<3xf32>) -> (index) {
  %c13 = arith.constant 2 : index
  %v19 = tensor.cast %arg2 : tensor<?x3x2xf32> to tensor<?x?x?xf32>
  %c20 = arith.constant 5 : index
  %v21:2 = func.call @callee0(%v19, %c20) : (tensor<?x?x?xf32>, index) -> (tensor<?x?xf32>, index)
  %c25 = arith.constant 1 : index
  %v26 = tensor.dim %v21#0, %c25 : tensor<?x?xf32>
  %v27 = arith.ceildivsi %v26, %c13 : index
  return %v27 : index
}

func.func @f2(%arg1: tensor<?x4x4xf32> {symshape.dim_names = ["m", "", ""], symshape.dim_ranges = [#symshape.range<[1, 12]>, unit, unit], symshape.dim_divisors = [4, 1, 1]}, %arg2: tensor<?x?xf32> {symshape.dim_names = ["m", "m"]}, %arg3: index) -> (tensor<?x?xf32>) {
  %c4 = arith.constant 0 : index
  %v5 = tensor.dim %arg1, %c4 : tensor<?x4x4xf32>
  %v6 = tensor.dim %arg2, %c4 : tensor<?x?xf32>
  %v7 = arith.cmpi eq, %v5, %v6 : index
  cf.assert %v7, "fuzz 9: same name 'm'"
  %c8 = arith.constant 1 : index
  %v9 = tensor.dim %arg2, %c8 : tensor<?x?xf32>
  %v10 = arith.cmpi ne, %v9, %v6 : index
  %c11 = arith.constant true
  %v12 = arith.xori %v10, %c11 : i1
  cf.assert %v12, "fuzz 10: same name 'm'"
  %c58 = arith.constant 8 : index
  %v86 = tensor.cast %arg1 : tensor<?x4x4xf32> to tensor<?x?x?xf32>
  %v87:2 = func.call @callee0(%v86, %c58) : (tensor<?x?x?xf32>, index) -> (tensor<?x?xf32>, index)
  return %v87#0 : tensor<?x?xf32>
}

func.func @main() {
  // case 0: @f2 [(4, 4, 4), (4, 4)] [8]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 4 : index
  %g2 = tensor.generate %c3, %c3, %c3 {
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
  %a4 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x4x4xf32>
  %g5 = tensor.generate %c3, %c3 {
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
  %a6 = tensor.cast %g5 : tensor<?x?xf32> to tensor<?x?xf32>
  %c7 = arith.constant 8 : index
  %r8 = func.call @f2(%a4, %a6, %c7) : (tensor<?x4x4xf32>, tensor<?x?xf32>, index) -> (tensor<?x?xf32>)
  %b9 = bufferization.to_buffer %r8 : tensor<?x?xf32> to memref<?x?xf32>
  %u10 = memref.cast %b9 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u10) : (memref<*xf32>) -> ()
  return
}
