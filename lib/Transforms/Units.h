//===- Units.h - Functions analysed independently ---------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the passes of lib/Transforms (not installed): the analysis passes
// analyse the functions of a module in parallel. An analysis reads the IR of
// its own function and, through call summaries, the bodies of the functions
// it calls. Taken in call-graph order, callees first, the functions of one
// layer read no other function of the layer: each can be analysed and
// rewritten while the others are. Functions on call cycles read each other
// and are analysed together, then rewritten in order.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_UNITS_H
#define SYMSHAPE_LIB_TRANSFORMS_UNITS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace symshape {

/// The ops analysed independently: the isolated-from-above ops (functions)
/// directly in a module, or `root` itself (a function, or a module holding
/// anything else).
llvm::SmallVector<mlir::Operation *> analysisUnits(mlir::Operation *root);

/// Runs `fn(i)` for every i in [0, n) in parallel (serially when the
/// context has threading disabled), all of them even after one fails;
/// diagnostics come out ordered by i. Fails if any call does.
mlir::LogicalResult
forEachUnit(mlir::MLIRContext *context, size_t n,
            llvm::function_ref<mlir::LogicalResult(size_t)> fn);

/// The units (of analysisUnits(root)) in an order that lets each be
/// processed once everything it reads is done: each layer holds units whose
/// calls name only units of earlier layers (so the units of a layer can be
/// processed in parallel, each in one task); `cyclic` holds the units on a
/// call cycle or calling into one, which must be processed together, after
/// the layers. All hold indices into `units`. Calls whose callee is a value
/// are not followed: an analysis never reads the body behind them.
/// `called` marks the units some call names.
struct CallOrder {
  llvm::SmallVector<llvm::SmallVector<size_t>> layers;
  llvm::SmallVector<size_t> cyclic;
  llvm::BitVector called;
};
CallOrder orderByCalls(mlir::Operation *root,
                       llvm::ArrayRef<mlir::Operation *> units,
                       const mlir::SymbolTable *symbols);

/// A symbol table of `root` if it is a symbol table (a module), for
/// ShapeAnalysis::setSymbolTable; null otherwise.
std::unique_ptr<mlir::SymbolTable> moduleSymbolTable(mlir::Operation *root);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_UNITS_H
