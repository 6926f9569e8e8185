// RUN: symshape-opt %s -split-input-file -verify-diagnostics

func.func @arity(%a: index) -> index {
  // expected-error @+1 {{the expression uses s1 but only 1 symbol operand is given}}
  %0 = symshape.apply s0 + s1 (%a) : index
  return %0 : index
}

// -----

func.func @arity_generic(%a: index) -> index {
  // expected-error @+1 {{the expression uses s3 but only 1 symbol operand is given}}
  %0 = "symshape.apply"(%a) {expr = #symshape.expr<s3>} : (index) -> index
  return %0 : index
}

// -----

// expected-note @+1 {{prior use here}}
func.func @not_index(%a: i64) -> index {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'index' vs 'i64'}}
  %0 = symshape.apply s0 (%a) : index
  return %0 : index
}
