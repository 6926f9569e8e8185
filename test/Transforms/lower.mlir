// RUN: symshape-opt %s --symshape-lower --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-lower=checks=none --split-input-file | FileCheck %s --check-prefix=NONE

// Symbols take their value from the dim bound to them; stated facts become
// cf.asserts naming the symbol, where its value comes from and what was
// expected; computations become arith with nsw on sizes.

// CHECK-LABEL: func.func @lower
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xf32>, %[[V:.*]]: index)
// The dim bound to `s1 * 2` gives seq = dim floordiv 2, with the
// divisibility checked.
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?x4xf32>
// CHECK: %[[SEQ:.*]] = arith.floordivsi %{{.*}}, %{{.*}} : index
// CHECK: cf.assert %{{.*}}, "symshape: dim 1 of arg 0 of @lower must equal 2 * seq for an integer seq"
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'seq' (solved from dim 1 of arg 0 of @lower) must be in [1, inf]"
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'seq' (solved from dim 1 of arg 0 of @lower) must be a multiple of 8"
// CHECK: %[[B:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?x4xf32>
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'batch' (dim 0 of arg 0 of @lower) must be in [1, 10]"
// sym_max -> maxsi; apply -> arith with nsw on size arithmetic.
// CHECK: %[[M:.*]] = arith.maxsi %{{.*}}, %[[SEQ]] : index
// CHECK: %[[A:.*]] = arith.addi %[[M]], %{{.*}} overflow<nsw> : index
// CHECK: %[[E:.*]] = arith.floordivsi %[[A]], %{{.*}} : index
// constrain_range -> an assert; its result is its operand.
// CHECK: cf.assert %{{.*}}, "symshape: constrained value arg1 must be in [2, 10]"
// CHECK-NOT: symshape.
// CHECK: return %[[M]], %[[E]], %[[V]], %[[SEQ]]

// NONE-LABEL: func.func @lower
// NONE-NOT: cf.assert
// NONE-NOT: symshape.
// NONE: return
func.func @lower(%x: tensor<?x?x4xf32>, %v: index) -> (index, index, index, index) {
  %b = symshape.symbol "batch" range [1, 10] : index
  %s = symshape.symbol "seq" range [1, inf] multiple_of 8 : index
  symshape.bind_shape %x, [%b, %s] : tensor<?x?x4xf32> = (s0, s1 * 2, 4)
  %d = symshape.sym_size %x, 0 : tensor<?x?x4xf32>
  %m = symshape.sym_max %d, %s : index
  %e = symshape.apply (s0 + 1) floordiv 2 (%m) : index
  %r = symshape.constrain_range %v [2, 10] : index
  return %m, %e, %r, %s : index, index, index, index
}

// -----

// A dim bound directly to a symbol needs no check of its own; a default
// range ([0, inf]) is not checked on a dim, which is never negative; a
// second tensor bound to the same symbol is checked against it.
// CHECK-LABEL: func.func @two_tensors_one_symbol
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// The no-overflow limit of sizes, checked on each dynamic dim at a public
// function's entry.
// CHECK: cf.assert %{{.*}}, "symshape: the dynamic dims of @two_tensors_one_symbol's arguments must be below 2^62 (the no-overflow assumption of sizes)"
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK-NOT: cf.assert
// CHECK: %[[DY:.*]] = tensor.dim %[[Y]], %{{.*}}
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[DY]], %[[N]] : index
// CHECK: cf.assert %[[EQ]], "symshape: dim 0 of arg 1 of @two_tensors_one_symbol must equal n"
// CHECK-NOT: cf.assert
// CHECK: return %[[N]]
func.func @two_tensors_one_symbol(%x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %n = symshape.symbol "n" : index
  symshape.bind_shape %x, [%n] : tensor<?xf32> = (s0)
  symshape.bind_shape %y, [%n] : tensor<?xf32> = (s0)
  return %n : index
}

// -----

// The symshape attributes go too: the output is ordinary MLIR.
// CHECK-LABEL: func.func @attributes_stripped
// CHECK-SAME: (%{{.*}}: tensor<?xf32>)
// CHECK-NOT: symshape
func.func @attributes_stripped(%x: tensor<?xf32> {symshape.dim_names = ["n"],
                                                  symshape.dim_ranges = [#symshape.range<[1, 4]>]}) {
  return
}

// -----

// Only the symshape attributes go: the others of each argument and result
// stay where they were.
// CHECK-LABEL: func.func @attributes_stripped_others_kept
// CHECK-SAME: (%{{.*}}: tensor<?xf32> {test.keep = 1 : i32}, %{{.*}}: tensor<?xf32>, %{{.*}}: tensor<?xf32>)
// CHECK-SAME: -> (tensor<?xf32> {test.out = 2 : i32}, tensor<?xf32>)
// CHECK-NOT: symshape
// CHECK: cf.assert {{.*}}below 2^62
// CHECK-NOT: symshape
func.func @attributes_stripped_others_kept(
    %x: tensor<?xf32> {symshape.dim_names = ["n"], test.keep = 1 : i32},
    %y: tensor<?xf32>,
    %z: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[1, 4]>]})
    -> (tensor<?xf32> {test.out = 2 : i32},
        tensor<?xf32> {symshape.dim_names = ["m"]}) {
  return %x, %z : tensor<?xf32>, tensor<?xf32>
}

// -----

// A declaration whose value is unused still states its fact: the
// declarations of one name combine (ranges intersect, divisors by lcm) and
// are checked at the dim the name is bound to. A symbol without facts that
// nothing uses states nothing and goes, bound or not; an unused symbol that
// nothing binds describes no value and goes too (with a warning if it states
// a fact: lower-errors.mlir).
// CHECK-LABEL: func.func @unused_declarations
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 0 of arg 0 of @unused_declarations) must be in [2, 8]"
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 0 of arg 0 of @unused_declarations) must be a multiple of 6"
// CHECK-NOT: cf.assert
// CHECK-NOT: symshape.
// CHECK: return %[[X]]
// NONE-LABEL: func.func @unused_declarations
// NONE-NOT: cf.assert
// NONE-NOT: symshape.
// NONE: return
func.func @unused_declarations(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = symshape.symbol "n" range [1, 8] multiple_of 2 : index
  symshape.bind_shape %x, [%n] : tensor<?xf32> = (s0)
  %m = symshape.symbol "n" range [2, 16] multiple_of 3 : index
  %p = symshape.symbol "n" : index
  %k = symshape.symbol "k" : index
  %u = symshape.symbol "unbound" range [1, 4] : index
  return %x : tensor<?xf32>
}
