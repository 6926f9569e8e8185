// RUN: symshape-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s --check-prefix=DCE
// RUN: symshape-opt %s --allow-unregistered-dialect --cse | FileCheck %s --check-prefix=CSE
// RUN: symshape-opt %s --allow-unregistered-dialect --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM
// A symbol with a range or a divisor writes the symshape fact resource; a
// symbol without facts has no effect. What upstream passes make of that.

// Unused: only the symbol without facts is dead.
// DCE-LABEL: func.func @unused
// DCE-NEXT: symshape.symbol "a" range [1, 4] : index
// DCE-NEXT: symshape.symbol "b" multiple_of 2 : index
// DCE-NEXT: symshape.symbol "c" range [0, inf] : index
// DCE-NEXT: return
func.func @unused() {
  %a = symshape.symbol "a" range [1, 4] : index
  %b = symshape.symbol "b" multiple_of 2 : index
  // An explicit default range is still a stated range.
  %c = symshape.symbol "c" range [0, inf] : index
  %d = symshape.symbol "d" : index
  return
}

// Equal symbols without facts are merged; declarations of facts are kept
// each where it is (lowering combines the declarations of one name).
// CSE-LABEL: func.func @equal_declarations
// CSE: %[[A:.*]] = symshape.symbol "a" : index
// CSE-NOT: symshape.symbol "a"
// CSE: %[[B1:.*]] = symshape.symbol "b" range [1, 4] : index
// CSE: %[[B2:.*]] = symshape.symbol "b" range [1, 4] : index
// CSE: return %[[A]], %[[A]], %[[B1]], %[[B2]]
func.func @equal_declarations() -> (index, index, index, index) {
  %a1 = symshape.symbol "a" : index
  %a2 = symshape.symbol "a" : index
  %b1 = symshape.symbol "b" range [1, 4] : index
  %b2 = symshape.symbol "b" range [1, 4] : index
  return %a1, %a2, %b1, %b2 : index, index, index, index
}

// A fact holds where it is stated: it is not hoisted out of a loop that may
// not run. A symbol without facts is.
// LICM-LABEL: func.func @in_loop
// LICM: symshape.symbol "plain" : index
// LICM: scf.for
// LICM-NEXT: symshape.symbol "fact" range [1, 4] : index
// LICM: "test.use"
func.func @in_loop(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %p = symshape.symbol "plain" : index
    %f = symshape.symbol "fact" range [1, 4] : index
    %s = arith.addi %p, %f : index
    "test.use"(%s) : (index) -> ()
  }
  return
}
