// RUN: symshape-opt %s --symshape-infer=report -o /dev/null 2>&1 | FileCheck %s
// RUN: symshape-opt %s --symshape-infer="report-format=json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// A broadcast check (torch-mlir writes it on i64, against a select of the
// other operand's dim and 1) equates the named dim S with an opaque value:
// the user's name stays the representative (the report once showed S as
// the select, and the JSON symbols had no S).
// CHECK-LABEL: symshape facts for @broadcast_guard:
// CHECK-NEXT: symbols:
// CHECK-NEXT: S : size in [0, inf]
// CHECK-NOT: arith.select
// CHECK: tensor.empty {{.*}} = [S]
// CHECK: %arg0 (argument 0) : tensor<?xf32> = [S]
// JSON: "symbols": [
// JSON-NEXT: {
// JSON-NEXT: "name": "S",
func.func @broadcast_guard(%a: tensor<?xf32> {symshape.dim_names = ["S"]}, %b: tensor<?xf32>, %v: i64) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i64
  %d1 = tensor.dim %b, %c0 : tensor<?xf32>
  %i1 = arith.index_cast %d1 : index to i64
  %one = arith.cmpi eq, %v, %c1 : i64
  %bc = arith.select %one, %i1, %v : i64
  %d0 = tensor.dim %a, %c0 : tensor<?xf32>
  %i0 = arith.index_cast %d0 : index to i64
  %eq = arith.cmpi eq, %i0, %bc : i64
  cf.assert %eq, "broadcast"
  %e = tensor.empty(%d0) : tensor<?xf32>
  return %e : tensor<?xf32>
}

// An opaque value equated with a dim on the other side of the check: the
// dim stays (must not depend on the order of the comparison's operands).
// CHECK-LABEL: symshape facts for @opaque_first:
// CHECK: tensor.empty {{.*}} = [n]
func.func @opaque_first(%a: tensor<?xf32> {symshape.dim_names = ["n"]}, %v: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0 : tensor<?xf32>
  %eq = arith.cmpi eq, %v, %d0 : index
  cf.assert %eq, "v == n"
  %e = tensor.empty(%v) : tensor<?xf32>
  return %e : tensor<?xf32>
}
