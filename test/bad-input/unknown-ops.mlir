// Regression: symshape-lower (lib/Transforms/Lower.cpp, the final walk of
// SymShapeLowerPass::runOnOperation) called
// isa<SymShapeDialect>(op->getDialect()), and getDialect() is null for an
// unregistered op: any "foo.bar" op anywhere in the module crashed
// symshape-lower and symshape-pipeline. Minimal reproducer (@minimal below):
//   func.func @f() { "foo.bar"() : () -> () return }
//   symshape-opt --allow-unregistered-dialect --symshape-lower
// (More symshape-lower cases: test/Transforms/lower-unregistered.mlir.)
// RUN: symshape-opt %s --allow-unregistered-dialect --symshape-pipeline | FileCheck %s
// RUN: symshape-opt %s --allow-unregistered-dialect --symshape-lower | FileCheck %s --check-prefix=LOWER
// Bad input: unregistered ops in every position through the whole
// pipeline: kept with their operands, no symshape op left, no crash.
// (The same inputs through the passes before symshape-lower:
// unknown-ops-passes.mlir.)

// CHECK-NOT: symshape.
// CHECK: "foo.global"() : () -> ()
// LOWER: "foo.global"() : () -> ()
"foo.global"() : () -> ()

// CHECK-LABEL: func.func @minimal
// CHECK-NEXT: "foo.bar"() : () -> ()
// LOWER-LABEL: func.func @minimal
// LOWER-NEXT: "foo.bar"() : () -> ()
func.func @minimal() {
  "foo.bar"() : () -> ()
  return
}

// A size from an unknown op: the dim of a tensor built from it is that
// size, so max(dim, n) is n; nothing else is assumed about it.
// CHECK-LABEL: func.func @unknown_produces_size
// CHECK: %[[N:.*]] = "foo.size"() : () -> index
// CHECK: tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK-NOT: arith.maxsi
// CHECK: return
func.func @unknown_produces_size(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = "foo.size"() : () -> index
  %e = tensor.empty(%n) : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %e, %c0 : tensor<?xf32>
  %m = arith.maxsi %d, %n : index
  %f = tensor.empty(%m) : tensor<?xf32>
  return %f : tensor<?xf32>
}

// A tensor from an unknown op: its dims are sizes all the same.
// CHECK-LABEL: func.func @unknown_produces_tensor
// CHECK: %[[T:.*]] = "foo.make"() : () -> tensor<?x4xf32>
// CHECK-NOT: arith.maxsi
// CHECK: return
func.func @unknown_produces_tensor() -> index {
  %t = "foo.make"() : () -> tensor<?x4xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  %c1 = arith.constant 1 : index
  %s = arith.addi %d, %c1 : index
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// Unknown ops that consume a tensor and a size keep their operands.
// CHECK-LABEL: func.func @unknown_consumes
// CHECK-SAME: (%[[X:[^:]*]]: tensor<?xf32>
// CHECK: "foo.use"(%[[X]], %{{.*}}) : (tensor<?xf32>, index) -> ()
// CHECK: %[[R:.*]] = "foo.transform"(%[[X]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK: return %[[R]]
func.func @unknown_consumes(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  "foo.use"(%x, %d) : (tensor<?xf32>, index) -> ()
  %r = "foo.transform"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Unknown ops in scf regions: a value they produce may be anything, so the
// max of it stays.
// CHECK-LABEL: func.func @unknown_in_scf
// CHECK: scf.if
// CHECK: "foo.size"
// CHECK: scf.for
// CHECK: "foo.step"
// CHECK: %[[M:.*]] = arith.maxsi
// CHECK: return %[[M]]
func.func @unknown_in_scf(%x: tensor<?xf32>, %c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %r = scf.if %c -> index {
    %u = "foo.size"(%d) : (index) -> index
    scf.yield %u : index
  } else {
    scf.yield %d : index
  }
  %s = scf.for %i = %c0 to %r step %c1 iter_args(%a = %d) -> index {
    %v = "foo.step"(%a, %i) : (index, index) -> index
    scf.yield %v : index
  }
  %m = arith.maxsi %s, %d : index
  return %m : index
}

// An unknown op with a region, and an unknown terminator inside it.
// CHECK-LABEL: func.func @unknown_region_op
// CHECK: "foo.region"
// CHECK: ^bb0(%{{.*}}: tensor<?xf32>):
// CHECK: tensor.empty
// CHECK: "foo.yield"
// CHECK: return
func.func @unknown_region_op(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %r = "foo.region"(%x) ({
  ^bb0(%a: tensor<?xf32>):
    %c0_ = arith.constant 0 : index
    %dd = tensor.dim %a, %c0_ : tensor<?xf32>
    %m = arith.maxsi %dd, %d : index
    %e = tensor.empty(%m) : tensor<?xf32>
    "foo.yield"(%e) : (tensor<?xf32>) -> ()
  }) : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// An unknown op right before the terminator, and an unknown terminator of
// a function body.
// CHECK-LABEL: func.func @unknown_before_terminator
// CHECK: %[[E:.*]] = tensor.empty
// CHECK-NEXT: "foo.side_effect"(%[[E]])
// CHECK-NEXT: return %[[E]]
func.func @unknown_before_terminator(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  "foo.side_effect"(%e) : (tensor<?xf32>) -> ()
  return %e : tensor<?xf32>
}

// CHECK-LABEL: func.func @unknown_function_terminator
// CHECK: %[[E:.*]] = tensor.empty
// CHECK-NEXT: "foo.return"(%[[E]])
func.func @unknown_function_terminator(%x: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  "foo.return"(%e) : (tensor<?xf32>) -> ()
}

// A range fact on an unknown value holds: max(r + 1, r) is r + 1.
// CHECK-LABEL: func.func @constrained_unknown
// CHECK: "foo.size"
// CHECK-NOT: arith.maxsi
// CHECK: return
func.func @constrained_unknown() -> index {
  %n = "foo.size"() : () -> index
  %r = symshape.constrain_range %n [1, 8] : index
  %c1 = arith.constant 1 : index
  %s = arith.addi %r, %c1 : index
  %m = arith.maxsi %s, %r : index
  return %m : index
}
// CHECK-NOT: symshape.
