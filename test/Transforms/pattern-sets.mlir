// The exported pattern sets (symshape/Transforms/Patterns.h) in upstream
// drivers, as a compiler with a driver of its own runs them: a
// symshape-simplify or symshape-dynamic-to-static round per function in
// the walk driver, and the repair-reshapes patterns in the greedy driver.
// Each set has a case that must fire and one that must not.
// RUN: symshape-opt %s --split-input-file --symshape-test-pattern-sets=set=simplify | FileCheck %s --check-prefix=SIMPLIFY
// RUN: symshape-opt %s --split-input-file --symshape-test-pattern-sets=set=dynamic-to-static | FileCheck %s --check-prefix=STATIC
// RUN: symshape-opt %s --split-input-file --symshape-test-pattern-sets=set=repair-reshapes | FileCheck %s --check-prefix=REPAIR
// RUN: not symshape-opt %s --split-input-file --symshape-test-pattern-sets=set=nothing 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// UNKNOWN: unknown pattern set 'nothing'

// max(s, s + 1) is s + 1; max(s, t) is not decided.
// SIMPLIFY-LABEL: func.func @decisions
// SIMPLIFY: %[[S:.*]] = symshape.symbol "s"
// SIMPLIFY: %[[T:.*]] = symshape.symbol "t"
// SIMPLIFY: %[[S1:.*]] = symshape.apply s0 + 1 (%[[S]])
// SIMPLIFY: %[[KEPT:.*]] = symshape.sym_max %[[S]], %[[T]]
// SIMPLIFY: return %[[S1]], %[[KEPT]]
func.func @decisions() -> (index, index) {
  %s = symshape.symbol "s" : index
  %t = symshape.symbol "t" : index
  %s1 = symshape.apply s0 + 1 (%s) : index
  %m = symshape.sym_max %s, %s1 : index
  %kept = symshape.sym_max %s, %t : index
  return %m, %kept : index, index
}

// -----

// A check the facts decide goes; one they do not decide stays.
// SIMPLIFY-LABEL: func.func @checks
// SIMPLIFY: %[[C:.*]] = arith.cmpi sle
// SIMPLIFY: cf.assert %[[C]], "undecided"
// SIMPLIFY: cf.assert %true{{.*}}, "decided"
func.func @checks(%n: index, %m: index) {
  %c4 = arith.constant 4 : index
  %c = arith.cmpi sle, %n, %m : index
  cf.assert %c, "undecided"
  %n4 = symshape.constrain_range %n [8, 16] : index
  %d = arith.cmpi sgt, %n4, %c4 : index
  cf.assert %d, "decided"
  return
}

// -----

// A size bound to a constant makes the empty tensor static; one with no
// fact stays dynamic.
// STATIC-LABEL: func.func @refine
// STATIC: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// STATIC: %[[CAST:.*]] = tensor.cast %[[E]] : tensor<8xf32> to tensor<?xf32>
// STATIC: %[[D:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// STATIC: return %[[CAST]], %[[D]]
func.func @refine(%n: index, %m: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %n8 = symshape.constrain_range %n [8, 8] : index
  %e = tensor.empty(%n8) : tensor<?xf32>
  %d = tensor.empty(%m) : tensor<?xf32>
  return %e, %d : tensor<?xf32>, tensor<?xf32>
}

// -----

// An SSA output_shape entry for a static result dim becomes the static
// size; a dynamic dim keeps its SSA extent.
// REPAIR-LABEL: func.func @repair
// REPAIR-SAME: (%{{.*}}: tensor<6xf32>, %{{.*}}: tensor<?xf32>, %[[N:.*]]: index, %{{.*}}: index)
// REPAIR: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// REPAIR: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%[[N]], 3] : tensor<?xf32> into tensor<?x3xf32>
func.func @repair(%x: tensor<6xf32>, %y: tensor<?xf32>, %n: index, %k: index) -> (tensor<2x3xf32>, tensor<?x3xf32>) {
  %a = tensor.expand_shape %x [[0, 1]] output_shape [%k, %k] : tensor<6xf32> into tensor<2x3xf32>
  %b = tensor.expand_shape %y [[0, 1]] output_shape [%n, %k] : tensor<?xf32> into tensor<?x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<?x3xf32>
}
