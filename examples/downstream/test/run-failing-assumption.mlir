// Executed: an assumption that does not hold aborts the program with its
// message once downstream-pipeline has lowered it (dstream.assume ->
// symshape.constrain_range -> cf.assert), before the store that relied on
// it runs.
//
// RUN: downstream-opt %s --downstream-pipeline | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s

// CHECK: 111
// CHECK-NEXT: symshape: constrained value arg2 must be a multiple of 2
// CHECK-NOT: {{^}}222{{$}}

func.func @column_store(%src: tensor<?x2xi32>, %out: memref<?x3xi32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %even = dstream.assume %rows min 0 divisor 2 : index
  %binding = dstream.tie_shape %out : memref<?x3xi32>{%even}
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
  %d = tensor.dim %flat, %c0 : tensor<?xi32>
  dstream.dispatch.store %flat, %binding, offsets = [0, 1], sizes = [%d, 1], strides = [1, 1]
      : tensor<?xi32> -> memref<?x3xi32>
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i32
  %k111 = arith.constant 111 : i64
  %k222 = arith.constant 222 : i64
  %src = tensor.splat %zero[%c2] : tensor<?x2xi32>
  %out = memref.alloc(%c5) : memref<?x3xi32>
  func.call @printI64(%k111) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // 5 rows: not a multiple of 2.
  func.call @column_store(%src, %out, %c5) : (tensor<?x2xi32>, memref<?x3xi32>, index) -> ()
  func.call @printI64(%k222) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
