// RUN: symshape-opt %s --allow-unregistered-dialect --symshape-lower --split-input-file --verify-diagnostics | FileCheck %s
// Unregistered ops have no dialect (Operation::getDialect() is null):
// symshape-lower keeps them as they are, inside and outside functions, and
// lowers the symshape ops around them. (The whole pipeline:
// test/bad-input/unknown-ops.mlir.)

// CHECK: "foo.global"() : () -> ()
"foo.global"() : () -> ()

// CHECK-LABEL: func.func @around_unknown
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: cf.assert %{{.*}}below 2^62
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 0 of arg 0 of @around_unknown) must be in [1, 4]"
// CHECK: "foo.use"(%[[N]]) : (index) -> ()
// CHECK: %[[R:.*]] = "foo.region"() ({
// CHECK: arith.maxsi %[[N]], %{{.*}} : index
// CHECK: "foo.yield"
// CHECK-NOT: symshape.
// CHECK: return %[[R]]
func.func @around_unknown(%x: tensor<?xf32>) -> index {
  %n = symshape.symbol "n" range [1, 4] : index
  symshape.bind_shape %x, [%n] : tensor<?xf32> = (s0)
  "foo.use"(%n) : (index) -> ()
  %r = "foo.region"() ({
    %v = "foo.size"() : () -> index
    %m = symshape.sym_max %n, %v : index
    "foo.yield"(%m) : (index) -> ()
  }) : () -> index
  return %r : index
}

// -----

// A symshape op in an unregistered op outside any function: the walk over
// the unregistered op finds it and reports it.
"foo.container"() ({
  // expected-error @+1 {{symshape-lower: no function around this op}}
  %n = symshape.symbol "n" range [1, 4] : index
  "foo.end"() : () -> ()
}) : () -> ()
