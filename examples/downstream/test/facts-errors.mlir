// RUN: downstream-opt %s --symshape-simplify -split-input-file -verify-diagnostics

// An assumption is stated by the user: one that contradicts another fact is
// an error naming both.
func.func @contradicting_assumptions(%n: index) -> index {
  // expected-note @+1 {{the other fact is stated here}}
  %a = dstream.assume %n min 0 max 4 : index
  // expected-error @+1 {{contradicting facts: this fact ('arg0 >= 8') cannot hold together with what is known of 'arg0'}}
  %b = dstream.assume %a min 8 : index
  return %b : index
}

// -----

// A divisor that no value of the other fact's range has.
func.func @contradicting_divisor(%n: index) -> index {
  // expected-note @+1 {{the other fact is stated here}}
  %a = dstream.assume %n min 1 max 7 : index
  // expected-error @+1 {{contradicting facts}}
  %b = dstream.assume %a divisor 8 : index
  return %b : index
}
