// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s
// RUN: symshape-opt %s --mlir-print-op-generic | symshape-opt | FileCheck %s
// RUN: symshape-opt %s --canonicalize | FileCheck %s --check-prefix=KEEP

// CHECK-LABEL: func.func @bind
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32>)
func.func @bind(%x: tensor<?x?x4xf32>) {
  // CHECK: %[[B:.*]] = symshape.symbol "batch"
  %b = symshape.symbol "batch" range [1, 10] : index
  // CHECK: %[[S:.*]] = symshape.symbol "seq"
  %s = symshape.symbol "seq" range [1, inf] multiple_of 8 : index
  // The expression list is printed in canonical form.
  // CHECK: symshape.bind_shape %[[X]], [%[[B]], %[[S]]] : tensor<?x?x4xf32> = (s0, 2 * s1, 4)
  symshape.bind_shape %x, [%b, %s] : tensor<?x?x4xf32> = (s0, s1 * 2, 4)
  return
}

// A binding with no symbols and an attribute dictionary.
// CHECK-LABEL: func.func @bind_static
// CHECK: symshape.bind_shape %{{.*}}, [] : tensor<2x3xf32> = (2, 3) {origin = "test"}
func.func @bind_static(%x: tensor<2x3xf32>) {
  symshape.bind_shape %x, [] : tensor<2x3xf32> = (2, 3) {origin = "test"}
  return
}

// A rank-0 tensor binds no dims.
// CHECK-LABEL: func.func @bind_scalar
// CHECK: symshape.bind_shape %{{.*}}, [] : tensor<f32> = ()
func.func @bind_scalar(%x: tensor<f32>) {
  symshape.bind_shape %x, [] : tensor<f32> = ()
  return
}

// A binding states a fact: it has no result but must survive dead-code
// elimination, and so must the symbols it uses.
// KEEP-LABEL: func.func @bind
// KEEP: %[[B:.*]] = symshape.symbol "batch"
// KEEP: %[[S:.*]] = symshape.symbol "seq"
// KEEP: symshape.bind_shape %{{.*}}, [%[[B]], %[[S]]]
