// The symshape dialect inside Debian's stock mlir-opt, loaded as a plugin.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s --verify-roundtrip | FileCheck %s
// Without the plugin mlir-opt does not know the dialect.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN

// NOPLUGIN: Dialect `symshape' not found

// CHECK-LABEL: func.func @in_stock_mlir_opt
// CHECK: symshape.symbol "batch" range [1, 10] : index
// CHECK: symshape.bind_shape %{{.*}}, [%{{.*}}] : tensor<?x4xf32> = (s0, 4)
// CHECK: symshape.sym_size %{{.*}}, 0 : tensor<?x4xf32>
// CHECK: symshape.sym_max
// CHECK: symshape.apply (s0 + 1) floordiv 2
// CHECK: symshape.constrain_range %{{.*}} [1, 10] : index
func.func @in_stock_mlir_opt(%x: tensor<?x4xf32>) -> index {
  %b = symshape.symbol "batch" range [1, 10] : index
  symshape.bind_shape %x, [%b] : tensor<?x4xf32> = (s0, 4)
  %d = symshape.sym_size %x, 0 : tensor<?x4xf32>
  %m = symshape.sym_max %d, %b : index
  %e = symshape.apply (s0 + 1) floordiv 2 (%m) : index
  %r = symshape.constrain_range %e [1, 10] : index
  return %r : index
}
