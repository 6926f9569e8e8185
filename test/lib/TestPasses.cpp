//===- TestPasses.cpp - symshape-opt's test-only passes -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Passes for symshape's own tests, registered in symshape-opt only (not in
// the library's registerAllPasses, nor in the mlir-opt plugin). Each runs a
// shipped pass with a deliberately wrong rule turned on (TestHooks.h), so
// that the certificate tests can check that z3 refutes what the rule
// decided (test/Transforms/certify.mlir, certify-canonicalization.mlir).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "../../lib/Analysis/TestHooks.h"
#include "symshape/Transforms/Passes.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

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

} // namespace

void symshape::registerTestPasses() {
  PassRegistration<TestUnsoundSimplifyPass>();
  PassRegistration<TestUnsoundCleanupPass>();
}
