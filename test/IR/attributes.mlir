// RUN: symshape-opt %s | FileCheck %s
// RUN: symshape-opt %s --verify-roundtrip | FileCheck %s

// The expression and range attributes, used as discardable attributes.

// CHECK-LABEL: func.func @attrs
// CHECK-SAME: symshape.dims = [#symshape.expr<s0>, #symshape.expr<2 * s1 + 1>]
// CHECK-SAME: symshape.range = #symshape.range<[1, 16]>
func.func @attrs(%x: tensor<?x?xf32> {symshape.dims = [#symshape.expr<s0>, #symshape.expr<1 + s1 * 2>]},
                 %n: index {symshape.range = #symshape.range<[1, 16]>}) {
  return
}

// CHECK-LABEL: func.func @ranges
// CHECK-SAME: a = #symshape.range<[0, inf]>
// CHECK-SAME: b = #symshape.range<[-inf, -3]>
// CHECK-SAME: c = #symshape.range<[-inf, inf]>
// CHECK-SAME: d = #symshape.range<[-9223372036854775808, 9223372036854775807]>
func.func @ranges() attributes {
    a = #symshape.range<[0, inf]>, b = #symshape.range<[-inf, -3]>,
    c = #symshape.range<[-inf, inf]>,
    d = #symshape.range<[-9223372036854775808, 9223372036854775807]>} {
  return
}
