// A crop followed by a squeeze (the TVM case of DESIGN 1.4), written with
// dynamic intermediates. For a static input the body becomes static
// (13x1x1x1, then 13; never 13x13x1x1), and the numbers do not change. (A
// crop by negative padding gets the same types, test/Transforms/dynamic-to-
// static.mlir, but MLIR 22 cannot execute a negative tensor.pad.)
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// IR-LABEL: func.func @crop_squeeze
// IR: tensor.extract_slice %{{.*}}[0, 1, 2, 3] [13, 1, 1, 1] [1, 1, 1, 1] : tensor<13x3x5x5xf32> to tensor<13x1x1x1xf32>
// IR: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2, 3]] : tensor<13x1x1x1xf32> into tensor<13xf32>

// x[n, c, h, w] = 1000 n + 100 c + 10 h + w: the crop keeps c = 1, h = 2,
// w = 3.
// CHECK: sizes = [13]
// CHECK-NEXT: [123,  1123,  2123,

func.func @crop_squeeze(%x: tensor<13x3x5x5xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %dyn = tensor.cast %x : tensor<13x3x5x5xf32> to tensor<?x?x?x?xf32>
  %n = tensor.dim %dyn, %c0 : tensor<?x?x?x?xf32>
  // Extents computed as end - start, as a frontend does.
  %one = arith.subi %c3, %c2 : index
  %crop = tensor.extract_slice %dyn[0, %c1, %c2, %c3] [%n, %one, %one, %one] [1, 1, 1, 1]
      : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
  %sq = tensor.collapse_shape %crop [[0, 1, 2, 3]] : tensor<?x?x?x?xf32> into tensor<?xf32>
  return %sq : tensor<?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    %k1000 = arith.constant 1000 : index
    %k100 = arith.constant 100 : index
    %k10 = arith.constant 10 : index
    %a = arith.muli %n, %k1000 : index
    %b = arith.muli %c, %k100 : index
    %d = arith.muli %h, %k10 : index
    %s0 = arith.addi %a, %b : index
    %s1 = arith.addi %s0, %d : index
    %s2 = arith.addi %s1, %w : index
    %i = arith.index_cast %s2 : index to i32
    %f = arith.sitofp %i : i32 to f32
    tensor.yield %f : f32
  } : tensor<13x3x5x5xf32>
  %r = func.call @crop_squeeze(%x) : (tensor<13x3x5x5xf32>) -> tensor<?xf32>
  %m = bufferization.to_buffer %r : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
