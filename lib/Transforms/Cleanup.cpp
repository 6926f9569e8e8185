//===- Cleanup.cpp - symshape-cleanup -------------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Upstream canonicalization and CSE as the pipeline runs them: the
// canonicalization patterns are collected as upstream's canonicalizer
// collects them, without the patterns that are unsound in MLIR 22.1, and a
// canonicalization after CSE runs only where CSE changed the IR (or the
// first one did not reach its fixpoint).
//
//===----------------------------------------------------------------------===//

#include "symshape/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPECLEANUPPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

namespace {

/// The upstream patterns left out, by their debug names in the installed
/// MLIR (the pass description says why).
/// test/e2e/growing-loop-carry.mlir,
/// test/bad-input/contradicting-static-operands.mlir and
/// test/e2e/cast-after-check.mlir fail if a name stops matching.
constexpr StringLiteral kUnsoundPatterns[] = {
    "(anonymous namespace)::ForOpTensorCastFolder", "FoldTensorCastProducerOp",
    "(anonymous namespace)::FoldTensorCastConsumerOp"};

class SymShapeCleanupPass
    : public symshape::impl::SymShapeCleanupPassBase<SymShapeCleanupPass> {
public:
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    // The set -canonicalize uses: every loaded dialect's patterns, then
    // every registered op's, frozen once per pipeline (clones share it).
    RewritePatternSet set(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(set);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      name.getCanonicalizationPatterns(set, context);
    SmallVector<std::string> disabled(std::begin(kUnsoundPatterns),
                                      std::end(kUnsoundPatterns));
    patterns = FrozenRewritePatternSet(std::move(set), disabled);
    return success();
  }

  void runOnOperation() override {
    Operation *op = getOperation();
    // The configuration of createCanonicalizerPass(GreedyRewriteConfig()).
    GreedyRewriteConfig config;
    bool changed = false;
    bool converged =
        succeeded(applyPatternsGreedily(op, patterns, config, &changed));
    if (cse) {
      bool merged = false;
      IRRewriter rewriter(op->getContext());
      DominanceInfo dominance(op);
      eliminateCommonSubExpressions(rewriter, dominance, op, &merged);
      changed |= merged;
      // After a fixpoint, the same patterns on the same IR change nothing.
      if (merged || !converged) {
        bool again = false;
        (void)applyPatternsGreedily(op, patterns, config, &again);
        changed |= again;
      }
    }
    if (!changed)
      markAllAnalysesPreserved();
  }

private:
  FrozenRewritePatternSet patterns;
};

} // namespace
