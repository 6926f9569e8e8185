// A binding that every call contradicts statically: `bind=p=1` on a private
// function whose only call passes a tensor with a static 3 at that dim. The
// callee keeps its dynamic signature (refining it to the call's 3 would put
// the binding's cast to 1 behind a static 3, a chain the cast folders and
// the lowering reject), so the output lowers; the binding's check aborts at
// run time. With a true binding (p=3) the numbers are those of the input,
// and with `checks=none` the false binding still lowers (its numbers are the
// user's responsibility: not run). Regression: the fuzzer found the
// lowering rejecting `memref.cast` and `memref.copy` of two shapes (seed 5
// program 904, seed 27 program 71).
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu > %t.before
// RUN: FileCheck %s --input-file=%t.before
// RUN: symshape-opt %s --symshape-pipeline=bind=p=3 | mlir-opt %lower_to_llvm | %run_cpu > %t.true
// RUN: diff %t.before %t.true
// RUN: symshape-opt %s --symshape-pipeline=bind=p=1 > %t.false.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.false.mlir
// RUN: mlir-opt %t.false.mlir %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s --check-prefix=FALSE
// RUN: symshape-opt %s --symshape-pipeline="bind=p=1 checks=none" | mlir-opt %lower_to_llvm -o /dev/null

// Two calls: k = 5 takes the slice (2 rows: 1x3 -> 3 elements), k = 0 the
// whole tensor (2x3 -> 6 elements).
// CHECK: 3
// CHECK-NEXT: 6

// IR-LABEL: func.func private @callee
// IR-SAME: tensor<?x?xf32>
// IR: cf.assert %{{.*}}, "symshape: 'p' (dim 1 of arg 0 of @callee) must be 1 (bind=p=1)"
// The first call aborts: nothing is printed before the message.
// FALSE-NOT: {{^}}3{{$}}
// FALSE: symshape: 'p' (dim 1 of arg 0 of @callee) must be 1 (bind=p=1)

func.func private @printI64(i64)
func.func private @printNewline()

func.func private @callee(%a: tensor<?x?xf32> {symshape.dim_names = ["q", "p"]}, %k: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %p = tensor.dim %a, %c1 : tensor<?x?xf32>
  %take = arith.cmpi ugt, %k, %p : index
  cf.cond_br %take, ^slice, ^whole
^slice:
  %s = tensor.extract_slice %a[0, 0] [1, %p] [1, 1] : tensor<?x?xf32> to tensor<1x?xf32>
  %c = tensor.cast %s : tensor<1x?xf32> to tensor<?x?xf32>
  cf.br ^done(%c : tensor<?x?xf32>)
^whole:
  cf.br ^done(%a : tensor<?x?xf32>)
^done(%r: tensor<?x?xf32>):
  return %r : tensor<?x?xf32>
}

func.func @f1(%x: tensor<?x3xf32>, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.cast %x : tensor<?x3xf32> to tensor<?x?xf32>
  %r = func.call @callee(%d, %k) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %rows = tensor.dim %r, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %r, %c1 : tensor<?x?xf32>
  %n = arith.muli %rows, %cols : index
  return %n : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %x = tensor.generate %c2 {
  ^bb0(%i: index, %j: index):
    %one = arith.constant 1.0 : f32
    tensor.yield %one : f32
  } : tensor<?x3xf32>
  %a = func.call @f1(%x, %c5) : (tensor<?x3xf32>, index) -> index
  %ai = arith.index_cast %a : index to i64
  func.call @printI64(%ai) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %b = func.call @f1(%x, %c0) : (tensor<?x3xf32>, index) -> index
  %bi = arith.index_cast %b : index to i64
  func.call @printI64(%bi) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
