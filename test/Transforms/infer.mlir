// RUN: symshape-opt %s --symshape-infer --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-infer --split-input-file --verify-roundtrip | FileCheck %s

// Dynamic dims of arguments become named size symbols bound at the entry;
// dims and size arithmetic become symshape ops.
// CHECK-LABEL: func.func @raise
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32> {symshape.dim_names = ["batch", "", ""]}, %[[N:.*]]: index)
// CHECK: %[[B:.*]] = symshape.symbol "batch" : index
// CHECK: %[[S:.*]] = symshape.symbol "raise.arg0.d1" : index
// CHECK: symshape.bind_shape %[[X]], [%[[B]], %[[S]]] : tensor<?x?x4xf32> = (s0, s1, 4)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D0:.*]] = symshape.sym_size %[[X]], 0
// CHECK: %[[D1:.*]] = symshape.sym_size %[[X]], 1
// A dim at a run-time index stays a tensor.dim.
// CHECK: %[[DYN:.*]] = tensor.dim %[[X]], %[[N]]
// CHECK: %[[M:.*]] = symshape.sym_max %[[D0]], %[[D1]] : index
// CHECK: %[[A:.*]] = symshape.apply s0 + s1 (%[[D0]], %[[C1]]) : index
// CHECK: %[[P:.*]] = symshape.apply s0 * s1 + 1 (%[[D0]], %[[D1]]) : index
// An integer argument is not a size: its max stays ordinary.
// CHECK: %[[NM:.*]] = arith.maxsi %[[N]], %[[C1]] : index
// CHECK: return %[[M]], %[[A]], %[[P]], %[[NM]], %[[DYN]]
func.func @raise(%x: tensor<?x?x4xf32> {symshape.dim_names = ["batch", "", ""]}, %n: index)
    -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?x4xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x4xf32>
  %dyn = tensor.dim %x, %n : tensor<?x?x4xf32>
  %m = arith.maxsi %d0, %d1 : index
  %a = arith.addi %d0, %c1 : index
  %p = affine.apply affine_map<()[s0, s1] -> (s0 * s1 + 1)>()[%d0, %d1]
  %nm = arith.maxsi %n, %c1 : index
  return %m, %a, %p, %nm, %dyn : index, index, index, index, index
}

// -----

// A named static dim binds its name too: every dim named `n` in the function
// is 4. Unnamed static dims and fully static unnamed arguments stay unbound.
// CHECK-LABEL: func.func @named_static_dim
// CHECK: %[[N:.*]] = symshape.symbol "n" : index
// CHECK: symshape.bind_shape %arg0, [%[[N]]] : tensor<4x2xf32> = (s0, 2)
// CHECK: %[[N2:.*]] = symshape.symbol "n" : index
// CHECK: symshape.bind_shape %arg1, [%[[N2]]] : tensor<?xf32> = (s0)
// CHECK-NOT: symshape.bind_shape %arg2
func.func @named_static_dim(%x: tensor<4x2xf32> {symshape.dim_names = ["n", ""]},
                            %y: tensor<?xf32> {symshape.dim_names = ["n"]},
                            %z: tensor<3xf32>) {
  return
}

// -----

// Ranges and divisors come from argument attributes.
// CHECK-LABEL: func.func @declared_ranges
// CHECK: symshape.symbol "declared_ranges.arg0.d0" range [1, 64] multiple_of 8 : index
// CHECK: symshape.symbol "declared_ranges.arg0.d1" : index
func.func @declared_ranges(%x: tensor<?x?xf32> {symshape.dim_ranges = [#symshape.range<[1, 64]>, unit],
                                                symshape.dim_divisors = [8, 1]}) {
  return
}

// -----

// Static arguments and arguments the user bound already are left alone.
// CHECK-LABEL: func.func @no_new_bindings
// CHECK: %[[U:.*]] = symshape.symbol "mine"
// CHECK-NEXT: symshape.bind_shape %{{.*}}, [%[[U]]] : tensor<?xf32> = (s0)
// CHECK-NOT: symshape.symbol
// CHECK-NOT: symshape.bind_shape
// CHECK: return
func.func @no_new_bindings(%s: tensor<2x3xf32>, %y: tensor<?xf32>) {
  %u = symshape.symbol "mine" : index
  symshape.bind_shape %y, [%u] : tensor<?xf32> = (s0)
  return
}

// -----

// Arithmetic that may wrap is not raised: an integer argument times 2.
// CHECK-LABEL: func.func @no_raise_wrapping_arithmetic
// CHECK: arith.muli
// CHECK-NOT: symshape.apply
func.func @no_raise_wrapping_arithmetic(%a: index) -> index {
  %c2 = arith.constant 2 : index
  %r = arith.muli %a, %c2 : index
  return %r : index
}

// -----

// divsi is raised only with a proven non-negative dividend.
// CHECK-LABEL: func.func @divsi_of_size
// CHECK: %[[D:.*]] = symshape.sym_size
// CHECK: symshape.apply s0 floordiv s1 (%[[D]], %{{.*}})
// CHECK: arith.divsi %{{.*}}, %{{.*}} : index
func.func @divsi_of_size(%x: tensor<?xf32>, %a: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %q = arith.divsi %d, %c2 : index
  %r = arith.divsi %a, %c2 : index
  return %q, %r : index, index
}

// -----

// Declarations without a body are skipped.
// CHECK-LABEL: func.func private @external
// CHECK-SAME: (tensor<?xf32>)
func.func private @external(tensor<?xf32>)

// -----

// tensor.dim with a constant index outside the rank is valid IR but
// undefined at run time: left alone (regression: it was raised to
// symshape.sym_size, which fails verification). An index inside the rank
// is raised (must fire).
// CHECK-LABEL: func.func @dim_outside_rank
// CHECK: tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
// CHECK: symshape.sym_size %{{.*}}, 1 : tensor<?x?xf32>
func.func @dim_outside_rank(%t: tensor<?x?xf32>) -> (index, index) {
  %c5 = arith.constant 5 : index
  %c1 = arith.constant 1 : index
  %bad = tensor.dim %t, %c5 : tensor<?x?xf32>
  %good = tensor.dim %t, %c1 : tensor<?x?xf32>
  return %bad, %good : index, index
}

// -----

// A max is raised only if every symbol under it is a size, however deep:
// the answer for a node comes from its operands' (memoized), so a max of
// sizes asked first must not make a later max over it and a non-size look
// like sizes, nor a sum hiding the non-size.
// CHECK-LABEL: func.func @sizes_under_nesting
// CHECK-SAME: (%[[T:.*]]: tensor<?x?x?xf32>, %[[N:.*]]: index)
// CHECK-DAG: %[[D0:.*]] = symshape.sym_size %[[T]], 0
// CHECK-DAG: %[[D1:.*]] = symshape.sym_size %[[T]], 1
// CHECK-DAG: %[[D2:.*]] = symshape.sym_size %[[T]], 2
// CHECK: %[[A:.*]] = symshape.sym_max %[[D0]], %[[D1]] : index
// CHECK: %[[B:.*]] = arith.maxsi %[[A]], %[[N]] : index
// CHECK: %[[C:.*]] = arith.maxsi %[[B]], %[[D2]] : index
// CHECK: %[[E:.*]] = symshape.sym_max %[[A]], %[[D2]] : index
// CHECK: %[[S:.*]] = arith.addi %[[N]], %[[D0]] : index
// CHECK: %[[F:.*]] = arith.minsi %[[S]], %[[E]] : index
// CHECK: return %[[C]], %[[E]], %[[F]]
func.func @sizes_under_nesting(%t: tensor<?x?x?xf32>, %n: index)
    -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %t, %c2 : tensor<?x?x?xf32>
  %a = arith.maxsi %d0, %d1 : index
  %b = arith.maxsi %a, %n : index
  %c = arith.maxsi %b, %d2 : index
  %e = arith.maxsi %a, %d2 : index
  %s = arith.addi %n, %d0 : index
  %f = arith.minsi %s, %e : index
  return %c, %e, %f : index, index, index
}
