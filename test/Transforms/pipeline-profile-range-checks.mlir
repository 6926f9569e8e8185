// RUN: symshape-opt %s --symshape-pipeline="profile=batch:1:2:8" | FileCheck %s --check-prefix=SAME
// RUN: symshape-opt %s --symshape-pipeline="profile=batch:1:2:4" | FileCheck %s --check-prefix=NARROWER

// The generic version of a profile checks the profile's range at its entry,
// unless every declaration of the name already confines the dim to it: the
// lowering checks the declaration, and the same condition was asserted
// twice. Must fire (the same range): one check.
// SAME-LABEL: func.func private @model.generic
// SAME: cf.assert %{{.*}}, "symshape: symbol 'batch' (dim 0 of arg 0 of @model.generic) must be in [1, 8]"
// SAME-NOT: the profile's range
// SAME-LABEL: func.func private @model.opt

// Must not fire: a narrower profile is checked too.
// NARROWER-LABEL: func.func private @model.generic
// NARROWER: cf.assert %{{.*}}, "symshape: symbol 'batch' (dim 0 of arg 0 of @model.generic) must be in [1, 8]"
// NARROWER: cf.assert %{{.*}}, "symshape: 'batch' (dim 0 of arg 0 of @model.generic) must be in [1, 4], the profile's range"
func.func @model(%x: tensor<?xf32> {symshape.dim_names = ["batch"], symshape.dim_ranges = [#symshape.range<[1, 8]>]}) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}

// The version at opt casts the argument to its static type at the entry; a
// declared dim it leaves dynamic is checked there, named by the argument
// (it was named "the result of tensor.cast at loc(...)").
// RUN: symshape-opt %s --symshape-pipeline="profile=b:1:2:8" | FileCheck %s --check-prefix=OPT
// OPT-LABEL: func.func private @partial.opt
// OPT: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 1 of arg 0 of @partial.opt) must be in [1, 64]"
// OPT: cf.assert %{{.*}}, "symshape: symbol 'n' (dim 1 of arg 0 of @partial.opt) must be a multiple of 2"
// OPT-NOT: tensor.cast at
func.func @partial(%x: tensor<?x?xf32> {symshape.dim_names = ["b", "n"], symshape.dim_ranges = [#symshape.range<[1, 8]>, #symshape.range<[1, 64]>], symshape.dim_divisors = [1, 2]}) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %s = arith.addi %b, %n : index
  return %s : index
}
