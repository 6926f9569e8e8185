// RUN: symshape-opt %s -split-input-file -verify-diagnostics

func.func @zero_divisor(%v: index) -> index {
  // expected-error @+1 {{divisor must be positive, got 0}}
  %0 = symshape.constrain_range %v [0, 10] multiple_of 0 : index
  return %0 : index
}

// -----

func.func @no_multiple(%v: index) -> index {
  // expected-error @+1 {{range [3, 5] contains no multiple of 6}}
  %0 = symshape.constrain_range %v [3, 5] multiple_of 6 : index
  return %0 : index
}

// -----

func.func @empty(%v: index) -> index {
  // expected-error @+1 {{empty range: lower bound 10 is greater than upper bound 2}}
  %0 = symshape.constrain_range %v [10, 2] : index
  return %0 : index
}

// -----

func.func @not_representable(%v: i8) -> i8 {
  // expected-error @+1 {{range bound 300 is not representable in 'i8'}}
  %0 = symshape.constrain_range %v [0, 300] : i8
  return %0 : i8
}

// -----

func.func @float(%v: f32) -> f32 {
  // expected-error @+1 {{operand #0 must be signless integer or index}}
  %0 = symshape.constrain_range %v [0, 3] : f32
  return %0 : f32
}
