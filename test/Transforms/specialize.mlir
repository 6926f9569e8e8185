// RUN: symshape-opt %s --symshape-specialize="bind=n=4" | FileCheck %s --check-prefix=BIND
// RUN: symshape-opt %s --symshape-specialize="bind=n=4 checks=none" | FileCheck %s --check-prefix=NOCHECK
// RUN: symshape-opt %s --symshape-specialize="profile=n:1:4:8" | FileCheck %s --check-prefix=PROFILE
// RUN: symshape-opt %s --symshape-specialize | FileCheck %s --check-prefix=NONE
// The pass only states assumptions; dynamic-to-static propagates them, and
// given bind= itself does the same specialization first.
// RUN: symshape-opt %s --symshape-specialize="bind=n=4" --symshape-dynamic-to-static > %t.separate
// RUN: symshape-opt %s --symshape-dynamic-to-static="bind=n=4" > %t.together
// RUN: diff %t.separate %t.together
// RUN: FileCheck %s --check-prefix=THEN < %t.together

// A bound dim: checked at the entry, then seen through a static type.
// BIND-LABEL: func.func @f(
// BIND-SAME: %[[X:.*]]: tensor<?xf32>
// BIND: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
// BIND: %[[OK:.*]] = arith.cmpi eq, %[[D]], %{{.*}} : index
// BIND: cf.assert %[[OK]], "symshape: 'n' (dim 0 of arg 0 of @f) must be 4 (bind=n=4)"
// BIND: %[[S:.*]] = tensor.cast %[[X]] : tensor<?xf32> to tensor<4xf32>
// BIND: %[[X4:.*]] = tensor.cast %[[S]] : tensor<4xf32> to tensor<?xf32>
// BIND: tensor.dim %[[X4]]
// An unnamed dim is left alone.
// BIND-LABEL: func.func @unnamed(
// BIND-NOT: cf.assert
// BIND-NOT: tensor.cast
// BIND: return

// NOCHECK-LABEL: func.func @f(
// NOCHECK-NOT: cf.assert
// NOCHECK: tensor.cast %{{.*}} : tensor<?xf32> to tensor<4xf32>

// A profiled public function: a dispatch on the dim, a specialized copy and
// a generic copy that checks the range.
// PROFILE-LABEL: func.func @f(
// PROFILE: %[[EQ:.*]] = arith.cmpi eq
// PROFILE: scf.if %[[EQ]]
// PROFILE: func.call @f.opt(
// PROFILE: func.call @f.generic(
// PROFILE-LABEL: func.func private @f.generic(
// PROFILE: cf.assert %{{.*}}, "symshape: 'n' (dim 0 of arg 0 of @f.generic) must be in [1, 8], the profile's range"
// PROFILE-LABEL: func.func private @f.opt(
// PROFILE: tensor.cast %{{.*}} : tensor<?xf32> to tensor<4xf32>

// Without assumptions nothing changes.
// NONE-LABEL: func.func @f(
// NONE-NEXT: arith.constant 0
// NONE-NEXT: tensor.dim
// NONE-NEXT: return

// The code after the check reads the argument through the chain
// ? -> 4 -> ?, which states the bound dim (canonicalization folds the dim
// to 4).
// THEN-LABEL: func.func @f(
// THEN: cf.assert
// THEN: %[[S:.*]] = tensor.cast %{{.*}} : tensor<?xf32> to tensor<4xf32>
// THEN: %[[B:.*]] = tensor.cast %[[S]] : tensor<4xf32> to tensor<?xf32>
// THEN: tensor.dim %[[B]]
// THEN: return

func.func @f(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}

func.func @unnamed(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}
