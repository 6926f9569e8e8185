//===- Cleanup.cpp - symshape-cleanup -------------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Upstream canonicalization and CSE as the pipeline runs them: the
// canonicalization patterns are collected as upstream's canonicalizer
// collects them, without the patterns that are unsound in MLIR 22.1; each
// function runs with those tried on the kinds of op it has (PatternSets);
// and a canonicalization after CSE runs only where CSE changed the IR (or
// the first one did not reach its fixpoint).
//
//===----------------------------------------------------------------------===//

#include "Certify.h"
#include "GreedyRewrite.h"
#include "symshape/IR/SymShapeFactsInterface.h"
#include "symshape/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringSet.h"

#include <map>
#include <mutex>
#include <optional>

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPECLEANUPPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

namespace {

/// The upstream patterns left out, by their unqualified names (the pass
/// description says why). A pattern's debug name is its C++ type name as the
/// compiler that built libMLIR spells it (`(anonymous
/// namespace)::ForOpTensorCastFolder`, `mlir::tensor::...`); only the part
/// after the last `::` is compared, so another compiler's spelling of the
/// namespaces does not matter. test/e2e/growing-loop-carry.mlir,
/// test/bad-input/contradicting-static-operands.mlir and
/// test/e2e/cast-after-check.mlir fail if a name stops matching.
constexpr StringLiteral kUnsoundPatterns[] = {"ForOpTensorCastFolder",
                                              "FoldTensorCastProducerOp",
                                              "FoldTensorCastConsumerOp"};

/// Whether `pattern` is one of kUnsoundPatterns.
bool isUnsound(const RewritePattern &pattern) {
  StringRef name = pattern.getDebugName();
  size_t colons = name.rfind("::");
  if (colons != StringRef::npos)
    name = name.drop_front(colons + 2);
  return llvm::is_contained(kUnsoundPatterns, name);
}

/// Kinds of op that canonicalization patterns often create where there was
/// none (a cast to a more static type, a select of a folded branch, a
/// folded dim of a reshape): subsets always have their patterns, so that
/// the whole set is seldom needed.
constexpr StringLiteral kOftenCreated[] = {"tensor.cast", "arith.select",
                                           "affine.apply"};

/// The canonicalization patterns, frozen once per pipeline and shared by
/// the pass's clones on every thread: the whole set, and the subsets that
/// functions use.
///
/// Upstream's greedy driver prepares its pattern set on every run (the
/// sorted pattern list of every op kind that has one: about 287,000
/// instructions), which costs more than canonicalizing a small function. A
/// function canonicalizes with the subset of the whole set's patterns that
/// are tried on the kinds of op it has: the whole set, frozen, lists them
/// per kind (a pattern of an interface or a trait under each kind that has
/// it), and the subset lists the same patterns, in the same order, under
/// the same kinds (each through a `Borrowed` wrapper that roots it at that
/// kind), so on those ops the driver tries the same patterns in the same
/// order. If a pattern creates an op of another kind that has patterns, the
/// function is canonicalized again with the whole set.
class PatternSets {
  /// A pattern of the whole set, tried on one kind of op (or on any op).
  class Borrowed : public RewritePattern {
  public:
    Borrowed(OperationName root, const RewritePattern &pattern)
        : RewritePattern(root.getStringRef(), pattern.getBenefit(),
                         root.getContext()),
          pattern(pattern) {
      copyProperties();
    }
    explicit Borrowed(const RewritePattern &pattern)
        : RewritePattern(MatchAnyOpTypeTag(), pattern.getBenefit(),
                         pattern.getContext()),
          pattern(pattern) {
      copyProperties();
    }

    LogicalResult matchAndRewrite(Operation *op,
                                  PatternRewriter &rewriter) const override {
      return pattern.matchAndRewrite(op, rewriter);
    }

  private:
    void copyProperties() {
      setDebugName(pattern.getDebugName());
      addDebugLabels(pattern.getDebugLabels());
      setHasBoundedRewriteRecursion(pattern.hasBoundedRewriteRecursion());
    }

    const RewritePattern &pattern;
  };

public:
  /// Without `facts`, the symshape patterns that ask the facts interface
  /// (kFactPatternLabel) are left out.
  PatternSets(MLIRContext *context, bool facts) : context(context) {
    // In the order -canonicalize collects them: every loaded dialect, then
    // every registered op.
    RewritePatternSet set(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(set);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      name.getCanonicalizationPatterns(set, context);
    llvm::erase_if(set.getNativePatterns(),
                   [&](const std::unique_ptr<RewritePattern> &pattern) {
                     return isUnsound(*pattern) ||
                            (!facts &&
                             llvm::is_contained(pattern->getDebugLabels(),
                                                kFactPatternLabel));
                   });
    all = FrozenRewritePatternSet(std::move(set));
    for (StringRef name : kOftenCreated)
      if (std::optional<RegisteredOperationName> kind =
              RegisteredOperationName::lookup(name, context))
        oftenCreated.push_back(*kind);
  }

  const FrozenRewritePatternSet &getAll() const { return all; }

  /// The kinds of the ops in `root` and those in kOftenCreated, sorted by
  /// `lessThan`.
  SmallVector<OperationName> getKinds(Operation *root) const {
    llvm::SmallDenseSet<OperationName, 16> seen(oftenCreated.begin(),
                                                oftenCreated.end());
    root->walk([&](Operation *op) { seen.insert(op->getName()); });
    SmallVector<OperationName> kinds(seen.begin(), seen.end());
    llvm::sort(kinds, lessThan);
    return kinds;
  }

  /// The patterns tried on ops of the given kinds (sorted by `lessThan`),
  /// and the patterns tried on every op; built once per set of kinds.
  const FrozenRewritePatternSet &
  getSubset(const SmallVectorImpl<OperationName> &kinds) {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<const void *> key;
    for (OperationName kind : kinds)
      key.push_back(kind.getAsOpaquePointer());
    std::unique_ptr<FrozenRewritePatternSet> &subset = subsets[key];
    if (subset)
      return *subset;
    RewritePatternSet set(context);
    for (OperationName kind : kinds) {
      auto it = all.getOpSpecificNativePatterns().find(kind);
      if (it != all.getOpSpecificNativePatterns().end())
        for (const RewritePattern *pattern : it->second)
          set.add(std::make_unique<Borrowed>(kind, *pattern));
    }
    for (const RewritePattern &pattern : all.getMatchAnyOpNativePatterns())
      set.add(std::make_unique<Borrowed>(pattern));
    subset = std::make_unique<FrozenRewritePatternSet>(std::move(set));
    return *subset;
  }

  /// Whether some pattern is tried on ops named `name`.
  bool hasRootedPatterns(OperationName name) const {
    return all.getOpSpecificNativePatterns().contains(name);
  }

  static bool lessThan(OperationName a, OperationName b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  }

private:
  MLIRContext *context;
  FrozenRewritePatternSet all;
  SmallVector<OperationName> oftenCreated;
  std::mutex mutex;
  std::map<std::vector<const void *>, std::unique_ptr<FrozenRewritePatternSet>>
      subsets;
};

/// Notes whether an op was created of a kind outside `kinds` that some
/// pattern is tried on (a pattern the subset left out).
class UncoveredOps : public RewriterBase::Listener {
public:
  UncoveredOps(const PatternSets &sets, ArrayRef<OperationName> kinds)
      : sets(sets), kinds(kinds) {}

  bool isCovered(Operation *op) const {
    return std::binary_search(kinds.begin(), kinds.end(), op->getName(),
                              PatternSets::lessThan) ||
           !sets.hasRootedPatterns(op->getName());
  }

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    if (!isCovered(op))
      found = true;
  }

  const PatternSets &sets;
  ArrayRef<OperationName> kinds;
  bool found = false;
};

/// Collects the obligations of the decisions the symshape patterns take on
/// one operation.
class ObligationRecorder : public DecisionRecorder {
public:
  void record(ShapeAnalysis &analysis, Location loc, StringRef what,
              ArrayRef<Relation> claim) override {
    obligations.push_back(makeObligation(
        analysis, loc, (what + ":" + describeClaim(analysis, claim)).str(),
        claim));
  }

  std::vector<Obligation> obligations;
};

/// Writes the obligations of one run of the pass: the first run in this
/// process that writes `path` replaces it (unless `append`), later ones
/// append, one at a time (the pass runs on functions in parallel).
LogicalResult writeRunObligations(MLIRContext *context,
                                  ArrayRef<Obligation> obligations,
                                  StringRef path, bool append) {
  static std::mutex mutex;
  static llvm::StringSet<> written;
  std::lock_guard<std::mutex> lock(mutex);
  bool first = written.insert(path).second;
  return writeObligations(context, obligations, path, append || !first);
}

class SymShapeCleanupPass
    : public symshape::impl::SymShapeCleanupPassBase<SymShapeCleanupPass> {
public:
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    sets = std::make_shared<PatternSets>(context, facts);
    return success();
  }

  void runOnOperation() override {
    // The symshape patterns' decisions, when certifying.
    ObligationRecorder recorder;
    std::optional<ScopedDecisionRecorder> recording;
    if (!certify.empty())
      recording.emplace(&recorder);
    cleanup();
    recording.reset();
    if (!certify.empty() &&
        failed(writeRunObligations(&getContext(), recorder.obligations, certify,
                                   certifyAppend)))
      return signalPassFailure();
  }

private:
  void cleanup() {
    Operation *op = getOperation();
    SmallVector<OperationName> kinds = sets->getKinds(op);
    const FrozenRewritePatternSet *patterns = &sets->getSubset(kinds);
    UncoveredOps uncovered(*sets, kinds);
    // The configuration of createCanonicalizerPass(GreedyRewriteConfig()).
    GreedyRewriteConfig config;
    auto canonicalize = [&](bool &changed) {
      bool converged =
          succeeded(applyPatternsGreedilyLean(op, *patterns, config, &changed));
      if (patterns == &sets->getAll())
        return converged;
      // The listener saw the ops created during the run; the walk finds
      // any that a pattern created without telling the rewriter.
      if (!uncovered.found) {
        op->walk([&](Operation *nested) {
          if (!uncovered.isCovered(nested))
            uncovered.found = true;
        });
      }
      if (!uncovered.found)
        return converged;
      // An op that patterns left out could match: the whole set.
      patterns = &sets->getAll();
      bool again = false;
      converged =
          succeeded(applyPatternsGreedilyLean(op, *patterns, config, &again));
      changed |= again;
      return converged;
    };
    config.setListener(&uncovered);
    bool changed = false;
    bool converged = canonicalize(changed);
    if (cse) {
      bool merged = false;
      IRRewriter rewriter(op->getContext());
      DominanceInfo dominance(op);
      eliminateCommonSubExpressions(rewriter, dominance, op, &merged);
      changed |= merged;
      // After a fixpoint, the same patterns on the same IR change nothing.
      if (merged || !converged) {
        bool again = false;
        (void)canonicalize(again);
        changed |= again;
      }
    }
    if (!changed)
      markAllAnalysesPreserved();
  }

  std::shared_ptr<PatternSets> sets;
};

} // namespace
