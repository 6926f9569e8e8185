// A model whose input dims are named batch and seq, compiled three ways and
// executed on the same data: unprocessed, with bind=batch=2,seq=8 (static
// 16x4 and 16x3 tensors), and with a profile whose opt is the bound shape.
// The numbers must be identical; an input that violates the binding aborts
// with the binding's message, and one outside the profile with its range.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline="bind=batch=2,seq=8" > %t.bind.mlir
// RUN: mlir-opt %t.bind.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.bind
// RUN: diff %t.before %t.bind
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.bind.mlir
// RUN: symshape-opt %s --symshape-pipeline="profile=batch:1:2:4,seq:1:8:16" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.profile
// RUN: diff %t.before %t.profile
// RUN: FileCheck %s --input-file=%t.before
//
// Violations: the same model called with batch = 3.
// RUN: sed -e 's/%rows = arith.constant 2 : index/%rows = arith.constant 3 : index/' %s > %t.bad.mlir
// RUN: symshape-opt %t.bad.mlir --symshape-pipeline="bind=batch=2,seq=8" | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s --check-prefix=BADBIND
// RUN: sed -e 's/%rows = arith.constant 2 : index/%rows = arith.constant 5 : index/' %s > %t.bad2.mlir
// RUN: symshape-opt %t.bad2.mlir --symshape-pipeline="profile=batch:1:2:4,seq:1:8:16" | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s --check-prefix=BADPROFILE

// IR-LABEL: func.func @model
// IR: tensor.collapse_shape %{{.*}} : tensor<2x8x4xf32> into tensor<16x4xf32>
// IR: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x4xf32>, tensor<4x3xf32>) outs(%{{.*}} : tensor<16x3xf32>)

// x[b, s, k] = 100 b + 10 s + k; w[k, j] = k + j; out = x w (16 rows).
// CHECK: sizes = [16, 3]
// CHECK-NEXT: [14,   20,   26],
// CHECK-NEXT: [74,   120,   166],

// BADBIND: symshape: 'batch' (dim 0 of arg 0 of @model) must be 2 (bind=batch=2)
// BADPROFILE: symshape: 'batch' (dim 0 of arg 0 of @model.generic) must be in [1, 4], the profile's range

func.func @model(%x: tensor<?x?x4xf32> {symshape.dim_names = ["batch", "seq", ""]},
                 %w: tensor<4x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x4xf32> into tensor<?x4xf32>
  %n = tensor.dim %flat, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  %r = linalg.matmul ins(%flat, %w : tensor<?x4xf32>, tensor<4x3xf32>)
                     outs(%f : tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %rows = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %x = tensor.generate %rows, %c8 {
  ^bb0(%b: index, %s: index, %k: index):
    %k100 = arith.constant 100 : index
    %k10 = arith.constant 10 : index
    %a = arith.muli %b, %k100 : index
    %m = arith.muli %s, %k10 : index
    %t = arith.addi %a, %m : index
    %v = arith.addi %t, %k : index
    %i = arith.index_cast %v : index to i32
    %f = arith.sitofp %i : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?x4xf32>
  %w = tensor.generate {
  ^bb0(%k: index, %j: index):
    %v = arith.addi %k, %j : index
    %i = arith.index_cast %v : index to i32
    %f = arith.sitofp %i : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x3xf32>
  %r = func.call @model(%x, %w) : (tensor<?x?x4xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>
  %m = bufferization.to_buffer %r : tensor<?x3xf32> to memref<?x3xf32>
  %u = memref.cast %m : memref<?x3xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
