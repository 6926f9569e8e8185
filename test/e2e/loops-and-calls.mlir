// A loop-carried accumulator and a private helper, written with dynamic
// types. After symshape-pipeline the loop carries a static 8x4 tensor, the
// helper's signature is specialized to what its only call passes, and the
// numbers do not change.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// IR-LABEL: func.func private @scale(%{{.*}}: tensor<8x4xf32>) -> tensor<8x4xf32>
// IR-LABEL: func.func @model
// IR: scf.for {{.*}} -> (tensor<8x4xf32>)
// IR: call @scale(%{{.*}}) : (tensor<8x4xf32>) -> tensor<8x4xf32>

// acc starts at x[i, j] = i + j and is doubled three times: 8 (i + j).
// CHECK: sizes = [8, 4]
// CHECK-NEXT: [0,   8,   16,   24],
// CHECK-NEXT: [8,   16,   24,   32],
// CHECK: [56,   64,   72,   80]]

func.func private @scale(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.add ins(%x, %x : tensor<?x?xf32>, tensor<?x?xf32>)
                  outs(%x : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @model(%x: tensor<?x4xf32>, %steps: index) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %ok = arith.cmpi eq, %n, %c8 : index
  cf.assert %ok, "x must have 8 rows"
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %x) -> (tensor<?x4xf32>) {
    %d = tensor.cast %acc : tensor<?x4xf32> to tensor<?x?xf32>
    %s = func.call @scale(%d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %b = tensor.cast %s : tensor<?x?xf32> to tensor<?x4xf32>
    scf.yield %b : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %x = tensor.generate %c8 {
  ^bb0(%i: index, %j: index):
    %v = arith.addi %i, %j : index
    %t = arith.index_cast %v : index to i32
    %f = arith.sitofp %t : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x4xf32>
  %r = func.call @model(%x, %c3) : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
  %m = bufferization.to_buffer %r : tensor<?x4xf32> to memref<?x4xf32>
  %u = memref.cast %m : memref<?x4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
