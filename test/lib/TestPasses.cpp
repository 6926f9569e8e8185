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

/// Runs `pm` on `op` from `pass` with `hook` on.
template <typename PassT>
LogicalResult runWithHook(PassT &pass, OpPassManager &pm, Operation *op,
                          std::atomic<bool> &hook) {
  hook = true;
  LogicalResult result = pass.runNested(pm, op);
  hook = false;
  return result;
}

struct TestUnsoundSimplifyPass
    : PassWrapper<TestUnsoundSimplifyPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestUnsoundSimplifyPass)
  TestUnsoundSimplifyPass() = default;
  TestUnsoundSimplifyPass(const TestUnsoundSimplifyPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final {
    return "symshape-test-unsound-simplify";
  }
  StringRef getDescription() const final {
    return "Test only: symshape-simplify with a deliberately wrong rule "
           "(every two-operand max replaced by its first operand), for the "
           "certificate tests";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    symshape::createSymShapeSimplifyPass()->getDependentDialects(registry);
  }

  void runOnOperation() override {
    symshape::SymShapeSimplifyPassOptions options;
    options.certify = certify;
    OpPassManager pm(getOperation()->getName());
    pm.addPass(symshape::createSymShapeSimplifyPass(options));
    if (failed(runWithHook(*this, pm, getOperation(),
                           symshape::testing::unsoundMax)))
      signalPassFailure();
  }

  LogicalResult runNested(OpPassManager &pm, Operation *op) {
    return runPipeline(pm, op);
  }

  Option<std::string> certify{*this, "certify",
                              llvm::cl::desc("The certificate to write")};
};

struct TestUnsoundCleanupPass
    : PassWrapper<TestUnsoundCleanupPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestUnsoundCleanupPass)
  TestUnsoundCleanupPass() = default;
  TestUnsoundCleanupPass(const TestUnsoundCleanupPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final {
    return "symshape-test-unsound-cleanup";
  }
  StringRef getDescription() const final {
    return "Test only: symshape-cleanup whose fact-using canonicalization "
           "takes an operand built from sizes as non-negative whatever its "
           "sign (a wrong rule), for the certificate tests";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    symshape::createSymShapeCleanupPass()->getDependentDialects(registry);
  }

  void runOnOperation() override {
    symshape::SymShapeCleanupPassOptions options;
    options.certify = certify;
    OpPassManager pm(getOperation()->getName());
    pm.addPass(symshape::createSymShapeCleanupPass(options));
    if (failed(runWithHook(*this, pm, getOperation(),
                           symshape::testing::unsoundSizeOperands)))
      signalPassFailure();
  }

  LogicalResult runNested(OpPassManager &pm, Operation *op) {
    return runPipeline(pm, op);
  }

  Option<std::string> certify{*this, "certify",
                              llvm::cl::desc("The certificate to write")};
};

} // namespace

void symshape::registerTestPasses() {
  PassRegistration<TestUnsoundSimplifyPass>();
  PassRegistration<TestUnsoundCleanupPass>();
}
