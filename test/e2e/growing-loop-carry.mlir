// An scf.for whose carried tensor grows by one row per iteration, from an
// init cast from a static 1x4. MLIR 22.1's canonicalization folds such an
// init cast into the loop (ForOpTensorCastFolder) and casts every yielded
// value to 1x4, which fails at run time once the tensor grows; on this input
// symshape-dynamic-to-static then emitted an invalid `tensor.cast 2x4 ->
// 1x4`. symshape-pipeline canonicalizes without that pattern and
// dynamic-to-static never casts to an incompatible type. A loop that keeps
// its shape is still refined (the matmul carry keeps 8 rows). Such loops
// bufferize only with allow-return-allocs-from-loops, before and after.
//
// RUN: mlir-opt %s %lower_to_llvm_loop_allocs | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm_loop_allocs | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=IR

// The kept carry's rows are proven 8; the grown carry stays dynamic.
// IR-LABEL: func.func @rows_after_loops
// IR: %[[C8:.*]] = arith.constant 8 : index
// IR: scf.for {{.*}} -> (tensor<?x4xf32>)
// IR: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
// IR: return %[[C8]], %{{.*}} : index, index

// Rows of the kept and of the grown carry, for n = 0, 1, 3.
// CHECK: 8
// CHECK-NEXT: 1
// CHECK-NEXT: 8
// CHECK-NEXT: 2
// CHECK-NEXT: 8
// CHECK-NEXT: 4

func.func private @printI64(i64)
func.func private @printNewline()

func.func @rows_after_loops(%n: index, %w: tensor<4x4xf32>, %x: tensor<1x4xf32>)
    -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%c8) : tensor<?x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?x4xf32>) {
    %m = linalg.matmul ins(%acc, %w : tensor<?x4xf32>, tensor<4x4xf32>)
                       outs(%acc : tensor<?x4xf32>) -> tensor<?x4xf32>
    scf.yield %m : tensor<?x4xf32>
  }
  %x0 = tensor.cast %x : tensor<1x4xf32> to tensor<?x4xf32>
  %g = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x0) -> (tensor<?x4xf32>) {
    %m = tensor.concat dim(0) %acc, %x : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    scf.yield %m : tensor<?x4xf32>
  }
  %dr = tensor.dim %r, %c0 : tensor<?x4xf32>
  %dg = tensor.dim %g, %c0 : tensor<?x4xf32>
  return %dr, %dg : index, index
}

func.func @show(%n: index) {
  %one = arith.constant 1.0 : f32
  %we = tensor.empty() : tensor<4x4xf32>
  %w = linalg.fill ins(%one : f32) outs(%we : tensor<4x4xf32>) -> tensor<4x4xf32>
  %xe = tensor.empty() : tensor<1x4xf32>
  %x = linalg.fill ins(%one : f32) outs(%xe : tensor<1x4xf32>) -> tensor<1x4xf32>
  %a, %b = func.call @rows_after_loops(%n, %w, %x)
      : (index, tensor<4x4xf32>, tensor<1x4xf32>) -> (index, index)
  %ia = arith.index_cast %a : index to i64
  %ib = arith.index_cast %b : index to i64
  func.call @printI64(%ia) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%ib) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  func.call @show(%c0) : (index) -> ()
  func.call @show(%c1) : (index) -> ()
  func.call @show(%c3) : (index) -> ()
  return
}
