// The example model of the README parses, verifies and round-trips.
// RUN: symshape-opt %symshape_src/examples/max_merge.mlir --verify-roundtrip | FileCheck %s

// CHECK-LABEL: func.func @max_merge
// CHECK: %[[X0:.*]] = symshape.sym_size %{{.*}}, 0
// CHECK: %[[Y0:.*]] = symshape.sym_size %{{.*}}, 0
// CHECK: %[[S0:.*]] = symshape.sym_max %[[X0]], %[[Y0]] : index
// CHECK: tensor.empty(%[[S0]], %{{.*}})
// CHECK: symshape.sym_min %[[X0]], %[[S0]] : index
