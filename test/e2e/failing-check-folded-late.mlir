// A check that becomes false only in the pipeline's last cleanup (after the
// last symshape-simplify): dynamic-to-static has made the dims before it
// static, so the code after it casts a 1-element tensor to 3 elements. The
// last repair-reshapes erases what follows the check (it never runs), as
// symshape-simplify does: the output lowers and aborts at the same check as
// the input (it did not lower: "'memref.cast' op operand type
// 'memref<1xf32>' and result type 'memref<3xf32>' are cast incompatible";
// seed 4 program 835 of the differential campaign, minimized).
//
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline 2>/dev/null | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline=checks=none 2>/dev/null | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline=checks=none 2>/dev/null | FileCheck %s --check-prefix=IR

// CHECK: 7770000
// CHECK: fuzz 3: expand needs a multiple of 3

// IR-LABEL: func.func private @callee1
// IR: cf.assert %false, "fuzz 3: expand needs a multiple of 3"
// IR-NOT: tensor.cast
// IR: return

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee1(%arg1: tensor<?xf32>, %arg2: tensor<?x?x?xf32>) -> (index, tensor<3x?xf32>) {
  %c3 = arith.constant 0 : index
  %v5 = tensor.dim %arg2, %c3 : tensor<?x?x?xf32>
  %c6 = arith.constant 1 : index
  %v7 = tensor.dim %arg2, %c6 : tensor<?x?x?xf32>
  %v8 = arith.cmpi eq, %v7, %v7 : index
  cf.cond_br %v8, ^bb1, ^bb2
^bb1:
  %c17 = arith.constant 5 : index
  cf.br ^bb3(%arg2, %c17 : tensor<?x?x?xf32>, index)
^bb2:
  cf.br ^bb3(%arg2, %v5 : tensor<?x?x?xf32>, index)
^bb3(%j26: tensor<?x?x?xf32>, %j27: index):
  %v28 = tensor.dim %j26, %c3 : tensor<?x?x?xf32>
  %c29 = arith.constant 3 : index
  %v30 = arith.maxsi %c29, %c6 : index
  %v42:2 = scf.for unsigned %i31 = %c6 to %v28 step %v30 iter_args(%acc32 = %j26, %acc33 = %v30) -> (tensor<?x?x?xf32>, index) {
    scf.yield %acc32, %c6 : tensor<?x?x?xf32>, index
  }
  %v43 = tensor.empty(%v42#1) : tensor<?xf32>
  %v46 = tensor.dim %v43, %c3 : tensor<?xf32>
  %v48 = arith.cmpi eq, %c3, %v46 : index
  cf.assert %v48, "fuzz 3: expand needs a multiple of 3"
  %v50 = tensor.expand_shape %v43 [[0, 1]] output_shape [3, %v46] : tensor<?xf32> into tensor<3x?xf32>
  return %v7, %v50 : index, tensor<3x?xf32>
}

func.func @f1(%arg1: tensor<?x?xf32>, %arg2: tensor<3x?xf32> {symshape.dim_names = ["", "batch"], symshape.dim_ranges = [unit, #symshape.range<[1, 16]>]}, %arg3: tensor<3xf32>) -> (tensor<3x?xf32>, index) {
  %c4 = arith.constant 1 : index
  %v5 = tensor.dim %arg2, %c4 : tensor<3x?xf32>
  %c7 = arith.constant 0 : index
  %c8 = arith.constant 2 : index
  %v9 = arith.minsi %v5, %c8 : index
  %v10 = tensor.pad %arg1 low[%c7, 2] high[0, %v9] {
  ^bb0(%i0: index, %i1: index):
    %pv = arith.constant 3.000000e+00 : f32
    tensor.yield %pv : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %v13 = tensor.dim %v10, %c7 : tensor<?x?xf32>
  %v14 = tensor.dim %v10, %c4 : tensor<?x?xf32>
  %c16 = arith.constant 3 : index
  %v15 = arith.cmpi ugt, %c16, %v14 : index
  %c17 = arith.constant true
  %v18 = arith.xori %v15, %c17 : i1
  cf.assert %v18, "fuzz 4: room for a static slice"
  %v19 = tensor.extract_slice %v10[0, 0] [%v13, 3] [1, 1] : tensor<?x?xf32> to tensor<?x3xf32>
  %v20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v19 : tensor<?x3xf32>) outs(%v19 : tensor<?x3xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %k = arith.constant 1.000000e+00 : f32
    %y = arith.mulf %in0, %k : f32
    linalg.yield %y : f32
  } -> tensor<?x3xf32>
  %v21 = tensor.insert_slice %v20 into %v10[0, 0] [%v13, 3] [1, 1] : tensor<?x3xf32> into tensor<?x?xf32>
  %v22 = tensor.dim %v21, %c7 : tensor<?x?xf32>
  %v23 = arith.cmpi sle, %c8, %v22 : index
  cf.assert %v23, "fuzz 5: room for a static slice"
  %v24 = arith.subi %v22, %c8 : index
  %v25 = tensor.dim %v21, %c4 : tensor<?x?xf32>
  %v26 = arith.addi %c4, %v9 : index
  %v27 = arith.cmpi sle, %v26, %v25 : index
  cf.assert %v27, "fuzz 6: slice in bounds"
  %v28 = tensor.extract_slice %v21[%v24, 1] [2, %v9] [1, 1] : tensor<?x?xf32> to tensor<2x?xf32>
  %v30 = tensor.expand_shape %v28 [[0, 1], [2]] output_shape [2, 1, %v9] : tensor<2x?xf32> into tensor<2x1x?xf32>
  %v32 = arith.divui %v25, %v26 : index
  %v34 = tensor.cast %arg3 : tensor<3xf32> to tensor<?xf32>
  %v35 = tensor.cast %v30 : tensor<2x1x?xf32> to tensor<?x?x?xf32>
  %v36:2 = func.call @callee1(%v34, %v35) : (tensor<?xf32>, tensor<?x?x?xf32>) -> (index, tensor<3x?xf32>)
  %v37 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v36#1 : tensor<3x?xf32>) outs(%v36#1 : tensor<3x?xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %k = arith.constant 2.000000e+00 : f32
    %y = arith.mulf %in0, %k : f32
    linalg.yield %y : f32
  } -> tensor<3x?xf32>
  %v38 = tensor.dim %v37, %c4 : tensor<3x?xf32>
  %v39 = arith.cmpi eq, %v5, %v38 : index
  cf.assert %v39, "fuzz 7: equal dims"
  %v40 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v37, %arg2 : tensor<3x?xf32>, tensor<3x?xf32>) outs(%v37 : tensor<3x?xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %y = arith.subf %in0, %in1 : f32
    linalg.yield %y : f32
  } -> tensor<3x?xf32>
  return %v40, %v32 : tensor<3x?xf32>, index
}

func.func @main() {
  // case 0: @f1 [(8, 3), (3, 9), (3,)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 8 : index
  %c4 = arith.constant 3 : index
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
  %c7 = arith.constant 9 : index
  %g6 = tensor.generate %c4, %c7 {
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
  %a8 = tensor.cast %g6 : tensor<?x?xf32> to tensor<3x?xf32>
  %g9 = tensor.generate %c4 {
  ^bb0(%i0: index):
    %base = arith.constant 23 : index
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
  %a10 = tensor.cast %g9 : tensor<?xf32> to tensor<3xf32>
  %r11:2 = func.call @f1(%a5, %a8, %a10) : (tensor<?x?xf32>, tensor<3x?xf32>, tensor<3xf32>) -> (tensor<3x?xf32>, index)
  %b12 = bufferization.to_buffer %r11#0 : tensor<3x?xf32> to memref<3x?xf32>
  %u13 = memref.cast %b12 : memref<3x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u13) : (memref<*xf32>) -> ()
  %w14 = arith.index_cast %r11#1 : index to i64
  func.call @printI64(%w14) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
