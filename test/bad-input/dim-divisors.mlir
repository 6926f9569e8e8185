// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not symshape-opt %s -split-input-file --symshape-pipeline 2>/dev/null | FileCheck %s
// Bad input: symshape.dim_divisors entries of 0 or below on a function
// argument. Each is an error located at the argument, and nothing is
// printed for that function.

// The functions with a bad divisor print nothing.
// CHECK-NOT: @divisor_zero
// CHECK-NOT: @divisor_negative

// ERR: dim-divisors.mlir:[[@LINE+1]]:25: error: {{.*}}divisor must be positive, got 0
func.func @divisor_zero(%x: tensor<?xf32> {symshape.dim_names = ["n"], symshape.dim_divisors = [0]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

// -----

// ERR: dim-divisors.mlir:[[@LINE+1]]:29: error: {{.*}}divisor must be positive, got -4
func.func @divisor_negative(%x: tensor<?x?xf32> {symshape.dim_divisors = [1, -4]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}

// -----

// A divisor on a static dim that divides it states nothing new.
// CHECK-LABEL: func.func @divisor_on_static_dim
// CHECK-NOT: cf.assert
// CHECK: return
func.func @divisor_on_static_dim(%x: tensor<8xf32> {symshape.dim_divisors = [4]}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
