// arith.select of two tensors with a scalar condition picks one of them
// whole (one-shot-bufferize selects the buffer), whatever their shapes: its
// result is not taken to have its first operand's dims, and its arms are not
// cast to one shape. Regression: fuzz seed 1, programs 106 and 224, where
// the pipeline's canonicalization made the select from an scf.if yielding
// two tensors; the false arm was cast to the true arm's proven 3 rows (a
// crash, and wrong numbers). The numbers are the same before and after.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.after.mlir
// RUN: mlir-opt %t.after.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: symshape-opt %s --symshape-pipeline="bind=rows=3" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.bind
// RUN: diff %t.before %t.bind
// RUN: FileCheck %s --input-file=%t.before
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.after.mlir

// IR-LABEL: func.func @pick
// IR-NOT: tensor.cast
// IR: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x2xf32>
// IR: return

// CHECK: sizes = [1, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}7,   8]]
// CHECK: sizes = [3, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}1,   2],

func.func private @printMemrefF32(tensor<*xf32>)

func.func @pick(%x: tensor<?x2xf32> {symshape.dim_names = ["rows", ""]},
                %y: tensor<?x2xf32>, %c: i1) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?x2xf32>
  %ok = arith.cmpi eq, %n, %c3 : index
  cf.assert %ok, "3 rows"
  %r = scf.if %c -> (tensor<?x2xf32>) {
    scf.yield %x : tensor<?x2xf32>
  } else {
    scf.yield %y : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %y = arith.constant dense<[[7.0, 8.0]]> : tensor<1x2xf32>
  %xd = tensor.cast %x : tensor<3x2xf32> to tensor<?x2xf32>
  %yd = tensor.cast %y : tensor<1x2xf32> to tensor<?x2xf32>
  %false = arith.constant false
  %true = arith.constant true
  %a = func.call @pick(%xd, %yd, %false) : (tensor<?x2xf32>, tensor<?x2xf32>, i1) -> tensor<?x2xf32>
  %ua = tensor.cast %a : tensor<?x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = func.call @pick(%xd, %yd, %true) : (tensor<?x2xf32>, tensor<?x2xf32>, i1) -> tensor<?x2xf32>
  %ub = tensor.cast %b : tensor<?x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
