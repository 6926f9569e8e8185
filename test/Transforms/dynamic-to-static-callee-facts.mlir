// RUN: symshape-opt %s --symshape-infer --symshape-dynamic-to-static --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-dynamic-to-static --split-input-file | FileCheck %s --check-prefix=ATTRS

// A private function's signature takes the static dims its calls pass only
// where its declared facts allow them: a call whose operands contradict the
// callee's facts can only abort, and specializing the callee would turn the
// run-time failure into contradicting facts (an error on valid input) or a
// signature that no longer verifies against its argument attributes.

// Must stay: one name on two dims, called with 1x4.
// CHECK-LABEL: func.func private @same_name
// CHECK-SAME: (%{{.*}}: tensor<?x?xf32> {symshape.dim_names = ["p", "p"]})
// CHECK-LABEL: func.func @calls_same_name
// CHECK: call @same_name(%{{.*}}) : (tensor<?x?xf32>) -> index
func.func private @same_name(%x: tensor<?x?xf32> {symshape.dim_names = ["p", "p"]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x?xf32>
  return %d : index
}
func.func @calls_same_name(%a: tensor<1x4xf32>) -> index {
  %c = tensor.cast %a : tensor<1x4xf32> to tensor<?x?xf32>
  %r = func.call @same_name(%c) : (tensor<?x?xf32>) -> index
  return %r : index
}

// -----

// Must stay: a divisor of 3 and a call with 4 (the attribute verifier
// rejects a static dim that is not a multiple of the declared divisor).
// CHECK-LABEL: func.func private @divisor
// CHECK-SAME: (%{{.*}}: tensor<?xf32> {symshape.dim_divisors = [3]})
// ATTRS-LABEL: func.func private @divisor
// ATTRS-SAME: (%{{.*}}: tensor<?xf32> {symshape.dim_divisors = [3]})
func.func private @divisor(%x: tensor<?xf32> {symshape.dim_divisors = [3]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}
func.func @calls_divisor(%a: tensor<4xf32>) -> index {
  %c = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %r = func.call @divisor(%c) : (tensor<?xf32>) -> index
  return %r : index
}

// -----

// Must refine: the facts allow the call's static dims (4 is even, and in
// [1, 8]).
// CHECK-LABEL: func.func private @allowed
// CHECK-SAME: (%{{.*}}: tensor<4xf32> {symshape.dim_divisors = [2], symshape.dim_ranges = [#symshape.range<[1, 8]>]})
// ATTRS-LABEL: func.func private @allowed
// ATTRS-SAME: (%{{.*}}: tensor<4xf32>
func.func private @allowed(%x: tensor<?xf32> {symshape.dim_divisors = [2], symshape.dim_ranges = [#symshape.range<[1, 8]>]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}
func.func @calls_allowed(%a: tensor<4xf32>) -> index {
  %c = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %r = func.call @allowed(%c) : (tensor<?xf32>) -> index
  return %r : index
}

// -----

// A callee that cannot complete under its call's static shape (its check
// is then `1 == 0`, which always fails) keeps its signature: specialized,
// the code after the check would meet static types that contradict each
// other (an expand of a 5-row concat into 0 rows), which the lowering
// rejects. Found by the differential fuzzer (passes alone, seed 14,
// program 87).
// CHECK-LABEL: func.func private @always_aborts
// CHECK-SAME: (%{{.*}}: tensor<?x?xf32>) -> tensor<?x?x4xf32>
// CHECK-LABEL: func.func @caller_of_always_aborts
// CHECK: call @always_aborts(%{{.*}}) : (tensor<?x?xf32>) -> tensor<?x?x4xf32>
func.func private @always_aborts(%x: tensor<?x?xf32>) -> tensor<?x?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%c1, %c1) : tensor<?x?xf32>
  %cat = tensor.concat dim(0) %x, %e, %x : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %d = tensor.dim %cat, %c1 : tensor<?x?xf32>
  %ok = arith.cmpi eq, %d, %c0 : index
  cf.assert %ok, "expand needs a multiple of 4"
  %r = tensor.expand_shape %cat [[0], [1, 2]] output_shape [%c0, %d, 4] : tensor<?x?xf32> into tensor<?x?x4xf32>
  return %r : tensor<?x?x4xf32>
}

func.func @caller_of_always_aborts(%a: tensor<2x1xf32>) -> tensor<?x?x4xf32> {
  %x = tensor.cast %a : tensor<2x1xf32> to tensor<?x?xf32>
  %r = func.call @always_aborts(%x) : (tensor<?x?xf32>) -> tensor<?x?x4xf32>
  return %r : tensor<?x?x4xf32>
}
