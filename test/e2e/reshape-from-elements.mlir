// A reshape whose shape operand is built from sizes (tensor.from_elements,
// a view that is no reassociation): its dims are known, and under a binding
// its result is static. MLIR 22.1's standard lowering leaves the dynamic
// form's memref.reshape unlowered, so the input does not run; the
// pipeline's last repair-reshapes writes a reshape that stays dynamic as a
// collapse of every dim and an expand into the sizes (two views). Both the
// bound and the unbound form run, and print what the same view written as
// a collapse and an expand (@view_ref, in the same program) prints.
//
// RUN: symshape-opt %s --symshape-pipeline="bind=n=6" > %t.bind.mlir
// RUN: mlir-opt %t.bind.mlir %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.bind.mlir
// RUN: symshape-opt %s --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
// RUN: FileCheck %s --check-prefix=DYN --input-file=%t.mlir

// DYN-LABEL: func.func @view
// DYN-NOT: tensor.reshape
// DYN: tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// DYN: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%{{.*}}, 8] : tensor<?xf32> into tensor<?x8xf32>

// IR-LABEL: func.func @view
// IR: tensor.reshape %{{.*}}(%{{.*}}) : (tensor<6x4xf32>, tensor<2xindex>) -> tensor<3x8xf32>

// CHECK: sizes = [3, 8] strides = [8, 1] data ={{ *$}}
// CHECK-NEXT: [[ROW0:.+]]
// CHECK-NEXT: [[ROW1:.+]]
// CHECK-NEXT: [[ROW2:.+]]
// CHECK: sizes = [3, 8] strides = [8, 1] data ={{ *$}}
// CHECK-NEXT: [[ROW0]]
// CHECK-NEXT: [[ROW1]]
// CHECK-NEXT: [[ROW2]]

func.func private @printMemrefF32(tensor<*xf32>)

// x.view(n // 2, 8) of an n x 4 tensor.
func.func @view(%x: tensor<?x4xf32> {symshape.dim_names = ["n", ""], symshape.dim_divisors = [2, 1]}) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %h = arith.divsi %n, %c2 : index
  %shape = tensor.from_elements %h, %c8 : tensor<2xindex>
  %r = tensor.reshape %x(%shape) : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

func.func @view_ref(%x: tensor<?x4xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %h = arith.divsi %n, %c2 : index
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %r = tensor.expand_shape %flat [[0, 1]] output_shape [%h, 8] : tensor<?xf32> into tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<6x4xf32>
  %xd = tensor.cast %x : tensor<6x4xf32> to tensor<?x4xf32>
  %r = func.call @view(%xd) : (tensor<?x4xf32>) -> tensor<?x8xf32>
  %u = tensor.cast %r : tensor<?x8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %e = func.call @view_ref(%xd) : (tensor<?x4xf32>) -> tensor<?x8xf32>
  %ue = tensor.cast %e : tensor<?x8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ue) : (tensor<*xf32>) -> ()
  return
}
