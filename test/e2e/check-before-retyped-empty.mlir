// A user's check that two sizes agree, before the linalg op that needs them
// to: one tensor is built by tensor.empty with a loop's result (4), the other
// has 6 elements, so the program must abort at the check. Under plain
// `canonicalize` after symshape-infer, upstream's linalg patterns give the
// empty the other operand's static size (6) by a cast they fold into it,
// above the check; the sym_size that symshape-infer wrote for the check then
// folded to 6 and the program completed (passes-alone campaign seed 34,
// program 36). A sym_size now reads the size the tensor was built with (the
// fill's init, the empty's size operand), as tensor.dim does, before the
// empty changes.
//
// RUN: mlir-opt %s %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-infer --canonicalize --symshape-lower | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-infer --canonicalize | FileCheck %s --check-prefix=IR

// CHECK: sizes must agree
// CHECK-NOT: {{^}}999{{$}}

// The check compares the loop's result itself.
// IR-LABEL: func.func @sum
// IR: %[[N:.*]] = scf.for
// IR: arith.cmpi eq, %[[N]], %{{.*}} : index
// IR: cf.assert

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @sum(%x: tensor<3x2xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %n = scf.for unsigned %i = %c1 to %c5 step %c1 iter_args(%a = %c1) -> (index) {
    scf.yield %i : index
  }
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%seven : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %cx = tensor.cast %x : tensor<3x2xf32> to tensor<?x?xf32>
  %flat = tensor.collapse_shape %cx [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %d0 = tensor.dim %flat, %c0 : tensor<?xf32>
  %d1 = tensor.dim %f, %c0 : tensor<?xf32>
  %ok = arith.cmpi eq, %d1, %d0 : index
  cf.assert %ok, "sizes must agree"
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%flat, %f : tensor<?xf32>, tensor<?xf32>) outs(%flat : tensor<?xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %y = arith.addf %in0, %in1 : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %g : tensor<?xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %r = func.call @sum(%x) : (tensor<3x2xf32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  %m = bufferization.to_buffer %u : tensor<*xf32> to memref<*xf32>
  func.call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  %c999 = arith.constant 999 : i64
  func.call @printI64(%c999) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
