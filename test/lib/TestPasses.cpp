//===- TestPasses.cpp - symshape-opt's test-only passes -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Passes for symshape's own tests, registered in symshape-opt only (not in
// the library's registerAllPasses, nor in the mlir-opt plugin). Two run a
// shipped pass with a deliberately wrong rule turned on (TestHooks.h), so
// that the certificate tests can check that z3 refutes what the rule
// decided (test/Transforms/certify.mlir, certify-canonicalization.mlir);
// one runs the exported pattern sets (symshape/Transforms/Patterns.h) in
// upstream drivers, as a compiler of its own would
// (test/Transforms/pattern-sets.mlir); one runs the greedy driver as the
// cleanups do without idle region simplification, with a pattern that
// leaves a dead constant behind (test/Transforms/lean-rewrites.mlir).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "../../lib/Analysis/TestHooks.h"
#include "../../lib/Transforms/GreedyRewrite.h"
#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

using namespace mlir;

namespace {

/// Runs the shipped pass `Derived::create` makes (writing its certificate
/// to `certify`) with the wrong rule `Derived::hook()` on.
template <typename Derived>
struct TestUnsoundPass : PassWrapper<Derived, OperationPass<>> {
  TestUnsoundPass() = default;
  TestUnsoundPass(const TestUnsoundPass &other)
      : PassWrapper<Derived, OperationPass<>>(other) {}

  void getDependentDialects(DialectRegistry &registry) const override {
    Derived::create("")->getDependentDialects(registry);
  }

  void runOnOperation() override {
    Operation *op = this->getOperation();
    OpPassManager pm(op->getName());
    pm.addPass(Derived::create(certify));
    std::atomic<bool> &hook = Derived::hook();
    hook = true;
    LogicalResult result = this->runPipeline(pm, op);
    hook = false;
    if (failed(result))
      this->signalPassFailure();
  }

  Pass::Option<std::string> certify{*this, "certify",
                                    llvm::cl::desc("The certificate to write")};
};

struct TestUnsoundSimplifyPass : TestUnsoundPass<TestUnsoundSimplifyPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestUnsoundSimplifyPass)
  StringRef getArgument() const final {
    return "symshape-test-unsound-simplify";
  }
  StringRef getDescription() const final {
    return "Test only: symshape-simplify with a deliberately wrong rule "
           "(every two-operand max replaced by its first operand), for the "
           "certificate tests";
  }
  static std::unique_ptr<Pass> create(StringRef certify) {
    symshape::SymShapeSimplifyPassOptions options;
    options.certify = certify.str();
    return symshape::createSymShapeSimplifyPass(options);
  }
  static std::atomic<bool> &hook() { return symshape::testing::unsoundMax; }
};

struct TestUnsoundCleanupPass : TestUnsoundPass<TestUnsoundCleanupPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestUnsoundCleanupPass)
  StringRef getArgument() const final {
    return "symshape-test-unsound-cleanup";
  }
  StringRef getDescription() const final {
    return "Test only: symshape-cleanup whose fact-using canonicalization "
           "takes an operand built from sizes as non-negative whatever its "
           "sign (a wrong rule), for the certificate tests";
  }
  static std::unique_ptr<Pass> create(StringRef certify) {
    symshape::SymShapeCleanupPassOptions options;
    options.certify = certify.str();
    return symshape::createSymShapeCleanupPass(options);
  }
  static std::atomic<bool> &hook() {
    return symshape::testing::unsoundSizeOperands;
  }
};

/// Runs one exported pattern set in an upstream driver: the local
/// repair-reshapes patterns in the greedy driver, and a simplify or
/// dynamic-to-static round per function in the walk driver (which neither
/// folds nor erases dead ops, as a round requires).
struct TestPatternSetsPass
    : PassWrapper<TestPatternSetsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPatternSetsPass)
  TestPatternSetsPass() = default;
  TestPatternSetsPass(const TestPatternSetsPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "symshape-test-pattern-sets"; }
  StringRef getDescription() const final {
    return "Test only: runs one of the exported pattern sets "
           "(symshape/Transforms/Patterns.h) in an upstream driver";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (set == "repair-reshapes") {
      RewritePatternSet patterns(context);
      symshape::populateRepairReshapesPatterns(patterns,
                                               /*loweringForms=*/true);
      if (failed(applyPatternsGreedily(module, std::move(patterns))))
        signalPassFailure();
      return;
    }
    if (set != "simplify" && set != "dynamic-to-static") {
      module.emitError() << "unknown pattern set '" << set << "'";
      return signalPassFailure();
    }
    SymbolTable symbols(module);
    for (auto func : module.getOps<FunctionOpInterface>()) {
      if (func.isExternal())
        continue;
      RewritePatternSet patterns(context);
      if (set == "simplify") {
        auto round = symshape::SimplifyRound::analyse(func, &symbols);
        if (failed(round))
          return signalPassFailure();
        (*round)->populatePatterns(patterns);
        walkAndApplyPatterns(func,
                             FrozenRewritePatternSet(std::move(patterns)));
        continue;
      }
      auto round = symshape::DynamicToStaticRound::analyse(func, &symbols);
      if (failed(round))
        return signalPassFailure();
      (*round)->populatePatterns(patterns);
      walkAndApplyPatterns(func, FrozenRewritePatternSet(std::move(patterns)));
      (*round)->eraseReplacedOps();
    }
  }

  Pass::Option<std::string> set{
      *this, "set",
      llvm::cl::desc("The pattern set: repair-reshapes, simplify or "
                     "dynamic-to-static")};
};

/// Replaces, in place, the operands of an `arith.maxsi` of a value and a
/// constant by the value twice (the same result where the constant is
/// below it; this pass is a test only): the constant becomes dead while
/// the greedy driver does not visit it.
struct MaxOfItselfInPlace : OpRewritePattern<arith::MaxSIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::MaxSIOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getRhs().getDefiningOp<arith::ConstantOp>())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.setOperand(1, op.getLhs()); });
    return success();
  }
};

/// Runs symshape::applyPatternsGreedilyLean on each function with
/// MaxOfItselfInPlace, and says in a remark whether the first run skipped
/// the region simplification and whether a constant is left.
struct TestLeanRewritesPass
    : PassWrapper<TestLeanRewritesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLeanRewritesPass)

  StringRef getArgument() const final { return "symshape-test-lean-rewrites"; }
  StringRef getDescription() const final {
    return "Test only: the greedy driver without idle region "
           "simplification, with a pattern that orphans a constant in place";
  }

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<MaxOfItselfInPlace>(&getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));
    GreedyRewriteConfig config;
    config.enableFolding(false);
    for (auto func : getOperation().getOps<FunctionOpInterface>()) {
      bool changed = false, lean = false;
      if (failed(symshape::applyPatternsGreedilyLean(func, frozen, config,
                                                     &changed, &lean)))
        return signalPassFailure();
      bool constants = false;
      func.walk([&](arith::ConstantOp) { constants = true; });
      func.emitRemark() << (lean ? "lean" : "full") << " run, "
                        << (changed ? "changed" : "unchanged") << ", "
                        << (constants ? "a constant left" : "no constant");
    }
  }
};

} // namespace

void symshape::registerTestPasses() {
  PassRegistration<TestUnsoundSimplifyPass>();
  PassRegistration<TestUnsoundCleanupPass>();
  PassRegistration<TestPatternSetsPass>();
  PassRegistration<TestLeanRewritesPass>();
}
