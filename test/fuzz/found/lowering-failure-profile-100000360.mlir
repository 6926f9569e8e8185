// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: lowering-failure; variant: profile=n:1:1:1; campaign seed 100, program 60.
// /tmp/symshape-fuzz-t0pkjw6a/symshape-min-o68g2sk3/proc-profile.mlir:13:15: error: offset 0 is out-of-bounds: 0 >= 0
// RUN: symshape-opt %s --symshape-pipeline="profile=n:1:1:1" | mlir-opt %lower_to_llvm -o %t.ll.mlir
//
// stderr (tail):
//   /tmp/symshape-fuzz-t0pkjw6a/symshape-min-o68g2sk3/proc-profile.mlir:13:15: error: offset 0 is out-of-bounds: 0 >= 0
//       %padded = tensor.pad %1 low[0, 0, 0] high[0, 0, 3] {
//                 ^
//   /tmp/symshape-fuzz-t0pkjw6a/symshape-min-o68g2sk3/proc-profile.mlir:13:15: note: see current operation: %7 = "memref.subview"(%6) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<4x?xf32>) -> (tensor<?x?x?xf32>) {
  %c2 = arith.constant 1 : index
  %v3 = tensor.dim %arg1, %c2 : tensor<4x?xf32>
  %c7 = arith.constant 0 : index
  %c15 = arith.constant 3 : index
  %v17 = arith.cmpi eq, %v3, %c7 : index
  cf.assert %v17, "fuzz 2: expand needs a multiple of 3"
  %v26 = tensor.empty(%v3, %v3) : tensor<?x?x1xf32>
  %v32 = tensor.pad %v26 low[0, 0, 0] high[0, %v3, %c15] {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %pv = arith.constant -1.000000e+00 : f32
    tensor.yield %pv : f32
  } : tensor<?x?x1xf32> to tensor<?x?x?xf32>
  return %v32 : tensor<?x?x?xf32>
}

func.func @f1(%arg2: tensor<?x?x3xf32> {symshape.dim_names = ["n", "", ""]}) -> (index) {
  %c8 = arith.constant 0 : index
  return %c8 : index
}

func.func @main() {
  // case 0: @f1 [(4, 3, 3)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 4 : index
  %c4 = arith.constant 3 : index
  %g2 = tensor.generate %c3, %c4, %c4 {
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
  %a5 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x3xf32>
  %r6 = func.call @f1(%a5) : (tensor<?x?x3xf32>) -> (index)
  %w7 = arith.index_cast %r6 : index to i64
  func.call @printI64(%w7) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
