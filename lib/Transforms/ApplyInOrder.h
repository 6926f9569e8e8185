//===- ApplyInOrder.h - Patterns applied once per op, in order -*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_APPLYINORDER_H
#define SYMSHAPE_LIB_TRANSFORMS_APPLYINORDER_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"

namespace symshape {

/// Applies the patterns `populate` adds to each of `ops`, in order, once,
/// through `rewriter` (the decision patterns of a round: what they apply was
/// proven at those ops, in that order); true if one applied.
inline bool
applyInOrder(llvm::ArrayRef<mlir::Operation *> ops,
             llvm::function_ref<void(mlir::RewritePatternSet &)> populate,
             mlir::PatternRewriter &rewriter) {
  if (ops.empty())
    return false;
  mlir::RewritePatternSet set(rewriter.getContext());
  populate(set);
  mlir::FrozenRewritePatternSet patterns(std::move(set));
  mlir::PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  bool changed = false;
  for (mlir::Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    changed |= mlir::succeeded(applicator.matchAndRewrite(op, rewriter));
  }
  return changed;
}

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_APPLYINORDER_H
