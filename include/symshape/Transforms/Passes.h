//===- Passes.h - symshape passes -------------------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_PASSES_H
#define SYMSHAPE_TRANSFORMS_PASSES_H

#include "symshape/IR/SymShapeDialect.h"
#include "symshape/Transforms/PassOptions.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace symshape {

#define GEN_PASS_DECL
#include "symshape/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "symshape/Transforms/Passes.h.inc"

/// Options of the symshape-pipeline pass pipeline.
struct PipelineOptions : public mlir::PassPipelineOptions<PipelineOptions> {
  Option<CheckMode> checks{
      *this, "checks",
      llvm::cl::desc("What stated facts and user assumptions become"),
      llvm::cl::init(CheckMode::Assert),
      llvm::cl::values(clEnumValN(CheckMode::Assert, "assert",
                                  "run-time checks (cf.assert)"),
                       clEnumValN(CheckMode::None, "none",
                                  "no checks: the facts are trusted"))};
  ListOption<std::string> bind{
      *this, "bind",
      llvm::cl::desc("Bound symbols, as name=value (comma separated)")};
  ListOption<std::string> profile{
      *this, "profile",
      llvm::cl::desc("Profiles, as name:min:opt:max (comma separated)")};
  Option<bool> report{
      *this, "report",
      llvm::cl::desc("Print per public function its symbols with the "
                     "sources of their facts, what the pipeline did "
                     "(checks, max/min, dynamic dims, copies) and the "
                     "symbolic tensor dims"),
      llvm::cl::init(false)};
  Option<bool> reportFull{
      *this, "report-full",
      llvm::cl::desc("List every tensor value in the report, static ones "
                     "too, one per line; implies report"),
      llvm::cl::init(false)};
  Option<std::string> reportFile{
      *this, "report-file",
      llvm::cl::desc("Where the report goes ('-' is stderr: never the "
                     "module's stream); implies report"),
      llvm::cl::init("-")};
  Option<ReportFormat> reportFormat{
      *this, "report-format",
      llvm::cl::desc("The report's format; json implies report"),
      llvm::cl::init(ReportFormat::Text),
      llvm::cl::values(
          clEnumValN(ReportFormat::Text, "text",
                     "per function, its symbolic tensor values"),
          clEnumValN(ReportFormat::Json, "json",
                     "per public function, its argument and result dims, "
                     "its symbols and the summary"))};
  Option<unsigned> maxClones{
      *this, "max-clones",
      llvm::cl::desc("Clones a private function may get, one per further "
                     "static shape signature of its calls (0: join the "
                     "shapes instead)"),
      llvm::cl::init(4)};
  Option<bool> explain{
      *this, "explain",
      llvm::cl::desc("Emit a remark for every max/min decided or kept, "
                     "for every reshape-into-store fold or refusal, and "
                     "for every view that becomes a copy"),
      llvm::cl::init(false)};
  Option<bool> explainAll{
      *this, "explain-all",
      llvm::cl::desc("With explain, a remark for every dim left dynamic "
                     "instead of one per function naming its symbols "
                     "(implies explain)"),
      llvm::cl::init(false)};
  Option<std::string> certify{
      *this, "certify",
      llvm::cl::desc("Write every decision of both simplify runs as an "
                     "SMT-LIB proof obligation to this file "
                     "(scripts/check-certificates.py runs z3 on it)"),
      llvm::cl::init("")};
  Option<bool> certifyAppend{
      *this, "certify-append",
      llvm::cl::desc("Append to the certify file instead of replacing it (a "
                     "pipeline that certifies passes of its own first)"),
      llvm::cl::init(false)};
};

/// Builds symshape-pipeline: repair reshapes, infer, simplify, fold
/// reshapes into stores, lower, cleanups.
void buildSymShapePipeline(mlir::OpPassManager &pm,
                           const PipelineOptions &options);

struct PipelineReport;

/// symshape-infer whose report goes into `report` (for symshape-pipeline,
/// which writes it with its summary).
std::unique_ptr<mlir::Pass>
createSymShapeInferPass(const SymShapeInferPassOptions &options,
                        std::shared_ptr<PipelineReport> report);

/// symshape-simplify that records in `report` why each check and max/min
/// it leaves undecided stays (for symshape-pipeline's summary).
std::unique_ptr<mlir::Pass>
createSymShapeSimplifyPass(const SymShapeSimplifyPassOptions &options,
                           std::shared_ptr<PipelineReport> report);

/// symshape-fold-reshape-into-store that records the folds it makes and
/// refuses in `report`, if any (for symshape-pipeline's summary). With
/// `factsChecked` (a pass before it analysed every function and reported
/// contradicting facts), it analyses only the functions with a candidate
/// store.
std::unique_ptr<mlir::Pass> createSymShapeFoldReshapeIntoStorePass(
    const SymShapeFoldReshapeIntoStorePassOptions &options,
    std::shared_ptr<PipelineReport> report, bool factsChecked = false);

/// Registers symshape-pipeline.
void registerSymShapePipeline();

} // namespace symshape

#endif // SYMSHAPE_TRANSFORMS_PASSES_H
