//===- DStreamPasses.td - dstream passes -------------------*- tablegen -*-===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//

#ifndef DSTREAM_DSTREAMPASSES_TD
#define DSTREAM_DSTREAMPASSES_TD

include "mlir/Pass/PassBase.td"

def DStreamLowerStoresPass : Pass<"dstream-lower-stores"> {
  let summary = "Lower dstream.dispatch.store to a memref.subview store";
  let description = [{
    Replaces each `dstream.dispatch.store` by a `memref.subview` of its
    target with the store's offsets, sizes and strides, which receives the
    value through `bufferization.materialize_in_destination`: the memory
    form that `symshape-fold-reshape-into-store` folds reshapes into.

    The subview tells its dropped unit dims apart by strides; where that
    map differs from the store's own, the value is first expanded with the
    dropped unit dims made explicit and the subview drops nothing.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::tensor::TensorDialect"];
}

def DStreamLowerAssumptionsPass : Pass<"dstream-lower-assumptions"> {
  let summary = "Lower dstream.tie_shape and dstream.assume";
  let description = [{
    Erases `dstream.tie_shape` (its uses take its operand) and turns
    `dstream.assume` into `symshape.constrain_range` (`checks=assert`, which
    `symshape-lower` turns into a run-time check) or forwards its operand
    (`checks=none`).
  }];
  let options = [
    Option<"checks", "checks", "::symshape::CheckMode",
           /*default=*/"::symshape::CheckMode::Assert",
           "What assumptions become: 'assert' (symshape.constrain_range, "
           "checked at run time) or 'none' (dropped)", [{::llvm::cl::values(
             clEnumValN(::symshape::CheckMode::Assert, "assert",
                        "symshape.constrain_range, checked at run time"),
             clEnumValN(::symshape::CheckMode::None, "none", "dropped"))}]>,
  ];
  let dependentDialects = ["::symshape::SymShapeDialect"];
}

#endif // DSTREAM_DSTREAMPASSES_TD
