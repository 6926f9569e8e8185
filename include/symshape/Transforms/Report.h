//===- Report.h - The symbolic facts report ---------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_REPORT_H
#define SYMSHAPE_TRANSFORMS_REPORT_H

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace symshape {

/// What the facts report says of one function, in the parts that
/// symshape-pipeline's report places around its summary.
struct FunctionFacts {
  std::string function;
  /// One line per symbol: its name, kind, range, divisor, and where its
  /// facts come from (a declaration, an assert, a binding, a constraint, an
  /// option of the pipeline).
  std::string symbols;
  /// One line per listed tensor value: its dims as expressions.
  std::string dims;
};

/// Symbol names that an option assumes something of, with the option as
/// written (`bind=n=4`, `profile=n:1:8:64`): a source of their facts that is
/// not in the IR the report reads.
using AssumedBy = llvm::StringMap<std::string>;

/// What the shape analysis knows of `func`: its symbols with ranges,
/// divisors and the sources of their facts (as they hold at the end of the
/// entry block), and the dims of ranked tensor values as expressions over
/// them: with `full`, every value; otherwise the arguments and the values
/// with a dim that is not constant (but `tensor.pad` results), each type and
/// dims once, where they first appear, with the number of values that have
/// them. Nothing for a function without facts about the user's values (a
/// harness on static shapes). `symbols`, if given, is a symbol table of the
/// module that calls are resolved in (see ShapeAnalysisConfig::symbols).
std::optional<FunctionFacts>
describeFacts(mlir::FunctionOpInterface func,
              const mlir::SymbolTable *symbols = nullptr, bool full = false,
              const AssumedBy *assumed = nullptr);

/// Prints the `symbols:` section of `facts` (saying so if there are none).
void printSymbols(llvm::raw_ostream &os, const FunctionFacts &facts);

/// Prints `facts` under a `symshape facts for @name:` header.
void printFunctionFacts(llvm::raw_ostream &os, const FunctionFacts &facts);

/// Prints describeFacts's text under a `symshape facts for @name:` header.
void printFactsReport(mlir::FunctionOpInterface func, llvm::raw_ostream &os,
                      const mlir::SymbolTable *symbols = nullptr,
                      bool full = false);

/// Writes the facts of the public functions among `funcs` as one JSON
/// document (docs/Passes.md, "The facts report as JSON"): per function, each
/// ranked tensor argument and result with its dims (expression over the
/// symbols, range [lo, hi] with "inf"/"-inf" for an unbounded end, divisor),
/// and the symbols used with their kind, range, divisor and the sources of
/// their facts, as the facts hold at the end of the entry block.
void writeFactsReportJSON(llvm::ArrayRef<mlir::FunctionOpInterface> funcs,
                          llvm::raw_ostream &os,
                          const mlir::SymbolTable *symbols = nullptr,
                          const AssumedBy *assumed = nullptr);

/// What symshape-pipeline's `report` gathers while the pipeline runs: the
/// counts of each public function before the first pass, and the facts
/// report of symshape-infer, held until the summary of what the pipeline
/// did can be written before it.
struct PipelineReport {
  struct Counts {
    /// cf.assert ops (at the end: those the input had, not symshape's
    /// entry checks of stated facts).
    unsigned checks = 0;
    /// Integer max and min ops (arith.maxsi, minsi, maxui, minui).
    unsigned extrema = 0;
    /// Dynamic dims in the tensor types of op results.
    unsigned dynamicDims = 0;
    /// tensor.generate ops (gathers: copies of data).
    unsigned copies = 0;
  };
  llvm::StringMap<Counts> before;
  unsigned functionsBefore = 0;
  /// What symshape-fold-reshape-into-store did, per function.
  struct Folds {
    unsigned done = 0;
    /// Of those done, the ones versioned on a run-time condition.
    unsigned guarded = 0;
    /// Where a fold was refused, and the condition that failed.
    std::vector<std::pair<std::string, std::string>> refused;
  };
  llvm::StringMap<Folds> folds;
  /// A check or max/min that symshape-simplify left undecided: where it is,
  /// what it is (a check's message, a max/min op's name) and why it stays
  /// (what was not proven, with the ranges of the symbols involved under
  /// the facts in scope at it).
  struct Undecided {
    std::string at, what, reason;
  };
  /// Per function, from the last symshape-simplify of the pipeline.
  llvm::StringMap<std::vector<Undecided>> undecided;
  /// The facts symshape-infer found, per function (text), or as one JSON
  /// document that the summaries are added to.
  llvm::SmallVector<FunctionFacts> facts;
  std::string factsJSON;
  bool json = false;
  /// The symbols that `bind=` and `profile=` assume something of.
  AssumedBy assumed;
  std::string reportFile = "-";
};

/// The pass that records PipelineReport::before (first in the pipeline).
std::unique_ptr<mlir::Pass>
createPipelineReportStartPass(std::shared_ptr<PipelineReport> report);

/// The pass that writes the report (last in the pipeline): per public
/// function, its symbols with the sources of their facts, what the pipeline
/// did (checks removed by proof and kept, with each kept one's location and
/// message; max and min decided and kept; dynamic dims made static; copies
/// introduced), then its tensor dims; functions added by clones and
/// profiles. As JSON: symshape-infer's document with a `summary` object per
/// function.
std::unique_ptr<mlir::Pass>
createPipelineReportEndPass(std::shared_ptr<PipelineReport> report);

} // namespace symshape

#endif // SYMSHAPE_TRANSFORMS_REPORT_H
