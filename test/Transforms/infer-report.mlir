// RUN: symshape-opt %s --symshape-infer=report-full -o /dev/null 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-infer=report -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT

// The default report lists each shape once, where it first appears, with
// the number of values that have it (the empty, the fill, the scf.if and
// the loop's results and its fill are all [n]), and the values whose dims
// are all constant not at all (the static argument of @static_only).
// DEFAULT-LABEL: symshape facts for @shapes:
// DEFAULT: tensor dims:
// DEFAULT-NEXT: (tensor.empty at infer-report.mlir:{{[0-9]+}}:8) and 4 more of this shape : tensor<?xf32> = [n]
// DEFAULT-NEXT: (tensor.collapse_shape at {{.*}} = [n * k (in [0, inf])]
// DEFAULT-NOT: (linalg.fill
// DEFAULT-NOT: (scf.if
// DEFAULT: (argument 0) : tensor<?x?xf32> = [n, k]
// DEFAULT-LABEL: symshape facts for @caller:
// DEFAULT-LABEL: symshape facts for @static_only:
// DEFAULT-NEXT: symbols:
// DEFAULT-NEXT: n
// DEFAULT-NEXT: tensor dims:
// DEFAULT-NEXT: (argument 0) : tensor<?xf32> = [n]
// DEFAULT-NOT: tensor<4xf32>

// The facts report: symbols with ranges (here from a cf.assert) and the dims
// of every tensor value (an op result by its op and source location)
// through the ops the analysis understands, each
// derived dim with its range.

// CHECK-LABEL: symshape facts for @shapes:
// CHECK-NEXT: symbols:
// CHECK-NEXT: n : size in [1, 16]
// CHECK-NEXT: k : size in [0, inf], multiple of 4
// CHECK-NEXT: shapes.arg1.d0 : size in [0, inf]
// CHECK-NEXT: tensor dims:
// CHECK-NEXT: (tensor.empty at infer-report.mlir:{{[0-9]+}}:8) : tensor<?xf32> = [n]
// CHECK-NEXT: (tensor.collapse_shape at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [n * k (in [0, inf])]
// CHECK-NEXT: (tensor.concat at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [n * k + n (in [1, inf])]
// CHECK-NEXT: (tensor.pad at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?x4xf32> = [shapes.arg1.d0 + 3 (in [3, inf]), 4]
// expand_shape dims are read from output_shape, never recomputed.
// CHECK-NEXT: (tensor.expand_shape at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?x1xf32> = [n, 1]
// CHECK-NEXT: (tensor.extract_slice at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [n - 1 (in [0, 15])]
// CHECK-NEXT: (tensor.cast at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?x?xf32> = [shapes.arg1.d0, 4]
// CHECK-NEXT: (linalg.fill at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [n]
// Both branches yield n; a loop that carries its tensor through
// destination-passing ops keeps its dims.
// CHECK-NEXT: (scf.if at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [n]
// CHECK: (scf.for at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [n]
// CHECK-NEXT: (argument 0) : tensor<?x?xf32> = [n, k]
// CHECK-NEXT: (argument 1) : tensor<?x4xf32> = [shapes.arg1.d0, 4]
func.func @shapes(%x: tensor<?x?xf32> {symshape.dim_names = ["n", "k"],
                                       symshape.dim_divisors = [1, 4]},
                  %y: tensor<?x4xf32>, %c: i1) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %lo = arith.cmpi sge, %n, %c1 : index
  %hi = arith.cmpi sle, %n, %c16 : index
  %ok = arith.andi %lo, %hi : i1
  cf.assert %ok, "1 <= n <= 16"
  %e = tensor.empty(%n) : tensor<?xf32>
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %cat = tensor.concat dim(0) %flat, %e : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %y low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x4xf32> to tensor<?x4xf32>
  %ex = tensor.expand_shape %e [[0, 1]] output_shape [%n, 1] : tensor<?xf32> into tensor<?x1xf32>
  %m = arith.subi %n, %c1 : index
  %sl = tensor.extract_slice %e[1] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  %cast = tensor.cast %y : tensor<?x4xf32> to tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = scf.if %c -> tensor<?xf32> {
    scf.yield %e : tensor<?xf32>
  } else {
    scf.yield %f : tensor<?xf32>
  }
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> tensor<?xf32> {
    %g = linalg.fill ins(%zero : f32) outs(%acc : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %g : tensor<?xf32>
  }
  return %cat : tensor<?xf32>
}

// Calls of private functions: the callee's result dims as expressions of its
// arguments, mapped to the call's operands. A public callee may be replaced
// at link time: its result dims stay unknown.
// CHECK-LABEL: symshape facts for @caller:
// CHECK: (func.call at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = [p + 1 (in [1, inf])]
// CHECK: (func.call at infer-report.mlir:{{[0-9]+}}:{{[0-9]+}}) : tensor<?xf32> = {{\[}}[dim 0 of func.call at infer-report.mlir:[[@LINE+14]]:8]]
func.func private @grow(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %m = arith.addi %n, %c1 : index
  %e = tensor.empty(%m) : tensor<?xf32>
  return %e : tensor<?xf32>
}
func.func @public_grow(%t: tensor<?xf32>) -> tensor<?xf32> {
  return %t : tensor<?xf32>
}
func.func @caller(%p: tensor<?xf32> {symshape.dim_names = ["p"]}) -> (tensor<?xf32>, tensor<?xf32>) {
  %a = func.call @grow(%p) : (tensor<?xf32>) -> tensor<?xf32>
  %b = func.call @public_grow(%p) : (tensor<?xf32>) -> tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}

// Each dim in its simplest form under the facts: the slice z[:y0] of
// z = zeros(max(x0, y0)) has y0 rows (not min(y0, max(x0, y0))); the max
// itself stays, with its range.
// CHECK-LABEL: symshape facts for @merged:
// CHECK: (tensor.empty at {{.*}}) : tensor<?xf32> = [max(x0, y0) (in [2, inf])]
// CHECK-NEXT: (tensor.extract_slice at {{.*}}) : tensor<?xf32> = [y0]
func.func @merged(%x: tensor<?xf32> {symshape.dim_names = ["x0"]},
                  %y: tensor<?xf32> {symshape.dim_names = ["y0"], symshape.dim_ranges = [#symshape.range<[2, 9]>]}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %x0 = tensor.dim %x, %c0 : tensor<?xf32>
  %y0 = tensor.dim %y, %c0 : tensor<?xf32>
  %m = arith.maxsi %x0, %y0 : index
  %z = tensor.empty(%m) : tensor<?xf32>
  %k = arith.minsi %y0, %m : index
  %s = tensor.extract_slice %z[0] [%k] [1] : tensor<?xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

// A harness on static shapes has no facts of the user's (only the result
// of its call of a public function is unknown): it is not reported.
// CHECK-NOT: symshape facts for @main
func.func @main() {
  %e = tensor.empty() : tensor<3xf32>
  %c = tensor.cast %e : tensor<3xf32> to tensor<?xf32>
  %r = func.call @grow(%c) : (tensor<?xf32>) -> tensor<?xf32>
  %p = func.call @public_grow(%c) : (tensor<?xf32>) -> tensor<?xf32>
  return
}

// CHECK-LABEL: symshape facts for @static_only:
// CHECK: (tensor.empty at {{.*}}) : tensor<4xf32> = [4]
func.func @static_only(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> (tensor<4xf32>, tensor<?xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  return %e, %x : tensor<4xf32>, tensor<?xf32>
}
