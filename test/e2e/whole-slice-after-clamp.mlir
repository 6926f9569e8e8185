// A slice `x[0:min(n, 64), 0:m]` with n declared in [1, 64]: once the clamp
// is decided the slice is the whole of x, and the pipeline returns x
// itself (the slice used to stay in the output). The numbers are the same
// before and after.
//
// RUN: symshape-opt %s --symshape-lower=checks=none | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: FileCheck %s --input-file=%t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// IR-LABEL: func.func @head
// IR-NOT: tensor.extract_slice
// IR: return %arg0
// IR-LABEL: func.func @head_of_longer
// IR: tensor.extract_slice

// CHECK: sizes = [3, 2]
// CHECK-NEXT: [0,   1]
// CHECK-NEXT: [10,   11]
// CHECK-NEXT: [20,   21]
// CHECK: sizes = [2, 2]
// CHECK-NEXT: [0,   1]
// CHECK-NEXT: [10,   11]

func.func @head(%x: tensor<?x?xf32> {symshape.dim_names = ["n", "m"],
                                     symshape.dim_ranges = [#symshape.range<[1, 64]>, unit]})
    -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %s = arith.minsi %n, %c64 : index
  %y = tensor.extract_slice %x[0, 0] [%s, %m] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Not the whole: n may exceed 2.
func.func @head_of_longer(%x: tensor<?x?xf32> {symshape.dim_names = ["n", "m"],
                                               symshape.dim_ranges = [#symshape.range<[1, 64]>, unit]})
    -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %s = arith.minsi %n, %c2 : index
  %y = tensor.extract_slice %x[0, 0] [%s, %m] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %x = tensor.generate %c3, %c2 {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %i32 = arith.index_cast %b : index to i32
    %f = arith.sitofp %i32 : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  %r = func.call @head(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.call @print(%r) : (tensor<?x?xf32>) -> ()
  %s = func.call @head_of_longer(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.call @print(%s) : (tensor<?x?xf32>) -> ()
  return
}
