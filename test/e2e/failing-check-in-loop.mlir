// A check that contradicts earlier facts inside a loop that updates its
// carried tensor in place: simplify erases the code after the check (it never
// runs) and the loop yields its own carried tensor, which one-shot
// bufferization accepts (a fresh tensor there is "not equivalent to the
// corresponding iter bbArg" and the program would no longer lower: seed 3
// program 1116 of the differential campaign). Same numbers and the same abort
// before and after.
//
// RUN: mlir-opt %s %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline 2>/dev/null | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline=checks=none 2>/dev/null | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-simplify 2>/dev/null | FileCheck %s --check-prefix=IR

// The zero-trip call returns its input; the next one aborts in the loop.
// CHECK: [1,  2,  3]
// CHECK-NEXT: d must exceed 8
// CHECK-NOT: {{^}}999{{$}}

// IR-LABEL: func.func @model
// IR: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<?xf32>)
// IR: cf.assert %{{.*}}, "d must exceed 8"
// IR-NEXT: scf.yield %[[ACC]] : tensor<?xf32>

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @model(%x: tensor<?xf32>, %trips: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %small = arith.cmpi slt, %d, %c4 : index
  cf.assert %small, "d must be below 4"
  %r = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %x) -> (tensor<?xf32>) {
    %large = arith.cmpi sgt, %d, %c8 : index
    cf.assert %large, "d must exceed 8"
    %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%acc : tensor<?xf32>) outs(%acc : tensor<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %one = arith.constant 1.0 : f32
      %s = arith.addf %in, %one : f32
      linalg.yield %s : f32
    } -> tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @show(%t: tensor<?xf32>) {
  %b = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %b : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = tensor.generate %c3 {
  ^bb0(%i: index):
    %c1 = arith.constant 1 : index
    %v = arith.addi %i, %c1 : index
    %w = arith.index_cast %v : index to i64
    %f = arith.sitofp %w : i64 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  %r0 = func.call @model(%x, %c0) : (tensor<?xf32>, index) -> tensor<?xf32>
  func.call @show(%r0) : (tensor<?xf32>) -> ()
  %r1 = func.call @model(%x, %c2) : (tensor<?xf32>, index) -> tensor<?xf32>
  func.call @show(%r1) : (tensor<?xf32>) -> ()
  %m = arith.constant 999 : i64
  func.call @printI64(%m) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
