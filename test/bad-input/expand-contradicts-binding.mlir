// An expand_shape that a binding makes undefined (n = 1 elements expanded
// into n x 3) is left as written. Regression (found by the differential
// fuzzer): dynamic-to-static rebuilt it reading its source through the
// invalid cast 1 -> 3, and the pass failed on IR it had made.
// RUN: symshape-opt %s --symshape-pipeline="bind=n=1" | FileCheck %s --check-prefix=BIND
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s

// Bound to n = 1, the expansion of n elements into n x 3 is undefined:
// dynamic-to-static leaves it alone and its source is never cast from 1 to 3
// elements directly (upstream canonicalization, which sees n = 1 through the
// binding's cast chain, makes the expansion 1 x 3 from a cast of the chain's
// dynamic end: valid IR, undefined at run time like the input). Under the
// binding the expand cannot run (1 element into 1 x 3), so the bound
// function aborts there, after the binding's check, and what follows is
// trimmed. Unbound (n may be anything, 0 included), nothing is static.
// BIND-LABEL: func.func @expand_contradicts_binding
// BIND-NOT: tensor<1xf32> to tensor<3xf32>
// BIND: cf.assert %{{.*}}, "symshape: 'n' (dim 0 of arg 0 of @expand_contradicts_binding) must be 1 (bind=n=1)"
// BIND: cf.assert %false, "symshape: 'tensor.expand_shape' cannot run here: under the facts its shapes cannot agree
// BIND-NOT: tensor.expand_shape
// BIND: return
// CHECK-LABEL: func.func @expand_contradicts_binding
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%{{.*}}, 3] : tensor<?xf32> into tensor<?x3xf32>
func.func @expand_contradicts_binding(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%n, 3] : tensor<?xf32> into tensor<?x3xf32>
  return %e : tensor<?x3xf32>
}
