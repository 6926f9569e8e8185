//===- PipelineReport.cpp - What symshape-pipeline did ------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The summary at the head of symshape-pipeline's report: the pipeline's
// input and output compared per public function (checks, max and min,
// dynamic dims, copies, functions), with a line for each check and each max
// or min that stays, which is what a user can act on (a binding, a range, an
// assert of their own).
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/Transforms/Report.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace symshape;

namespace {

/// The prefix of the messages of symshape's own checks of stated facts and
/// bindings (symshape-lower, symshape-specialize).
constexpr llvm::StringLiteral kOwnCheck = "symshape: ";

bool isExtremum(Operation *op) {
  return isa<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(
      op);
}

PipelineReport::Counts countOps(FunctionOpInterface func, bool ownChecks,
                                SmallVectorImpl<Operation *> *kept) {
  PipelineReport::Counts c;
  func->walk([&](Operation *op) {
    if (auto check = dyn_cast<cf::AssertOp>(op)) {
      if (ownChecks || !check.getMsg().starts_with(kOwnCheck)) {
        ++c.checks;
        if (kept)
          kept->push_back(op);
      }
    } else if (isExtremum(op)) {
      ++c.extrema;
      if (kept)
        kept->push_back(op);
    } else if (isa<tensor::GenerateOp>(op)) {
      ++c.copies;
    }
    for (Type t : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(t))
        c.dynamicDims += tensor.getNumDynamicDims();
  });
  return c;
}

template <typename Fn> void forEachPublicFunction(Operation *root, Fn fn) {
  root->walk([&](FunctionOpInterface func) {
    if (!func.isExternal() && func.isPublic())
      fn(func);
  });
}

unsigned countFunctions(Operation *root) {
  unsigned n = 0;
  root->walk([&](FunctionOpInterface func) { n += !func.isExternal(); });
  return n;
}

struct StartPass : PassWrapper<StartPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StartPass)
  explicit StartPass(std::shared_ptr<PipelineReport> report)
      : report(std::move(report)) {}
  StringRef getArgument() const final { return "symshape-report-start"; }
  void runOnOperation() override {
    report->before.clear();
    report->facts.clear();
    report->functionsBefore = countFunctions(getOperation());
    forEachPublicFunction(getOperation(), [&](FunctionOpInterface func) {
      report->before[func.getName()] = countOps(func, true, nullptr);
    });
    markAllAnalysesPreserved();
  }
  std::shared_ptr<PipelineReport> report;
};

struct EndPass : PassWrapper<EndPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EndPass)
  explicit EndPass(std::shared_ptr<PipelineReport> report)
      : report(std::move(report)) {}
  StringRef getArgument() const final { return "symshape-report-end"; }

  void runOnOperation() override {
    std::string text;
    llvm::raw_string_ostream os(text);
    Operation *root = getOperation();
    unsigned functionsAfter = countFunctions(root);
    forEachPublicFunction(root, [&](FunctionOpInterface func) {
      auto it = report->before.find(func.getName());
      if (it == report->before.end())
        return; // A version a profile added: counted with its origin.
      const PipelineReport::Counts &was = it->second;
      SmallVector<Operation *> kept;
      PipelineReport::Counts now = countOps(func, false, &kept);
      // A function with nothing dynamic (a test harness) has nothing to
      // summarize.
      if (!was.checks && !was.extrema && !was.dynamicDims && !now.checks &&
          !now.extrema && !now.dynamicDims && !now.copies)
        return;
      os << "symshape summary for @" << func.getName() << ":\n";
      unsigned removed = was.checks > now.checks ? was.checks - now.checks : 0;
      os << "  checks: " << was.checks << " in the input, " << removed
         << " removed by proof, " << now.checks << " kept\n";
      unsigned decided =
          was.extrema > now.extrema ? was.extrema - now.extrema : 0;
      os << "  max/min: " << was.extrema << " in the input, " << decided
         << " decided, " << now.extrema << " kept\n";
      os << "  dynamic dims: " << was.dynamicDims << " in the input's types, "
         << now.dynamicDims << " in the output's\n";
      unsigned copies = now.copies > was.copies ? now.copies - was.copies : 0;
      os << "  copies introduced: " << copies;
      if (copies)
        os << " (gathers for expand_shape forms that MLIR 22.1 cannot "
              "lower)";
      os << "\n";
      for (Operation *op : kept) {
        os << "    kept at " << describeLocation(op->getLoc()) << ": ";
        if (auto check = dyn_cast<cf::AssertOp>(op))
          os << "check \"" << check.getMsg() << "\" (not proven)\n";
        else
          os << op->getName() << " (no side proven larger)\n";
      }
    });
    if (functionsAfter > report->functionsBefore)
      os << "symshape: " << (functionsAfter - report->functionsBefore)
         << " functions added (clones per call signature, profile "
            "versions)\n";
    os << report->facts;
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file;
    if (report->reportFile != "-") {
      file = openOutputFile(report->reportFile, &error);
      if (!file) {
        root->emitError("cannot open the report file: ") << error;
        return signalPassFailure();
      }
    }
    (file ? file->os() : llvm::errs()) << text;
    if (file)
      file->keep();
    markAllAnalysesPreserved();
  }
  std::shared_ptr<PipelineReport> report;
};

} // namespace

std::unique_ptr<Pass>
symshape::createPipelineReportStartPass(std::shared_ptr<PipelineReport> r) {
  return std::make_unique<StartPass>(std::move(r));
}

std::unique_ptr<Pass>
symshape::createPipelineReportEndPass(std::shared_ptr<PipelineReport> r) {
  return std::make_unique<EndPass>(std::move(r));
}
