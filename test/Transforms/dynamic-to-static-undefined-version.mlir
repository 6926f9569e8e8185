// RUN: symshape-opt %s --split-input-file --symshape-infer --symshape-dynamic-to-static="profile=n:3:3:3" | FileCheck %s
// RUN: symshape-opt %s --split-input-file --symshape-infer --symshape-dynamic-to-static="profile=n:3:3:3 explain" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A concat's inputs agree with its result on the dims it does not
// concatenate. At the profile's n = 3 the first input's dim 2 is 3 and the
// result's is a static 1: the `.opt` version could only run where the
// program is undefined. It is left as it is (retyping the expand to
// ?x3x3 before the concat lowers to a copy between contradicting static
// shapes). The generic version, checked against n in [3, 3], is left as it
// is too.

// CHECK-LABEL: func.func private @undefined_at_opt.opt
// CHECK-NOT: tensor<?x3x3xf32>
// CHECK: tensor.concat dim(1) %{{.*}} : (tensor<?x3x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
// CHECK: return
// REMARK-COUNT-2: dynamic-to-static-undefined-version.mlir:[[@LINE+6]]:8: remark: left as it is: under the facts here this '{{tensor.concat|cf.assert}}' cannot complete
func.func @undefined_at_opt(%x: tensor<?x?xf32> {symshape.dim_names = ["seq", "n"]}) -> tensor<?x?x1xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %a = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 3, %n] : tensor<?x?xf32> into tensor<?x3x?xf32>
  %b = tensor.expand_shape %x [[0], [1, 2]] output_shape [1, %n, 1] : tensor<?x?xf32> into tensor<?x?x1xf32>
  %r = tensor.concat dim(1) %a, %b : (tensor<?x3x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x1xf32>
  return %r : tensor<?x?x1xf32>
}

// -----

// The same function with a result that agrees with n = 3 (and seq = 3:
// the expand makes it 1 * 3): the `.opt` version is refined.

// CHECK-LABEL: func.func private @defined_at_opt.opt
// CHECK: tensor.expand_shape {{.*}} into tensor<1x3x3xf32>
// CHECK: tensor.concat dim(1) {{.*}} -> tensor<1x6x3xf32>
// REMARK-NOT: left as it is
func.func @defined_at_opt(%x: tensor<?x?xf32> {symshape.dim_names = ["seq", "n"]}) -> tensor<?x?x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %a = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 3, %n] : tensor<?x?xf32> into tensor<?x3x?xf32>
  %r = tensor.concat dim(1) %a, %a : (tensor<?x3x?xf32>, tensor<?x3x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// An expand whose group cannot multiply out to its source dim at the
// profile's sizes (seq must be 1 * 3, the profile says 5, and 4 to 16 in
// the generic version): both versions abort at the expand instead of
// running code whose static types contradict each other (upstream's
// folders crashed on it; found by libFuzzer from this file's second case).
// RUN: symshape-opt %s --split-input-file --symshape-pipeline="profile=seq:4:5:16" | FileCheck %s --check-prefix=EXPAND
// EXPAND-LABEL: func.func private @expand_cannot_agree.generic
// EXPAND: cf.assert %false, "symshape: 'tensor.expand_shape' cannot run here: under the facts its shapes cannot agree (the program is undefined here)"
// EXPAND-NOT: tensor.expand_shape
// EXPAND: return
// EXPAND-LABEL: func.func private @expand_cannot_agree.opt
// EXPAND: cf.assert %false, "symshape: 'tensor.expand_shape' cannot run here
// EXPAND-NOT: tensor.expand_shape
// EXPAND: return
func.func @expand_cannot_agree(%x: tensor<?x?xf32> {symshape.dim_names = ["seq", "n"]}) -> tensor<?x?x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %a = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 3, %n] : tensor<?x?xf32> into tensor<?x3x?xf32>
  %r = tensor.concat dim(1) %a, %a : (tensor<?x3x?xf32>, tensor<?x3x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
