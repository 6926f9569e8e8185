// RUN: symshape-opt %s --symshape-infer --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline --split-input-file | FileCheck %s --check-prefix=PIPE

// An argument the user bound keeps its binding, and the facts its
// attributes state hold too (symshape.sympy.function_skeleton writes this
// form for any input with a derived dim; the range of s0 in [2, 1024] was
// neither used nor checked). Must fire: a dim bound to a named symbol
// declares that name again with the range (declarations of one name
// combine); max(s0, 1) is then s0.
// CHECK-LABEL: func.func @bound_to_symbol
// CHECK-DAG: symshape.symbol "s0" range [2, 1024] : index
// CHECK-DAG: %[[S:.*]] = symshape.symbol "s0" : index
// CHECK: symshape.bind_shape %{{.*}}, [%[[S]]] : tensor<?xf32> = (s0)
// CHECK-NOT: symshape.bind_shape
// PIPE-LABEL: func.func @bound_to_symbol
// PIPE: cf.assert %{{.*}}, "symshape: symbol 's0' (dim 0 of arg 0 of @bound_to_symbol) must be in [2, 1024]"
// PIPE-NOT: arith.maxsi
// PIPE: return
func.func @bound_to_symbol(%x: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[2, 1024]>]}) -> index {
  %s0 = symshape.symbol "s0" : index
  symshape.bind_shape %x, [%s0] : tensor<?xf32> = (s0)
  %c1 = arith.constant 1 : index
  %m = symshape.sym_max %s0, %c1 : index
  return %m : index
}

// -----

// Must fire: a dim bound to a derived expression gets a symbol of its own
// with the range and divisor, bound to the dim by a second binding; the
// first binding's symbol is then in [2, 32], and min(s, 40) is s.
// CHECK-LABEL: func.func @bound_to_expression
// CHECK: %[[D:.*]] = symshape.symbol "bound_to_expression.arg0.d0" range [4, 64] multiple_of 4 : index
// CHECK: %[[S:.*]] = symshape.symbol "s" : index
// CHECK: symshape.bind_shape %{{.*}}, [%[[S]]] : tensor<?xf32> = (2 * s0)
// CHECK-NEXT: symshape.bind_shape %{{.*}}, [%[[S]], %[[D]]] : tensor<?xf32> = (s1)
// PIPE-LABEL: func.func @bound_to_expression
// PIPE: "symshape: symbol 'bound_to_expression.arg0.d0' (dim 0 of arg 0 of @bound_to_expression) must be in [4, 64]"
// PIPE: "symshape: symbol 'bound_to_expression.arg0.d0' (dim 0 of arg 0 of @bound_to_expression) must be a multiple of 4"
// PIPE-NOT: arith.minsi
// PIPE: return
func.func @bound_to_expression(%x: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[4, 64]>], symshape.dim_divisors = [4]}) -> index {
  %s = symshape.symbol "s" : index
  symshape.bind_shape %x, [%s] : tensor<?xf32> = (2 * s0)
  %c40 = arith.constant 40 : index
  %m = symshape.sym_min %s, %c40 : index
  return %m : index
}

// -----

// Must not fire: a bound argument without range or divisor attributes gets
// nothing more.
// CHECK-LABEL: func.func @bound_without_facts
// CHECK: symshape.symbol "s0" : index
// CHECK-NOT: symshape.symbol
// CHECK: symshape.bind_shape
// CHECK-NOT: symshape.bind_shape
// PIPE-LABEL: func.func @bound_without_facts
// PIPE: arith.maxsi
func.func @bound_without_facts(%x: tensor<?xf32> {symshape.dim_names = ["s0"]}) -> index {
  %s0 = symshape.symbol "s0" : index
  symshape.bind_shape %x, [%s0] : tensor<?xf32> = (s0)
  %c1 = arith.constant 1 : index
  %m = symshape.sym_max %s0, %c1 : index
  return %m : index
}
