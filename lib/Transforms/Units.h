//===- Units.h - Functions analysed independently ---------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the passes of lib/Transforms (not installed): the analysis passes
// analyse the functions of a module in parallel. An analysis reads the IR of
// its own function and, through call summaries, the bodies of the functions
// it calls. A function that no call names is read by no other analysis: it
// can be analysed and rewritten in one task. The functions that calls name
// are analysed first, in parallel, and rewritten afterwards, in order.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_UNITS_H
#define SYMSHAPE_LIB_TRANSFORMS_UNITS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
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

/// Splits `units` (of analysisUnits(root)) into those a call in `root` may
/// name (`called`) and the others (`uncalled`), in order; both hold indices
/// into `units`. One walk of `root`.
void splitByCalls(mlir::Operation *root,
                  llvm::ArrayRef<mlir::Operation *> units,
                  llvm::SmallVectorImpl<size_t> &called,
                  llvm::SmallVectorImpl<size_t> &uncalled);

/// The units (of analysisUnits(root)) in an order that lets each be
/// processed once everything it reads is done: each layer holds units whose
/// calls name only units of earlier layers (so the units of a layer can be
/// processed in parallel, each in one task); `cyclic` holds the units on a
/// call cycle or calling into one, which must be processed together, after
/// the layers. All hold indices into `units`. Calls whose callee is a value
/// are not followed: an analysis never reads the body behind them.
struct CallOrder {
  llvm::SmallVector<llvm::SmallVector<size_t>> layers;
  llvm::SmallVector<size_t> cyclic;
};
CallOrder orderByCalls(mlir::Operation *root,
                       llvm::ArrayRef<mlir::Operation *> units,
                       const mlir::SymbolTable *symbols);

/// A symbol table of `root` if it is a symbol table (a module), for
/// ShapeAnalysis::setSymbolTable; null otherwise.
std::unique_ptr<mlir::SymbolTable> moduleSymbolTable(mlir::Operation *root);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_UNITS_H
