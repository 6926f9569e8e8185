//===- GreedyRewrite.h - The greedy driver without idle sweeps --*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the passes of lib/Transforms (not installed).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_GREEDYREWRITE_H
#define SYMSHAPE_LIB_TRANSFORMS_GREEDYREWRITE_H

#include "mlir/IR/Operation.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace symshape {

/// Whether the greedy driver's region simplification could change the IR
/// under `root` (its regions, not `root` itself): a region with more than
/// one block (unreachable blocks, dead block arguments, blocks to merge), a
/// region that may be a graph region (dead cycles), or an op that is
/// trivially dead and that the driver does not visit. With `visited`, the
/// driver is about to visit every op, and erases the dead ones as it does,
/// except the constants it collects instead; without, no op is visited again
/// (after a run: an op that a pattern made dead by updating its user in
/// place).
bool mayNeedRegionSimplification(mlir::Operation *root, bool visited);

/// `applyPatternsGreedily(root, patterns, config, changed)`, with the
/// driver's region simplification (a liveness analysis of the whole region
/// after every sweep, most of a sweep's cost on a straight-line function)
/// skipped where it has nothing to do: when `root`'s regions are single
/// blocks of SSA code without a dead constant, the driver erases every op
/// that is or becomes dead as it visits it, so the simplification finds
/// nothing. The exception is an op that a pattern orphans by updating its
/// user in place: the driver erases it in its next sweep rather than at the
/// end of this one, or, for a constant, never. So if the run leaves
/// something behind (a dead op, a block a pattern split), the driver runs
/// again with the simplification `config` asks for. `lean` is set to
/// whether the first run skipped the simplification.
mlir::LogicalResult
applyPatternsGreedilyLean(mlir::Operation *root,
                          const mlir::FrozenRewritePatternSet &patterns,
                          mlir::GreedyRewriteConfig config,
                          bool *changed = nullptr, bool *lean = nullptr);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_GREEDYREWRITE_H
