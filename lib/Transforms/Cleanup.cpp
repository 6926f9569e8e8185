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
/// Upstream's greedy driver prepares its pattern set on every run (every
/// pattern of every loaded dialect, sorted per op: about 287,000
/// instructions), which costs more than canonicalizing a small function. A
/// function canonicalizes with the subset of the patterns that are tried on
/// the kinds of op it has: on those ops the driver tries the same patterns
/// in the same order (a pattern of an interface or a trait is tried on each
/// of those kinds that implements it), so the run is the same. If a pattern
/// creates an op of another kind that a left-out pattern is tried on, the
/// function is canonicalized again with the whole set.
class PatternSets {
  /// A pattern of an interface or a trait, tried on one kind of op.
  class TriedOn : public RewritePattern {
  public:
    TriedOn(OperationName root, std::shared_ptr<RewritePattern> pattern)
        : RewritePattern(root.getStringRef(), pattern->getBenefit(),
                         root.getContext(), generatedNames(*pattern)),
          pattern(std::move(pattern)) {
      setDebugName(this->pattern->getDebugName());
      addDebugLabels(this->pattern->getDebugLabels());
      setHasBoundedRewriteRecursion(
          this->pattern->hasBoundedRewriteRecursion());
    }

    LogicalResult matchAndRewrite(Operation *op,
                                  PatternRewriter &rewriter) const override {
      return pattern->matchAndRewrite(op, rewriter);
    }

  private:
    static SmallVector<StringRef> generatedNames(const Pattern &pattern) {
      return llvm::map_to_vector(
          pattern.getGeneratedOps(),
          [](OperationName name) { return name.getStringRef(); });
    }

    std::shared_ptr<RewritePattern> pattern;
  };

public:
  explicit PatternSets(MLIRContext *context) : context(context) {
    // Where the patterns come from, in the order -canonicalize collects
    // them: every loaded dialect, then every registered op.
    for (Dialect *dialect : context->getLoadedDialects())
      sources.push_back({dialect, std::nullopt, {}});
    for (RegisteredOperationName name : context->getRegisteredOperations())
      sources.push_back({nullptr, name, {}});
    RewritePatternSet set(context);
    for (Source &source : sources) {
      RewritePatternSet patterns = source.collect(context);
      for (std::unique_ptr<RewritePattern> &pattern :
           patterns.getNativePatterns()) {
        SmallVector<OperationName> &roots = source.roots.emplace_back();
        forEachRoot(*pattern, [&](OperationName name) {
          roots.push_back(name);
          rooted.insert(name);
        });
        set.add(std::move(pattern));
      }
    }
    all = freeze(std::move(set));
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

  /// The patterns tried on ops of the given kinds (sorted by
  /// `lessThan`), and the patterns tried on every op.
  const FrozenRewritePatternSet &
  getSubset(const SmallVectorImpl<OperationName> &kinds) {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<const void *> key;
    for (OperationName kind : kinds)
      key.push_back(kind.getAsOpaquePointer());
    std::unique_ptr<FrozenRewritePatternSet> &subset = subsets[key];
    if (subset)
      return *subset;
    auto isTried = [&](ArrayRef<OperationName> roots) {
      return roots.empty() || llvm::any_of(roots, [&](OperationName root) {
               return std::binary_search(kinds.begin(), kinds.end(), root,
                                         lessThan);
             });
    };
    RewritePatternSet set(context);
    for (Source &source : sources) {
      if (llvm::none_of(source.roots, isTried))
        continue;
      RewritePatternSet patterns = source.collect(context);
      for (auto [pattern, roots] :
           llvm::zip_equal(patterns.getNativePatterns(), source.roots)) {
        if (roots.empty() || pattern->getRootKind()) {
          if (isTried(roots))
            set.add(std::move(pattern));
          continue;
        }
        // A pattern tried on the ops of an interface or trait is tried
        // here on the kinds the function has, not on every kind
        // registered (for example two linalg patterns on each of some 90
        // named ops).
        std::shared_ptr<RewritePattern> shared = std::move(pattern);
        for (OperationName root : roots)
          if (std::binary_search(kinds.begin(), kinds.end(), root, lessThan))
            set.add(std::make_unique<TriedOn>(root, shared));
      }
    }
    subset = std::make_unique<FrozenRewritePatternSet>(freeze(std::move(set)));
    return *subset;
  }

  /// Whether some pattern is tried on ops named `name`.
  bool hasRootedPatterns(OperationName name) const {
    return rooted.contains(name);
  }

  static bool lessThan(OperationName a, OperationName b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  }

private:
  /// A dialect or an op whose canonicalization patterns -canonicalize
  /// collects, with the op names each of its patterns is tried on (none
  /// for a pattern tried on every op).
  struct Source {
    Dialect *dialect;
    std::optional<RegisteredOperationName> op;
    std::vector<SmallVector<OperationName>> roots;

    RewritePatternSet collect(MLIRContext *context) const {
      RewritePatternSet patterns(context);
      if (dialect)
        dialect->getCanonicalizationPatterns(patterns);
      else
        op->getCanonicalizationPatterns(patterns, context);
      return patterns;
    }
  };

  /// Calls `fn` on every op name that `pattern` is tried on, as the
  /// greedy driver's pattern applicator finds them.
  void forEachRoot(const RewritePattern &pattern,
                   llvm::function_ref<void(OperationName)> fn) const {
    if (std::optional<OperationName> root = pattern.getRootKind()) {
      fn(*root);
      return;
    }
    std::optional<TypeID> interface = pattern.getRootInterfaceID();
    std::optional<TypeID> trait = pattern.getRootTraitID();
    if (!interface && !trait)
      return;
    for (RegisteredOperationName name : context->getRegisteredOperations())
      if (interface ? name.hasInterface(*interface) : name.hasTrait(*trait))
        fn(name);
  }

  /// Without the unsound patterns.
  static FrozenRewritePatternSet freeze(RewritePatternSet &&set) {
    llvm::erase_if(set.getNativePatterns(),
                   [](const std::unique_ptr<RewritePattern> &pattern) {
                     return isUnsound(*pattern);
                   });
    return FrozenRewritePatternSet(std::move(set));
  }

  MLIRContext *context;
  std::vector<Source> sources;
  FrozenRewritePatternSet all;
  DenseSet<OperationName> rooted;
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
    sets = std::make_shared<PatternSets>(context);
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
          succeeded(applyPatternsGreedily(op, *patterns, config, &changed));
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
          succeeded(applyPatternsGreedily(op, *patterns, config, &again));
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
