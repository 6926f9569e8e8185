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
// rewritten while the others are. Functions on a call cycle read each other
// and are analysed together, then rewritten in order. One scheduler
// (runInCallOrder) does this for every pass.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_UNITS_H
#define SYMSHAPE_LIB_TRANSFORMS_UNITS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Support/LogicalResult.h"
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

/// The units (of analysisUnits(root)) in the order of their calls: the
/// strongly connected components of the call graph (mlir::CallGraph, with
/// each callable mapped to the unit that holds it), in layers. A component
/// is in the layer after the last layer of the components it calls, so the
/// components of one layer call nothing of each other: they can be
/// processed in parallel. A component is a single unit (`acyclic`) or the
/// units of a call cycle (`cycles`, a unit calling itself included), which
/// read each other and are processed together. All hold indices into
/// `units`. Calls whose callee is a value are not followed: an analysis
/// never reads the body behind them. `called` marks the units some call
/// names.
struct CallOrder {
  struct Layer {
    llvm::SmallVector<size_t> acyclic;
    llvm::SmallVector<llvm::SmallVector<size_t>> cycles;
  };
  llvm::SmallVector<Layer> layers;
  llvm::BitVector called;
};
CallOrder orderByCalls(mlir::Operation *root,
                       llvm::ArrayRef<mlir::Operation *> units);

/// How runInCallOrder schedules a pass's steps on the units.
struct CallOrderConfig {
  /// Callees before callers: an analysis reads the bodies of the functions
  /// it calls as the pass left them. Otherwise callers before callees: as
  /// they were before the pass (symshape-lower).
  bool calleesFirst = true;
  /// Whether a unit's `apply` runs in the unit's own task, in parallel with
  /// the other units of its layer. Otherwise the applies of a batch run in
  /// order once its analyses are done (an apply that adds functions).
  bool parallelApply = true;
  /// At most this many units of a layer are analysed at once (0: all of
  /// them): bounds the analyses alive when applies wait for a batch.
  size_t maxBatch = 0;
  /// Rounds of prepare, analyse, apply. A unit alone repeats them in its
  /// task while its apply changes it; a cycle (and a batch whose applies
  /// wait) repeats them over all of its units while one changes.
  unsigned maxRounds = 1;
};

/// What a pass does to one unit (an index into the units), in three steps.
struct UnitSteps {
  /// Edits only the unit, before it is analysed (null: nothing). In a
  /// cycle, every unit is prepared, in order, before any is analysed.
  llvm::function_ref<mlir::LogicalResult(size_t unit, unsigned round)> prepare =
      nullptr;
  /// Reads the unit and the bodies of what it calls, keeping what it finds
  /// for `apply`; runs in parallel with the analyses of other units.
  llvm::function_ref<mlir::LogicalResult(size_t unit, unsigned round)> analyse;
  /// Rewrites the unit from what `analyse` found; whether it changed.
  llvm::function_ref<mlir::FailureOr<bool>(size_t unit, unsigned round)> apply;
};

/// Runs `steps` on every unit in `order` as `config` says: layer by layer,
/// each unit alone in a task of its own, each cycle analysed in parallel
/// and applied in order. Diagnostics come out in the order of the units
/// within a batch. Fails if a step does (after the batch it is in).
mlir::LogicalResult runInCallOrder(mlir::MLIRContext *context,
                                   const CallOrder &order,
                                   const CallOrderConfig &config,
                                   const UnitSteps &steps);

/// A symbol table of `root` if it is a symbol table (a module), for
/// ShapeAnalysis::setSymbolTable; null otherwise.
std::unique_ptr<mlir::SymbolTable> moduleSymbolTable(mlir::Operation *root);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_UNITS_H
