// A pad whose source is proven empty along a padded dim (a check makes the
// dim 0): its result dim is 1, but the standard lowering writes the source
// at offset `low` = 1, and MLIR 22.1 rejects a static offset at the end of a
// static dim even for an empty write ("offset 1 is out-of-bounds: 1 >= 1").
// Dynamic-to-static leaves such a pad dynamic. Regression (found by the
// differential fuzzer): the pad became 4x1 and the program no longer
// lowered. The numbers are the same before and after.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.before
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// IR-LABEL: func.func @pad_empty
// IR: tensor.pad %{{.*}} low[1, 1] high[0, 0]
// IR: } : tensor<3x?xf32> to tensor<4x?xf32>

// CHECK: sizes = [4, 1]
// CHECK-NEXT: [0],
// CHECK-NEXT: [0],

func.func @pad_empty(%x: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c1 : tensor<3x?xf32>
  %empty = arith.cmpi ule, %n, %c0 : index
  cf.assert %empty, "the second dim is empty"
  %p = tensor.pad %x low[1, 1] high[0, 0] {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<3x?xf32> to tensor<4x?xf32>
  %r = tensor.cast %p : tensor<4x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %x = tensor.empty(%c0) : tensor<3x?xf32>
  %r = func.call @pad_empty(%x) : (tensor<3x?xf32>) -> tensor<?x?xf32>
  %m = bufferization.to_buffer %r : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
