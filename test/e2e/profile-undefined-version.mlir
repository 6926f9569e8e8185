// A profile whose `.opt` version can only run where the program is
// undefined: at n = 3 the concat reads a dim of 3 into a static 1 (found
// by the differential fuzzer's pass-alone mode, seed 12, program 64). The
// version is left as it is, so it lowers; before, the expand ahead of the
// concat was retyped to ?x3x3 and the bufferized concat copied it into a
// ?x3x1 view ('memref.copy' op requires the same shape for all operands).
// The input (seq 3, n 1) runs the generic version (checked against
// [1, 3]): the numbers are the same before and after, under the pass alone
// and under the pipeline.
//
// RUN: symshape-opt %s --symshape-infer --symshape-lower | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-infer --symshape-dynamic-to-static=profile=n:1:3:3 --symshape-lower | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: symshape-opt %s --symshape-pipeline=profile=n:1:3:3 | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.pipeline
// RUN: diff %t.before %t.pipeline
// RUN: FileCheck %s --input-file=%t.after
// The pipeline's `.opt` version: upstream's folding of the bound sizes
// made the chain 1x3x3 -> ?x3x? -> 1x3x1, which became a failing check.
// RUN: symshape-opt %s --symshape-pipeline=profile=n:1:3:3 | FileCheck %s --check-prefix=OPT
// OPT-LABEL: func.func private @f.opt
// OPT: cf.assert %false, "symshape: a tensor<1x3x3xf32> is read as tensor<1x3x1xf32>: shapes that cannot agree
// OPT-NOT: tensor.concat
// OPT: return
// CHECK: sizes = [1, 4, 1]
// CHECK-NEXT: {{\[\[\[}}0],
// CHECK-NEXT: [1],
// CHECK-NEXT: [2],
// CHECK-NEXT: [0]]]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @f(%x: tensor<?x?xf32> {symshape.dim_names = ["seq", "n"]}) -> tensor<?x?x1xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %a = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 3, %n] : tensor<?x?xf32> into tensor<?x3x?xf32>
  %b = tensor.expand_shape %x [[0], [1, 2]] output_shape [3, %n, 1] : tensor<?x?xf32> into tensor<?x?x1xf32>
  %s = tensor.extract_slice %b[0, 0, 0] [1, %n, 1] [1, 1, 1] : tensor<?x?x1xf32> to tensor<1x?x1xf32>
  %sc = tensor.cast %s : tensor<1x?x1xf32> to tensor<?x?x1xf32>
  %r = tensor.concat dim(1) %a, %sc : (tensor<?x3x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
  return %r : tensor<?x?x1xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %x = tensor.generate %c3, %c1 {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  %r = func.call @f(%x) : (tensor<?x?xf32>) -> tensor<?x?x1xf32>
  %u = tensor.cast %r : tensor<?x?x1xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
