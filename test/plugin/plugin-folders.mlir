// The symshape folders and constant materialization work inside stock
// mlir-opt's canonicalizer.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @folds
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-NOT: symshape.sym_size
// CHECK-NOT: symshape.apply
// CHECK: return %[[C4]], %[[C5]]
func.func @folds(%x: tensor<?x4xf32>) -> (index, index) {
  %d = symshape.sym_size %x, 1 : tensor<?x4xf32>
  %e = symshape.apply s0 + 1 (%d) : index
  return %d, %e : index, index
}

// CHECK-LABEL: func.func @no_fold
// CHECK: symshape.sym_size %{{.*}}, 0
// CHECK: symshape.apply s0 + 1
func.func @no_fold(%x: tensor<?x4xf32>) -> index {
  %d = symshape.sym_size %x, 0 : tensor<?x4xf32>
  %e = symshape.apply s0 + 1 (%d) : index
  return %e : index
}
