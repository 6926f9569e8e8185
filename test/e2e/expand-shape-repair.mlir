// Reshapes that MLIR 22.1 mishandles go through symshape-pipeline and the
// standard lowering, with the right dims and numbers: an expand_shape whose
// output_shape holds SSA values for static dims (unprocessed, bufferization
// rejects it), and one with two dynamic dims in a group (unprocessed,
// --expand-strided-metadata crashes). Each result is compared with a
// reference computed without the problematic form, in the same run.
//
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s

// The dims come out 1 4 8 and 2 3 4, and no element differs from the
// reference.
// CHECK: rank = 3 offset = 0 sizes = [1, 4, 8]
// CHECK: {{^}}0{{$}}
// CHECK: rank = 3 offset = 0 sizes = [2, 3, 4]
// CHECK: {{^}}0{{$}}

func.func @expand_static(%t: tensor<32xf32>, %shape: tensor<?x?x?xf32>) -> tensor<1x4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %shape, %c0 : tensor<?x?x?xf32>
  %b = tensor.dim %shape, %c1 : tensor<?x?x?xf32>
  %c = tensor.dim %shape, %c2 : tensor<?x?x?xf32>
  %e = tensor.expand_shape %t [[0, 1, 2]] output_shape [%a, %b, %c]
      : tensor<32xf32> into tensor<1x4x8xf32>
  return %e : tensor<1x4x8xf32>
}

func.func @expand_two_dynamic(%t: tensor<?x4xf32>, %b: index, %s: index) -> tensor<?x?x4xf32> {
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%b, %s, 4]
      : tensor<?x4xf32> into tensor<?x?x4xf32>
  return %e : tensor<?x?x4xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

/// Prints the number of elements where `a` and `b` differ.
func.func @compare(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %a, %c2 : tensor<?x?x?xf32>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %n = scf.for %i = %c0 to %d0 step %c1 iter_args(%acc0 = %zero) -> i64 {
    %n1 = scf.for %j = %c0 to %d1 step %c1 iter_args(%acc1 = %acc0) -> i64 {
      %n2 = scf.for %k = %c0 to %d2 step %c1 iter_args(%acc2 = %acc1) -> i64 {
        %x = tensor.extract %a[%i, %j, %k] : tensor<?x?x?xf32>
        %y = tensor.extract %b[%i, %j, %k] : tensor<?x?x?xf32>
        %ne = arith.cmpf une, %x, %y : f32
        %inc = arith.select %ne, %one, %zero : i64
        %next = arith.addi %acc2, %inc : i64
        scf.yield %next : i64
      }
      scf.yield %n2 : i64
    }
    scf.yield %n1 : i64
  }
  func.call @printI64(%n) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @print3(%t: tensor<?x?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?x?xf32> to memref<?x?x?xf32>
  %u = memref.cast %m : memref<?x?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

/// A tensor of `n` elements holding 0, 1, 2, ...
func.func @iota(%n: index) -> tensor<?xf32> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %i32 = arith.index_cast %i : index to i32
    %f = arith.sitofp %i32 : i32 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}

/// The row-major iota of shape d0 x d1 x d2, built without reshapes.
func.func @iota3(%d0: index, %d1: index, %d2: index) -> tensor<?x?x?xf32> {
  %t = tensor.generate %d0, %d1, %d2 {
  ^bb0(%i: index, %j: index, %k: index):
    %a = arith.muli %i, %d1 : index
    %b = arith.addi %a, %j : index
    %c = arith.muli %b, %d2 : index
    %d = arith.addi %c, %k : index
    %i32 = arith.index_cast %d : index to i32
    %f = arith.sitofp %i32 : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?x?xf32>
  return %t : tensor<?x?x?xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  // Static dims from SSA values.
  %flat = func.call @iota(%c32) : (index) -> tensor<?xf32>
  %flat32 = tensor.cast %flat : tensor<?xf32> to tensor<32xf32>
  %shape = tensor.empty(%c1, %c4, %c8) : tensor<?x?x?xf32>
  %e = func.call @expand_static(%flat32, %shape) : (tensor<32xf32>, tensor<?x?x?xf32>) -> tensor<1x4x8xf32>
  %ed = tensor.cast %e : tensor<1x4x8xf32> to tensor<?x?x?xf32>
  func.call @print3(%ed) : (tensor<?x?x?xf32>) -> ()
  %ref = func.call @iota3(%c1, %c4, %c8) : (index, index, index) -> tensor<?x?x?xf32>
  func.call @compare(%ed, %ref) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> ()
  // Two dynamic dims in one group: 6x4 into 2x3x4.
  %n24 = arith.muli %c6, %c4 : index
  %flat24 = func.call @iota(%n24) : (index) -> tensor<?xf32>
  %m = tensor.expand_shape %flat24 [[0, 1]] output_shape [%c6, 4]
      : tensor<?xf32> into tensor<?x4xf32>
  %x = func.call @expand_two_dynamic(%m, %c2, %c3) : (tensor<?x4xf32>, index, index) -> tensor<?x?x4xf32>
  %xd = tensor.cast %x : tensor<?x?x4xf32> to tensor<?x?x?xf32>
  func.call @print3(%xd) : (tensor<?x?x?xf32>) -> ()
  %ref2 = func.call @iota3(%c2, %c3, %c4) : (index, index, index) -> tensor<?x?x?xf32>
  func.call @compare(%xd, %ref2) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> ()
  return
}
