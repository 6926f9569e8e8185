// Elementwise arith and math ops on tensors have their operands' dims: the
// facts report gives them, and under a binding (or in a profile's .opt
// version) they compute on static tensors. Executed with
// convert-elementwise-to-linalg before the standard lowering, on the input
// and after symshape-pipeline (the default, and a profile whose .opt
// version takes the first call and not the second): the numbers are the
// same.
//
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg))" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.default.mlir
// RUN: mlir-opt %t.default.mlir --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg))" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.default
// RUN: diff %t.before %t.default
// RUN: symshape-opt %s --symshape-pipeline="bind=rows=3" > %t.bind.mlir
// RUN: symshape-opt %s --symshape-pipeline="profile=rows:1:3:8" > %t.profile.mlir
// RUN: mlir-opt %t.profile.mlir --pass-pipeline="builtin.module(func.func(convert-elementwise-to-linalg))" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.profile
// RUN: diff %t.before %t.profile
// RUN: FileCheck %s --input-file=%t.before
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.bind.mlir
// RUN: FileCheck %s --check-prefix=OPT --input-file=%t.profile.mlir
// RUN: symshape-opt %s --symshape-infer=report-full -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// REPORT-LABEL: symshape facts for @scale:
// REPORT: (arith.mulf at elementwise-on-tensors.mlir:{{[0-9]+}}:8) : tensor<?x2xf32> = [rows, 2]
// REPORT: (math.absf at elementwise-on-tensors.mlir:{{[0-9]+}}:8) : tensor<?x2xf32> = [rows, 2]
// REPORT: (arith.cmpf at elementwise-on-tensors.mlir:{{[0-9]+}}:10) : tensor<?x2xi1> = [rows, 2]

// With rows bound to 3, every elementwise op is on 3x2 tensors.
// IR-LABEL: func.func @scale
// IR: arith.mulf %{{.*}}, %{{.*}} : tensor<3x2xf32>
// IR: math.absf %{{.*}} : tensor<3x2xf32>
// IR: arith.cmpf ogt, %{{.*}}, %{{.*}} : tensor<3x2xf32>
// IR: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3x2xi1>, tensor<3x2xf32>

// IR-LABEL: func.func @pick
// IR: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x2xf32>

// OPT-LABEL: func.func private @scale.generic
// OPT: arith.mulf %{{.*}}, %{{.*}} : tensor<?x2xf32>
// OPT-LABEL: func.func private @scale.opt
// OPT: arith.mulf %{{.*}}, %{{.*}} : tensor<3x2xf32>

// CHECK: sizes = [3, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}0,   0],
// CHECK-NEXT: [0,   2],
// CHECK-NEXT: [8,   18]]
// CHECK: sizes = [1, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}0,   0]]

func.func private @printMemrefF32(tensor<*xf32>)

// y = x * w where |x * w| > 1, else 0.
func.func @scale(%x: tensor<?x2xf32> {symshape.dim_names = ["rows", ""]},
                 %w: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %p = arith.mulf %x, %w : tensor<?x2xf32>
  %a = math.absf %p : tensor<?x2xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x2xf32>
  %e = tensor.empty(%n) : tensor<?x2xf32>
  %one = arith.constant 1.0 : f32
  %ones = linalg.fill ins(%one : f32) outs(%e : tensor<?x2xf32>) -> tensor<?x2xf32>
  %z = arith.subf %ones, %ones : tensor<?x2xf32>
  %big = arith.cmpf ogt, %a, %ones : tensor<?x2xf32>
  %r = arith.select %big, %p, %z : tensor<?x2xi1>, tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// A select with a scalar condition is not taken for an elementwise op: it
// may pick one of two tensors of different shapes (as one-shot-bufferize
// lowers it; test/e2e/select-of-tensors.mlir executes that), so its arms
// are not cast to one shape.
func.func @pick(%x: tensor<?x2xf32> {symshape.dim_names = ["rows", ""]},
                %y: tensor<?x2xf32>, %c: i1) -> tensor<?x2xf32> {
  %r = arith.select %c, %x, %y : tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

func.func @main() {
  %x = arith.constant dense<[[0.5, 1.0], [1.0, 2.0], [4.0, 6.0]]> : tensor<3x2xf32>
  %w = arith.constant dense<[[1.0, 1.0], [1.0, 1.0], [2.0, 3.0]]> : tensor<3x2xf32>
  %xd = tensor.cast %x : tensor<3x2xf32> to tensor<?x2xf32>
  %wd = tensor.cast %w : tensor<3x2xf32> to tensor<?x2xf32>
  %r = func.call @scale(%xd, %wd) : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // A shape the profile's .opt version does not take.
  %x1 = arith.constant dense<[[0.5, 0.25]]> : tensor<1x2xf32>
  %x1d = tensor.cast %x1 : tensor<1x2xf32> to tensor<?x2xf32>
  %w1 = tensor.cast %x1 : tensor<1x2xf32> to tensor<?x2xf32>
  %r1 = func.call @scale(%x1d, %w1) : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %u1 = tensor.cast %r1 : tensor<?x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
