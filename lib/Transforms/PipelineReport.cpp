//===- PipelineReport.cpp - What symshape-pipeline did ------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The summary at the head of symshape-pipeline's report: per public
// function, its symbols with the sources of their facts (from
// symshape-infer's facts report), then the pipeline's input and output
// compared (checks, max and min, dynamic dims, copies), with a line for each
// check and each max or min that stays, which is what a user can act on (a
// binding, a range, an assert of their own); then the tensor dims. As JSON:
// symshape-infer's document with a `summary` object per function.
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/Transforms/Report.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
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
    report->factsJSON.clear();
    report->folds.clear();
    report->functionsBefore = countFunctions(getOperation());
    forEachPublicFunction(getOperation(), [&](FunctionOpInterface func) {
      report->before[func.getName()] = countOps(func, true, nullptr);
    });
    markAllAnalysesPreserved();
  }
  std::shared_ptr<PipelineReport> report;
};

/// What the pipeline did to one public function: its input's counts and
/// its output's, with the checks and max/min that stay.
struct Summary {
  PipelineReport::Counts was, now;
  SmallVector<Operation *> kept;
  /// Why each of `kept` stays, from the last symshape-simplify (empty where
  /// it did not see the op).
  SmallVector<std::string> reasons;
  PipelineReport::Folds folds;

  unsigned removed() const {
    return was.checks > now.checks ? was.checks - now.checks : 0;
  }
  unsigned decided() const {
    return was.extrema > now.extrema ? was.extrema - now.extrema : 0;
  }
  unsigned copies() const {
    return now.copies > was.copies ? now.copies - was.copies : 0;
  }
  /// A function with nothing dynamic (a test harness) has nothing to
  /// summarize in the text report.
  bool isEmpty() const {
    return !was.checks && !was.extrema && !was.dynamicDims && !now.checks &&
           !now.extrema && !now.dynamicDims && !now.copies && !folds.done &&
           folds.refused.empty();
  }

  void print(llvm::raw_ostream &os) const {
    os << "  checks: " << was.checks << " in the input, " << removed()
       << " removed by proof, " << now.checks << " kept\n";
    os << "  max/min: " << was.extrema << " in the input, " << decided()
       << " decided, " << now.extrema << " kept\n";
    os << "  dynamic dims: " << was.dynamicDims << " in the input's types, "
       << now.dynamicDims << " in the output's\n";
    os << "  copies introduced: " << copies();
    if (copies())
      os << " (gathers for expand_shape forms that MLIR 22.1 cannot lower)";
    os << "\n";
    // Only where there was a reshape stored into a slice to fold.
    if (folds.done || !folds.refused.empty()) {
      os << "  reshape-into-store folds: " << folds.done << " done";
      if (folds.guarded)
        os << " (" << folds.guarded << " behind a run-time check)";
      os << ", " << folds.refused.size() << " refused\n";
      for (const auto &[at, why] : folds.refused)
        os << "    refused at " << at << ": " << why << "\n";
    }
    for (auto [op, reason] : llvm::zip(kept, reasons)) {
      os << "    kept at " << describeLocation(op->getLoc()) << ": ";
      if (auto check = dyn_cast<cf::AssertOp>(op))
        os << "check \"" << check.getMsg() << "\": ";
      else
        os << op->getName() << ": ";
      os << (reason.empty() ? StringRef("not proven") : StringRef(reason))
         << "\n";
    }
  }

  llvm::json::Value toJSON() const {
    llvm::json::Array checks, extrema, refused;
    for (const auto &[at, why] : folds.refused)
      refused.push_back(llvm::json::Object{{"at", at}, {"reason", why}});
    for (auto [op, reason] : llvm::zip(kept, reasons)) {
      llvm::json::Object item{{"at", describeLocation(op->getLoc())}};
      if (!reason.empty())
        item["reason"] = reason;
      if (auto check = dyn_cast<cf::AssertOp>(op)) {
        item["message"] = check.getMsg().str();
        checks.push_back(std::move(item));
      } else {
        item["op"] = op->getName().getStringRef().str();
        extrema.push_back(std::move(item));
      }
    }
    return llvm::json::Object{
        {"checks", llvm::json::Object{{"input", was.checks},
                                      {"removed", removed()},
                                      {"kept", std::move(checks)}}},
        {"max_min", llvm::json::Object{{"input", was.extrema},
                                       {"decided", decided()},
                                       {"kept", std::move(extrema)}}},
        {"dynamic_dims", llvm::json::Object{{"input", was.dynamicDims},
                                            {"output", now.dynamicDims}}},
        {"copies_introduced", copies()},
        {"folds", llvm::json::Object{{"done", folds.done},
                                     {"guarded", folds.guarded},
                                     {"refused", std::move(refused)}}}};
  }
};

struct EndPass : PassWrapper<EndPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EndPass)
  explicit EndPass(std::shared_ptr<PipelineReport> report)
      : report(std::move(report)) {}
  StringRef getArgument() const final { return "symshape-report-end"; }

  void runOnOperation() override {
    Operation *root = getOperation();
    // Per public function the pipeline started with (the versions a
    // profile adds are counted with their origin), in the module's order.
    SmallVector<std::pair<std::string, Summary>> summaries;
    forEachPublicFunction(root, [&](FunctionOpInterface func) {
      auto it = report->before.find(func.getName());
      if (it == report->before.end())
        return;
      Summary summary;
      summary.was = it->second;
      summary.now = countOps(func, false, &summary.kept);
      summary.reasons = reasonsFor(func.getName(), summary.kept);
      summary.folds = report->folds.lookup(func.getName());
      summaries.emplace_back(func.getName().str(), std::move(summary));
    });
    unsigned functionsAfter = countFunctions(root);
    unsigned added = functionsAfter > report->functionsBefore
                         ? functionsAfter - report->functionsBefore
                         : 0;
    std::string text;
    llvm::raw_string_ostream os(text);
    if (report->json) {
      if (failed(writeJSON(os, summaries, added)))
        return signalPassFailure();
    } else {
      writeText(os, summaries, added);
    }
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

  /// Why each of `kept` (ops of function `name`) stays, matched by location
  /// and message with what the last symshape-simplify left undecided.
  SmallVector<std::string> reasonsFor(StringRef name,
                                      ArrayRef<Operation *> kept) {
    auto key = [](StringRef at, StringRef what) {
      return (at + "\n" + what).str();
    };
    llvm::StringMap<StringRef> byKey;
    auto it = report->undecided.find(name);
    if (it != report->undecided.end())
      for (const PipelineReport::Undecided &u : it->second)
        byKey.try_emplace(key(u.at, u.what), u.reason);
    SmallVector<std::string> reasons;
    for (Operation *op : kept) {
      auto check = dyn_cast<cf::AssertOp>(op);
      reasons.push_back(byKey
                            .lookup(key(describeLocation(op->getLoc()),
                                        check ? check.getMsg() : ""))
                            .str());
    }
    return reasons;
  }

  /// Per function: the summary with the symbols first and the tensor dims
  /// last; the facts of a function without a summary on their own.
  void writeText(llvm::raw_ostream &os,
                 ArrayRef<std::pair<std::string, Summary>> summaries,
                 unsigned added) {
    llvm::StringMap<const FunctionFacts *> facts;
    for (const FunctionFacts &f : report->facts)
      facts[f.function] = &f;
    for (const auto &[name, summary] : summaries) {
      if (summary.isEmpty())
        continue;
      os << "symshape summary for @" << name << ":\n";
      const FunctionFacts *f = facts.lookup(name);
      if (f)
        printSymbols(os, *f);
      summary.print(os);
      if (f) {
        os << "  tensor dims:\n" << f->dims;
        facts.erase(name);
      }
    }
    if (added)
      os << "symshape: " << added
         << " functions added (clones per call signature, profile "
            "versions)\n";
    for (const FunctionFacts &f : report->facts) {
      if (!facts.count(f.function))
        continue;
      printFunctionFacts(os, f);
    }
  }

  /// symshape-infer's JSON document with a `summary` object in each
  /// function's entry and the number of functions added.
  LogicalResult writeJSON(llvm::raw_ostream &os,
                          ArrayRef<std::pair<std::string, Summary>> summaries,
                          unsigned added) {
    llvm::Expected<llvm::json::Value> doc =
        llvm::json::parse(report->factsJSON);
    llvm::json::Object *top = doc ? doc->getAsObject() : nullptr;
    llvm::json::Array *functions = top ? top->getArray("functions") : nullptr;
    if (!functions) {
      if (!doc)
        llvm::consumeError(doc.takeError());
      return getOperation()->emitError(
          "internal error: symshape-infer's JSON report cannot be read");
    }
    llvm::StringMap<const Summary *> byName;
    for (const auto &[name, summary] : summaries)
      byName[name] = &summary;
    for (llvm::json::Value &entry : *functions)
      if (llvm::json::Object *func = entry.getAsObject())
        if (std::optional<StringRef> name = func->getString("name"))
          if (const Summary *summary = byName.lookup(*name))
            (*func)["summary"] = summary->toJSON();
    (*top)["functions_added"] = added;
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(*doc))) << "\n";
    return success();
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
