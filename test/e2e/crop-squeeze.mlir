// A crop followed by a squeeze, written with dynamic intermediates as an
// exporter emits them: the crop keeps one channel, one row and one column
// (sizes computed at run time), the squeeze collapses the unit dims. The
// numbers must not change through symshape-pipeline.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// IR-LABEL: func.func @crop_squeeze
// IR-NOT: symshape.
// IR: return

// x[n, c, h, w] = 1000 n + 100 c + 10 h + w; the crop is channel 1, row 2,
// column 3.
// CHECK: sizes = [2]
// CHECK-NEXT: [123,  1123]
// CHECK: sizes = [3]
// CHECK-NEXT: [123,  1123,  2123]

func.func @crop_squeeze(%x: tensor<?x3x5x5xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x5x5xf32>
  // Extents computed as end - start, as a frontend does.
  %one = arith.subi %c3, %c2 : index
  %dyn = tensor.cast %x : tensor<?x3x5x5xf32> to tensor<?x?x?x?xf32>
  %crop = tensor.extract_slice %dyn[0, %c1, %c2, %c3] [%n, %one, %one, %one] [1, 1, 1, 1]
      : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
  %unit = tensor.cast %crop : tensor<?x?x?x?xf32> to tensor<?x1x1x1xf32>
  %squeezed = tensor.collapse_shape %unit [[0, 1, 2, 3]]
      : tensor<?x1x1x1xf32> into tensor<?xf32>
  return %squeezed : tensor<?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @run(%n: index) {
  %x = tensor.generate %n {
  ^bb0(%i: index, %c: index, %h: index, %w: index):
    %k1000 = arith.constant 1000 : index
    %k100 = arith.constant 100 : index
    %k10 = arith.constant 10 : index
    %a = arith.muli %i, %k1000 : index
    %b = arith.muli %c, %k100 : index
    %d = arith.muli %h, %k10 : index
    %s0 = arith.addi %a, %b : index
    %s1 = arith.addi %s0, %d : index
    %s2 = arith.addi %s1, %w : index
    %i32 = arith.index_cast %s2 : index to i32
    %f = arith.sitofp %i32 : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x3x5x5xf32>
  %r = func.call @crop_squeeze(%x) : (tensor<?x3x5x5xf32>) -> tensor<?xf32>
  %m = bufferization.to_buffer %r : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  func.call @run(%c2) : (index) -> ()
  func.call @run(%c3) : (index) -> ()
  return
}
