// Regression: an unused symshape.symbol that states a range or a divisor
// was Pure and was erased as dead code by the first greedy rewrite
// (symshape-repair-reshapes, -canonicalize) before symshape-infer saw it, so
// its fact was silently lost: a contradiction went unreported and a range
// was never checked. DESIGN: "a range fact that nothing uses may disappear
// only when it is implied by what remains". A symbol with a range or a
// divisor now writes the symshape fact resource (as bind_shape and
// constrain_range do), and symshape-lower checks the facts of every
// declaration of a name, used or not, then erases them. A symbol without
// facts stays pure and removable.
// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>&1 | FileCheck %s
// RUN: symshape-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefix=CANON

// CHECK: unused-fact-dropped.mlir:[[@LINE+6]]:8: error: contradicting facts: symbol 'n' is declared again
// CHECK: unused-fact-dropped.mlir:[[@LINE+4]]:8: note: the other declaration is here
// CANON-LABEL: func.func @unused_contradicting_symbol
// CANON: symshape.symbol "n" range [8, 16]
func.func @unused_contradicting_symbol(%x: tensor<?xf32>) -> tensor<?xf32> {
  %a = symshape.symbol "n" range [1, 4] : index
  %b = symshape.symbol "n" range [8, 16] : index
  symshape.bind_shape %x, [%a] : tensor<?xf32> = (s0)
  return %x : tensor<?xf32>
}

// -----

// CHECK: unused-fact-dropped.mlir:[[@LINE+4]]:8: error: contradicting facts: symbol 'n' is declared again
// CANON-LABEL: func.func @unused_symbol_contradicts_arg
// CANON: symshape.symbol "n" range [8, 16]
func.func @unused_symbol_contradicts_arg(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 4]>]}) -> tensor<?xf32> {
  %b = symshape.symbol "n" range [8, 16] : index
  return %x : tensor<?xf32>
}

// -----

// Nothing contradicts here: the unused declaration narrows 'n' to [2, 4],
// which the output must check.
// CHECK-LABEL: func.func @unused_symbol_narrows_arg
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 0 of arg 0 of @unused_symbol_narrows_arg) must be in [2, 4]"
// CANON-LABEL: func.func @unused_symbol_narrows_arg
// CANON: symshape.symbol "n" range [2, 8]
func.func @unused_symbol_narrows_arg(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_ranges = [#symshape.range<[1, 4]>]}) -> tensor<?xf32> {
  %b = symshape.symbol "n" range [2, 8] : index
  return %x : tensor<?xf32>
}

// -----

// A symbol without facts states nothing and may go.
// CANON-LABEL: func.func @unused_symbol_without_facts
// CANON-NOT: symshape.symbol
func.func @unused_symbol_without_facts(%x: tensor<?xf32>) -> tensor<?xf32> {
  %b = symshape.symbol "k" : index
  return %x : tensor<?xf32>
}

// -----

// An unused divisor is checked as well.
// CHECK-LABEL: func.func @unused_symbol_divisor
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 0 of arg 0 of @unused_symbol_divisor) must be a multiple of 8"
// CANON-LABEL: func.func @unused_symbol_divisor
// CANON: symshape.symbol "n" multiple_of 8
func.func @unused_symbol_divisor(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> tensor<?xf32> {
  %b = symshape.symbol "n" multiple_of 8 : index
  return %x : tensor<?xf32>
}
