// RUN: symshape-opt %s --symshape-infer=report-full -o /dev/null --split-input-file 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: symshape-opt %s --symshape-dynamic-to-static --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-simplify=explain --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// tensor.reshape takes its dims from its shape operand: the elements of a
// tensor.from_elements (a torch-mlir view whose sizes are not a reassociation)
// or of a constant. With the sizes proven constant, the reshape's result is
// static (must fire); a shape operand the analysis cannot read leaves its
// dims unknown (must not fire).

// REPORT-LABEL: symshape facts for @view:
// REPORT-NEXT: symbols: none (every dim is proven constant)
// REPORT: (tensor.reshape at {{.*}}) : tensor<?x?x4xf32> = [2, 2, 4]
// CHECK-LABEL: func.func @view
// CHECK: %[[X:.*]] = tensor.cast %{{.*}} : tensor<?x?xf32> to tensor<2x8xf32>
// CHECK: %[[R:.*]] = tensor.reshape %[[X]](%{{.*}}) : (tensor<2x8xf32>, tensor<3xindex>) -> tensor<2x2x4xf32>
// CHECK: tensor.cast %[[R]] : tensor<2x2x4xf32> to tensor<?x?x4xf32>
func.func @view(%x: tensor<?x?xf32> {symshape.dim_names = ["b", "s"]}) -> (tensor<?x?x4xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %b = tensor.dim %x, %c0 : tensor<?x?xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?xf32>
  %b2 = arith.cmpi eq, %b, %c2 : index
  %s8 = arith.cmpi eq, %s, %c8 : index
  %ok = arith.andi %b2, %s8 : i1
  cf.assert %ok, "b == 2 and s == 8"
  %q = arith.divsi %s, %c4 : index
  %shape = tensor.from_elements %b, %q, %c4 : tensor<3xindex>
  %r = tensor.reshape %x(%shape) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x4xf32>
  return %r, %q : tensor<?x?x4xf32>, index
}

// -----

// Two spellings of one size, the reshape's dim and the quotient it was built
// from: the max of them is decided, and the remark says why.
// REMARK: remark: decided max(s floordiv 4, s floordiv 4) = s floordiv 4: its operands are equal
func.func @two_spellings(%x: tensor<?x?xf32> {symshape.dim_names = ["b", "s"]}) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b = tensor.dim %x, %c0 : tensor<?x?xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?xf32>
  %q = arith.divsi %s, %c4 : index
  %shape = tensor.from_elements %b, %q, %c4 : tensor<3xindex>
  %r = tensor.reshape %x(%shape) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x4xf32>
  %d = tensor.dim %r, %c1 : tensor<?x?x4xf32>
  %m = arith.maxsi %d, %q : index
  return %m : index
}

// -----

// A constant shape operand, in i64 (static dims stay as they are).
// REPORT-LABEL: symshape facts for @constant_shape:
// REPORT: (tensor.reshape at {{.*}}) : tensor<?x?xf32> = [3, 4]
// CHECK-LABEL: func.func @constant_shape
// CHECK: tensor.reshape %{{.*}}(%{{.*}}) : (tensor<?xf32>, tensor<2xi64>) -> tensor<3x4xf32>
func.func @constant_shape(%x: tensor<?xf32> {symshape.dim_names = ["b"]}) -> tensor<?x?xf32> {
  %shape = arith.constant dense<[3, 4]> : tensor<2xi64>
  %r = tensor.reshape %x(%shape) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Must not fire: a shape operand from the caller.
// REPORT-LABEL: symshape facts for @opaque_shape:
// REPORT: (tensor.reshape at {{.*}}) : tensor<?x?xf32> = {{\[\[}}dim 0 of tensor.reshape
// CHECK-LABEL: func.func @opaque_shape
// CHECK: tensor.reshape %{{.*}}(%{{.*}}) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
func.func @opaque_shape(%x: tensor<?xf32> {symshape.dim_names = ["b"]}, %shape: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = tensor.reshape %x(%shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
