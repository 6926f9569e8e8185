// A rank-reducing slice with a stride other than 1, whose sizes become
// static unit sizes once a fact is used: MLIR 22.1's memref.subview finds
// the dropped dims by matching the source's strides without the slice's own,
// so with more unit sizes than dropped dims it finds none, and the standard
// lowering crashes folding a memref.dim of it. The input (sizes %k, dynamic
// in its types) lowers; after symshape-pipeline the sizes are static 1s and
// the pipeline's last symshape-repair-reshapes writes the slice as a
// full-rank slice and an explicit collapse_shape. Regression: the
// differential fuzzer, seed 41, program 66 (the processed program did not
// lower). The numbers are the same before and after.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.after.mlir
// RUN: mlir-opt %t.after.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.before
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.after.mlir
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s

// IR-LABEL: func.func @crop
// IR: tensor.extract_slice %{{.*}} [2, 1, 1, 1] : tensor<?x1x3x4xf32> to tensor<?x1x1x1xf32>
// IR: tensor.collapse_shape %{{.*}} : tensor<?x1x1x1xf32> into tensor<?x1x1xf32>

// Rows 1 and 3 of the 4x1x3x4 tensor (stride 2 from 1), element [0, 2, 3]:
// 100 * row + 23.
// CHECK: sizes = [2, 1, 1] strides = [1, 1, 1] data =
// CHECK-NEXT: {{\[\[\[}}123]],
// CHECK-NEXT: {{\[\[}}323]]]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @crop(%t: tensor<?x1x3x4xf32>, %n: index, %k: index) -> tensor<?x?x?xf32> {
  %c1 = arith.constant 1 : index
  %is1 = arith.cmpi eq, %k, %c1 : index
  cf.assert %is1, "k == 1"
  %s = tensor.extract_slice %t[1, 0, 2, 3] [%n, 1, %k, %k] [2, 1, 1, 1]
      : tensor<?x1x3x4xf32> to tensor<?x?x?xf32>
  return %s : tensor<?x?x?xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %k, %c10 : index
    %ab = arith.addi %a, %b : index
    %v = arith.addi %ab, %l : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x1x3x4xf32>
  %d = tensor.cast %t : tensor<4x1x3x4xf32> to tensor<?x1x3x4xf32>
  %r = func.call @crop(%d, %c2, %c1) : (tensor<?x1x3x4xf32>, index, index) -> tensor<?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
