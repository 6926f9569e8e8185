// A dim name denotes one symbol per function: a range declared for `batch`
// in @declares_range says nothing about `batch` in @uses_name. Regression:
// the analysis merged declarations across the module, so @uses_name lost its
// min(batch, 4) without any check, and batch = 10 returned 10.
// Within one function, declarations of one name combine: divisors by lcm
// (4 and 6 give 12), and the combined fact is checked at run time.
// Regression: divisors merged by max (only "multiple of 6" was checked while
// `n mod 12` folded to 0, so n = 6 returned 0) or by product (multiple of 24,
// so the valid n = 12 aborted).
//
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu 2>&1 | FileCheck %s --check-prefixes=CHECK,BEFORE
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | not --crash %run_cpu 2>&1 | FileCheck %s --check-prefixes=CHECK,AFTER
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=IR
// Two functions that declare one name with different ranges are fine.
// RUN: symshape-opt %s --symshape-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty

// DIAG-NOT: contradicting

// IR-LABEL: func.func @declares_range
// IR: cf.assert {{.*}} "symshape: symbol 'batch' (dim 0 of arg 0 of @declares_range) must be in [1, 4]"
// IR-LABEL: func.func @uses_name
// IR: cf.assert {{.*}} "symshape: the dynamic dims of @uses_name's arguments must be below 2^62
// IR-NOT: cf.assert
// IR: arith.minsi
// IR-LABEL: func.func @other_range
// IR: "symshape: symbol 'batch' (dim 0 of arg 0 of @other_range) must be in [8, 16]"
// IR-LABEL: func.func @two_divisors
// IR: "symshape: symbol 'n' (dim 0 of arg 0 of @two_divisors) must be a multiple of 12"
// IR-NOT: must be a multiple of
// IR: "symshape: dim 0 of arg 1 of @two_divisors must equal n"
// IR-NEXT: return %c0

// CHECK: 3
// CHECK-NEXT: 4
// CHECK-NEXT: 3
// CHECK-NEXT: 8
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// BEFORE-NEXT: 6
// AFTER-NEXT: symshape: symbol 'n' (dim 0 of arg 0 of @two_divisors) must be a multiple of 12

func.func private @printI64(i64)
func.func private @printNewline()

func.func @declares_range(%x: tensor<?xf32> {symshape.dim_names = ["batch"],
    symshape.dim_ranges = [#symshape.range<[1, 4]>]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}

func.func @uses_name(%x: tensor<?xf32> {symshape.dim_names = ["batch"]}) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.minsi %d, %c4 : index
  return %m : index
}

func.func @other_range(%x: tensor<?xf32> {symshape.dim_names = ["batch"],
    symshape.dim_ranges = [#symshape.range<[8, 16]>]}) -> index {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.minsi %d, %c16 : index
  return %m : index
}

func.func @two_divisors(%x: tensor<?xf32> {symshape.dim_names = ["n"],
                            symshape.dim_divisors = [4]},
                        %y: tensor<?xf32> {symshape.dim_names = ["n"],
                            symshape.dim_divisors = [6]}) -> index {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %r = arith.remsi %d, %c12 : index
  return %r : index
}

func.func @print(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c24 = arith.constant 24 : index
  %t3 = tensor.empty(%c3) : tensor<?xf32>
  %t6 = tensor.empty(%c6) : tensor<?xf32>
  %t8 = tensor.empty(%c8) : tensor<?xf32>
  %t10 = tensor.empty(%c10) : tensor<?xf32>
  %t12 = tensor.empty(%c12) : tensor<?xf32>
  %t24 = tensor.empty(%c24) : tensor<?xf32>
  %a = func.call @declares_range(%t3) : (tensor<?xf32>) -> index
  func.call @print(%a) : (index) -> ()
  %b = func.call @uses_name(%t10) : (tensor<?xf32>) -> index
  func.call @print(%b) : (index) -> ()
  %b2 = func.call @uses_name(%t3) : (tensor<?xf32>) -> index
  func.call @print(%b2) : (index) -> ()
  %o = func.call @other_range(%t8) : (tensor<?xf32>) -> index
  func.call @print(%o) : (index) -> ()
  %n1 = func.call @two_divisors(%t12, %t12) : (tensor<?xf32>, tensor<?xf32>) -> index
  func.call @print(%n1) : (index) -> ()
  %n2 = func.call @two_divisors(%t24, %t24) : (tensor<?xf32>, tensor<?xf32>) -> index
  func.call @print(%n2) : (index) -> ()
  %n3 = func.call @two_divisors(%t6, %t6) : (tensor<?xf32>, tensor<?xf32>) -> index
  func.call @print(%n3) : (index) -> ()
  return
}
