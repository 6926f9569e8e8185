//===- consumer.cpp - A program built against the installed package -------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Uses symshape the way a downstream compiler does: registers symshape's
// dialects and passes into its own context, runs symshape-pipeline from a
// PassManager on a module read from a file, asks the engine directly, and
// runs symshape-simplify's patterns in a driver of its own.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Solver.h"
#include "symshape/IR/SymShapeDialect.h"
#include "symshape/InitAll.h"
#include "symshape/Transforms/Patterns.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: consumer FILE.mlir\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  symshape::registerAllDialects(registry);
  symshape::registerAllPasses();
  mlir::MLIRContext context(registry);

  // The engine: max(n, 4) with n in [1, 8] is in [4, 8].
  symshape::ExprContext &exprs =
      symshape::SymShapeDialect::getExprContext(&context);
  symshape::Facts facts;
  facts.addSymbolRange(0, symshape::Interval(1, 8));
  symshape::Solver solver(facts);
  symshape::Expr e = symshape::max(exprs.getSymbol(0), exprs.getConstant(4));
  llvm::outs() << "range of " << e << ": " << solver.getRange(e).str() << "\n";

  // The pipeline, from a PassManager on the module (the text names the
  // passes to nest in it, without a builtin.module anchor).
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::parsePassPipeline("symshape-pipeline{bind=n=4}", pm,
                                           llvm::errs())))
    return 1;
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\ntools: " << SYMSHAPE_OPT << " " << SYMSHAPE_PLUGIN << "\n";

  // symshape-simplify's patterns in a driver of one's own: per function, a
  // round analyses it and populates the patterns that apply its decisions,
  // which upstream's walk driver runs (it neither folds nor erases ops, as
  // a round requires; dead ops are left for the compiler's own cleanup).
  mlir::OwningOpRef<mlir::ModuleOp> again =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!again)
    return 1;
  mlir::SymbolTable symbols(*again);
  for (auto func : again->getOps<mlir::func::FuncOp>()) {
    auto round = symshape::SimplifyRound::analyse(func, &symbols);
    if (mlir::failed(round))
      return 1;
    llvm::outs() << "@" << func.getName() << ": " << (*round)->getOps().size()
                 << " decisions\n";
    mlir::RewritePatternSet patterns(&context);
    (*round)->populatePatterns(patterns);
    mlir::walkAndApplyPatterns(
        func, mlir::FrozenRewritePatternSet(std::move(patterns)));
  }
  again->print(llvm::outs());
  return 0;
}
