// symshape passes inside stock mlir-opt: a plugin pass has no flag of its
// own; it is named in a pipeline, with options in braces.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin --load-pass-plugin=%symshape_plugin \
// RUN:   --pass-pipeline='builtin.module(symshape-simplify{max-iterations=2})' %s | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin --load-pass-plugin=%symshape_plugin \
// RUN:   --help | FileCheck %s --check-prefix=HELP

// HELP: symshape-simplify

// CHECK-LABEL: func.func @min_of_max
// CHECK: %[[X0:.*]] = tensor.dim
// CHECK-NOT: arith.minsi
// CHECK: return %[[X0]]
func.func @min_of_max(%x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %x0 = tensor.dim %x, %c0 : tensor<?xf32>
  %y0 = tensor.dim %y, %c0 : tensor<?xf32>
  %m = arith.maxsi %x0, %y0 : index
  %r = arith.minsi %x0, %m : index
  return %r : index
}
