//===- GreedyRewrite.cpp - The greedy driver without idle sweeps ----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "GreedyRewrite.h"

#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

bool symshape::mayNeedRegionSimplification(Operation *root, bool visited) {
  WalkResult result = root->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty() &&
          (!region.hasOneBlock() || mayBeGraphRegion(region)))
        return WalkResult::interrupt();
    bool skipped = !visited || op->hasTrait<OpTrait::ConstantLike>();
    return op != root && skipped && isOpTriviallyDead(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return result.wasInterrupted();
}

LogicalResult symshape::applyPatternsGreedilyLean(
    Operation *root, const FrozenRewritePatternSet &patterns,
    GreedyRewriteConfig config, bool *changed, bool *lean) {
  if (lean)
    *lean = false;
  if (config.getRegionSimplificationLevel() ==
          GreedySimplifyRegionLevel::Disabled ||
      mayNeedRegionSimplification(root, /*visited=*/true))
    return applyPatternsGreedily(root, patterns, config, changed);
  if (lean)
    *lean = true;
  GreedyRewriteConfig straight = config;
  straight.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  bool leanChanged = false;
  LogicalResult converged =
      applyPatternsGreedily(root, patterns, straight, &leanChanged);
  if (changed)
    *changed = leanChanged;
  if (!leanChanged || !mayNeedRegionSimplification(root, /*visited=*/false))
    return converged;
  bool again = false;
  converged = applyPatternsGreedily(root, patterns, config, &again);
  if (changed)
    *changed |= again;
  return converged;
}
