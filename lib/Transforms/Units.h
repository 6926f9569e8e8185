//===- Units.h - Functions analysed independently ---------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the passes of lib/Transforms (not installed): the analysis passes
// analyse the functions of a module in parallel (the analyses only read the
// IR, the bodies of called functions included) and rewrite afterwards, in
// order.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_UNITS_H
#define SYMSHAPE_LIB_TRANSFORMS_UNITS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace symshape {

/// The ops analysed independently: the isolated-from-above ops (functions)
/// directly in a module, or `root` itself (a function, or a module holding
/// anything else).
llvm::SmallVector<mlir::Operation *> analysisUnits(mlir::Operation *root);

/// Runs `fn(i)` for i in [0, n) in parallel (serially when the context has
/// threading disabled); diagnostics come out ordered by i. Fails if any
/// call does.
mlir::LogicalResult
forEachUnit(mlir::MLIRContext *context, size_t n,
            llvm::function_ref<mlir::LogicalResult(size_t)> fn);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_UNITS_H
