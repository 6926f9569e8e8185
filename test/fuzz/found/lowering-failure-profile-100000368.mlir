// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: profile=batch:0:0:1; campaign seed 100, program 68.
// /tmp/symshape-fuzz-o9j2_35h/symshape-min-inn8c4kf/proc-profile.mlir:82:15: error: offset 0 is out-of-bounds: 0 >= 0
// RUN: symshape-opt %s --symshape-pipeline="profile=batch:0:0:1" | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-o9j2_35h/symshape-min-inn8c4kf/proc-profile.mlir:82:15: error: offset 0 is out-of-bounds: 0 >= 0
//       %concat = tensor.concat dim(1) %cast, %1, %cast : (tensor<0x3x3xf32>, tensor<0x0x3xf32>, tensor<0x3x3xf32>) -> tensor<0x6x3xf32>
//                 ^
//   /tmp/symshape-fuzz-o9j2_35h/symshape-min-inn8c4kf/proc-profile.mlir:82:15: note: see current operation: %4 = "memref.subview"(%3) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f2(%arg1: tensor<?x3x3xf32>, %arg3: tensor<?x3xf32> {symshape.dim_names = ["batch", ""]}) -> (tensor<?x?x3xf32>) {
  %c4 = arith.constant 0 : index
  %v8 = tensor.dim %arg3, %c4 : tensor<?x3xf32>
  %c12 = arith.constant 3 : index
  %v13 = tensor.empty(%v8, %c4, %c12) : tensor<?x?x?xf32>
  %cf14 = arith.constant 5.000000e-01 : f32
  %v15 = linalg.fill ins(%cf14 : f32) outs(%v13 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %v43 = tensor.concat dim(1) %arg1, %v15, %arg1 : (tensor<?x3x3xf32>, tensor<?x?x?xf32>, tensor<?x3x3xf32>) -> tensor<?x?x3xf32>
  return %v43 : tensor<?x?x3xf32>
}

func.func @main() {
  // case 0: @f2 [(3, 3, 3), (3, 3)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 3 : index
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
  %a4 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x3x3xf32>
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
  %a6 = tensor.cast %g5 : tensor<?x?xf32> to tensor<?x3xf32>
  %r7 = func.call @f2(%a4, %a6) : (tensor<?x3x3xf32>, tensor<?x3xf32>) -> (tensor<?x?x3xf32>)
  %b8 = bufferization.to_buffer %r7 : tensor<?x?x3xf32> to memref<?x?x3xf32>
  %u9 = memref.cast %b8 : memref<?x?x3xf32> to memref<*xf32>
  func.call @printMemrefF32(%u9) : (memref<*xf32>) -> ()
  return
}
