// A private function called at two static shapes gets one static clone per
// shape (the pipeline's dynamic-to-static); the numbers are those of the
// unprocessed program.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=IR
// IR-DAG: func.func private @total(%{{.*}}: tensor<3x2xf32>) -> f32
// IR-DAG: func.func private @total.shape1(%{{.*}}: tensor<5x2xf32>) -> f32
// CHECK: 4.5
// CHECK-NEXT: 25

func.func private @printF32(f32)
func.func private @printNewline()

// Sums a row-major matrix whose rows are flattened into one vector.
func.func private @total(%x: tensor<?x?xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %init = tensor.empty() : tensor<f32>
  %zero = linalg.fill ins(%z : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%flat : tensor<?xf32>) outs(%zero : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  return %v : f32
}


func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = arith.addi %i, %j : index
    %w = arith.index_cast %k : index to i64
    %f = arith.sitofp %w : i64 to f32
    %h = arith.constant 0.5 : f32
    %g = arith.mulf %f, %h : f32
    tensor.yield %g : f32
  } : tensor<3x2xf32>
  %b = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = arith.addi %i, %j : index
    %w = arith.index_cast %k : index to i64
    %f = arith.sitofp %w : i64 to f32
    %h = arith.constant 1.0 : f32
    %g = arith.mulf %f, %h : f32
    tensor.yield %g : f32
  } : tensor<5x2xf32>
  %da = tensor.cast %a : tensor<3x2xf32> to tensor<?x?xf32>
  %db = tensor.cast %b : tensor<5x2xf32> to tensor<?x?xf32>
  %va = func.call @total(%da) : (tensor<?x?xf32>) -> f32
  func.call @printF32(%va) : (f32) -> ()
  func.call @printNewline() : () -> ()
  %vb = func.call @total(%db) : (tensor<?x?xf32>) -> f32
  func.call @printF32(%vb) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}
