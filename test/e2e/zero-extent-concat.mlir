// Zero extents that specialization makes static must not reach forms that
// MLIR 22.1's standard lowering rejects (found by differential fuzzing): a
// concat decomposes into slices inserted at static offsets, and the slice
// verifier rejects an offset at the end of a static dim, or in a dim of static
// size 0, even when nothing is inserted. symshape-simplify keeps a size proven
// 0 computed where it gives a dim; symshape-repair-reshapes drops concat
// operands of static extent 0 and turns a concat with no element into an
// empty tensor.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=IR

// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[1,   2,   3],
// CHECK-NEXT:  [4,   5,   6]]
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[1,   2,   3],
// CHECK-NEXT:  [4,   5,   6]]
// CHECK: sizes = [0, 3]

// After the pipeline the callees see 2x3 tensors: the written zero-width
// operand is dropped; the computed one (folded to 0 by upstream
// canonicalization once the dims are static) reaches the concat only through
// a cast to a dynamic extent. The concat of two slices of no row has no
// element: its operands became empties of a constant 0 rows, and it one too.
// IR-LABEL: func.func private @append_rest
// IR-NEXT: return %arg0
// IR-LABEL: func.func private @append_empty
// IR: tensor.concat dim(1) %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<2x?xf32>)
// IR-LABEL: func.func private @no_rows
// IR-NOT: tensor.concat
// IR: %[[E:.*]] = tensor.empty() : tensor<0x3xf32>
// IR-NEXT: %[[C:.*]] = tensor.cast %[[E]] : tensor<0x3xf32> to tensor<?x3xf32>
// IR-NEXT: return %[[C]]

func.func private @printMemrefF32(tensor<*xf32>)

// A written zero-width slice appended to t.
func.func private @append_rest(%t: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?x?xf32>
  %s = tensor.extract_slice %t[0, 0] [%n, 0] [1, 1] : tensor<?x?xf32> to tensor<?x0xf32>
  %c = tensor.concat dim(1) %t, %s : (tensor<?x?xf32>, tensor<?x0xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// q (dim 1) is checked to be a multiple of 3, so q mod 3 columns is 0.
func.func private @append_empty(%t: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %t, %c0 : tensor<?x?xf32>
  %q = tensor.dim %t, %c1 : tensor<?x?xf32>
  %m = arith.remsi %q, %c3 : index
  %multiple = arith.cmpi eq, %m, %c0 : index
  cf.assert %multiple, "q is a multiple of 3"
  %r = arith.remui %q, %c3 : index
  %s = tensor.extract_slice %t[0, 0] [%n, %r] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %c = tensor.concat dim(1) %t, %s : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// q mod 3 rows of t, twice: no element.
func.func private @no_rows(%t: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %q = tensor.dim %t, %c1 : tensor<?x?xf32>
  %m = arith.remsi %q, %c3 : index
  %multiple = arith.cmpi eq, %m, %c0 : index
  cf.assert %multiple, "q is a multiple of 3"
  %r = arith.remui %q, %c3 : index
  %s = tensor.extract_slice %t[0, 0] [%r, %q] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %c = tensor.concat dim(0) %s, %s : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %d = tensor.cast %t : tensor<2x3xf32> to tensor<?x?xf32>
  %a = call @append_rest(%d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %ua = tensor.cast %a : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = call @append_empty(%d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %ub = tensor.cast %b : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %c = call @no_rows(%d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %uc = tensor.cast %c : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  return
}
