//===- Infer.cpp - symshape-infer -----------------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "ArgDimFacts.h"
#include "Units.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeOps.h"
#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Report.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPEINFERPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

namespace {

/// The dim names of argument `i` from `symshape.dim_names`, or empty.
SmallVector<std::string> getDimNames(FunctionOpInterface func, unsigned i,
                                     int64_t rank) {
  SmallVector<std::string> names(rank);
  auto attr = func.getArgAttrOfType<ArrayAttr>(i, "symshape.dim_names");
  if (!attr)
    return names;
  for (auto [d, name] : llvm::enumerate(attr.getValue()))
    if (auto str = dyn_cast<StringAttr>(name); str && d < names.size())
      names[d] = str.getValue().str();
  return names;
}

/// The ranges and divisors that the argument attributes state of an
/// argument the user bound (`bind`): a dim bound to a named symbol
/// declares that name again with them (declarations of one name combine);
/// a dim bound to another expression gets a symbol of its own with them,
/// bound to the dim by a second binding of the argument (which equates it
/// with the expression). Every such declaration is checked at run time.
LogicalResult declareBoundArgumentFacts(FunctionOpInterface func,
                                        BlockArgument arg, BindShapeOp bind,
                                        OpBuilder &builder) {
  unsigned i = arg.getArgNumber();
  Location loc = arg.getLoc();
  MLIRContext *ctx = func.getContext();
  ExprContext &exprs = SymShapeDialect::getExprContext(ctx);
  for (int64_t d = 0, e = bind.getDims().size(); d < e; ++d) {
    auto [range, divisor] = getArgDimFacts(func, i, d);
    if (!range && !divisor)
      continue;
    Expr expr = bind.getDimExpr(d);
    SymbolOp named;
    if (expr.isSymbol())
      named =
          bind.getSymbols()[expr.getSymbolPosition()].getDefiningOp<SymbolOp>();
    std::string name =
        named ? named.getName().str()
              : (func.getName() + ".arg" + Twine(i) + ".d" + Twine(d)).str();
    auto symbol = SymbolOp::create(builder, loc, builder.getIndexType(),
                                   builder.getStringAttr(name), range, divisor);
    if (failed(mlir::verify(symbol)))
      return failure();
    if (named)
      continue;
    SmallVector<Value> symbols(bind.getSymbols());
    SmallVector<Attribute> dims(bind.getDims().getValue());
    dims[d] = ExprAttr::get(ctx, exprs.getSymbol(symbols.size()));
    symbols.push_back(symbol);
    OpBuilder after(bind->getContext());
    after.setInsertionPointAfter(bind);
    BindShapeOp::create(after, loc, arg, symbols, after.getArrayAttr(dims));
  }
  return success();
}

/// Names, ranges and divisors of a memref argument's dims are not supported
/// (the analysis raises tensors): an error at the argument, rather than
/// facts silently dropped. (The verifier accepts them on memrefs, which is
/// what bufferization makes of an annotated tensor argument.)
LogicalResult rejectMemRefDimAttrs(FunctionOpInterface func,
                                   BlockArgument arg) {
  if (!isa<BaseMemRefType>(arg.getType()))
    return success();
  for (StringRef name :
       {"symshape.dim_names", "symshape.dim_ranges", "symshape.dim_divisors"})
    if (func.getArgAttr(arg.getArgNumber(), name))
      return emitError(arg.getLoc())
             << name << " of argument " << arg.getArgNumber()
             << ": symshape-infer names and constrains the dims of tensor "
                "arguments only, and this one is a memref (run symshape "
                "before bufferization)";
  return success();
}

/// Declares a size symbol for every dynamic dim and every named static dim of
/// every tensor argument of `func` and binds the argument to them at the
/// entry. An argument the user bound keeps the binding, with the facts its
/// attributes state added.
LogicalResult bindArguments(FunctionOpInterface func) {
  Block &entry = func.getFunctionBody().front();
  llvm::SmallDenseMap<Value, BindShapeOp> bound;
  func.walk(
      [&](BindShapeOp bind) { bound.try_emplace(bind.getTensor(), bind); });
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  MLIRContext *ctx = func.getContext();
  for (BlockArgument arg : entry.getArguments()) {
    if (failed(rejectMemRefDimAttrs(func, arg)))
      return failure();
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    if (auto it = bound.find(arg); it != bound.end()) {
      if (failed(declareBoundArgumentFacts(func, arg, it->second, builder)))
        return failure();
      continue;
    }
    unsigned i = arg.getArgNumber();
    if (func.getArgAttr(i, "symshape.dim_names") &&
        !func.getArgAttrOfType<ArrayAttr>(i, "symshape.dim_names"))
      return func.emitError("symshape.dim_names of argument ")
             << i << " must be an array of strings";
    SmallVector<std::string> names = getDimNames(func, i, type.getRank());
    // A named static dim states its name's value: `tensor<4xf32>` named `n`
    // makes every other dim named `n` in the function equal 4.
    auto isNamedStatic = [&](int64_t d) {
      return !type.isDynamicDim(d) && !names[d].empty();
    };
    bool anyNamedStatic = false;
    for (int64_t d = 0; d < type.getRank(); ++d)
      anyNamedStatic |= isNamedStatic(d);
    if (type.hasStaticShape() && !anyNamedStatic)
      continue;
    SmallVector<Value> symbols;
    SmallVector<Attribute> dims;
    ExprContext &exprs = SymShapeDialect::getExprContext(ctx);
    Location loc = arg.getLoc();
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d) && !isNamedStatic(d)) {
        dims.push_back(
            ExprAttr::get(ctx, exprs.getConstant(type.getDimSize(d))));
        continue;
      }
      std::string name = names[d];
      if (name.empty())
        name = (func.getName() + ".arg" + Twine(i) + ".d" + Twine(d)).str();
      auto [range, divisor] = getArgDimFacts(func, i, d);
      auto symbol =
          SymbolOp::create(builder, loc, builder.getIndexType(),
                           builder.getStringAttr(name), range, divisor);
      if (failed(mlir::verify(symbol)))
        return failure();
      dims.push_back(ExprAttr::get(ctx, exprs.getSymbol(symbols.size())));
      symbols.push_back(symbol);
    }
    BindShapeOp::create(builder, loc, arg, symbols, builder.getArrayAttr(dims));
  }
  return success();
}

/// How one op is raised.
struct Raise {
  Operation *op;
  enum class Kind { SymSize, SymMax, SymMin, Apply } kind;
  Expr expr;
};

std::optional<Raise> decideRaise(ShapeAnalysis &analysis, Operation *op) {
  if (op->getNumResults() != 1 || !op->getResult(0).getType().isIndex())
    return std::nullopt;
  auto rewrite = dyn_cast<ShapeRewriteOpInterface>(op);
  if (std::optional<DimRead> read =
          rewrite ? rewrite.getDimRead() : std::nullopt) {
    // A dim of a ranked tensor becomes sym_size. An index outside the rank
    // is valid IR but undefined at run time: leave it alone.
    APInt index;
    auto type = dyn_cast<RankedTensorType>(read->shaped.getType());
    if (type && matchPattern(read->index, m_ConstantInt(&index)) &&
        index.getSExtValue() >= 0 && index.getSExtValue() < type.getRank())
      return Raise{op, Raise::Kind::SymSize, Expr()};
    return std::nullopt;
  }
  auto sizes = [&] {
    return llvm::all_of(op->getOperands(), [&](Value v) {
      return analysis.isBuiltFromSizes(analysis.getExpr(v));
    });
  };
  // The op's formula (its model says), if it computes one.
  ExprContext &ctx = analysis.getExprContext();
  Expr formula = rewrite ? rewrite.getFormula(ctx) : Expr();
  if (!formula)
    return std::nullopt;
  // An op is raised only where the engine models it exactly: its
  // expression is not an opaque symbol standing for the result itself (an
  // unsigned max of values not proven non-negative, say).
  Expr e = analysis.getExpr(op->getResult(0));
  if (e && e.isSymbol() &&
      analysis.getSymbolInfo(e.getSymbolPosition()).value == op->getResult(0))
    return std::nullopt;
  // A max or min of sizes becomes sym_max or sym_min.
  if (Extremum ext = rewrite.getExtremum(); ext != Extremum::None) {
    if (!sizes())
      return std::nullopt;
    return Raise{
        op, ext == Extremum::Max ? Raise::Kind::SymMax : Raise::Kind::SymMin,
        Expr()};
  }
  return Raise{op, Raise::Kind::Apply, formula};
}

void applyRaise(const Raise &r) {
  Operation *op = r.op;
  OpBuilder builder(op);
  Location loc = op->getLoc();
  Value replacement;
  switch (r.kind) {
  case Raise::Kind::SymSize: {
    DimRead read = *cast<ShapeRewriteOpInterface>(op).getDimRead();
    APInt index;
    (void)matchPattern(read.index, m_ConstantInt(&index));
    replacement =
        SymSizeOp::create(builder, loc, builder.getIndexType(), read.shaped,
                          builder.getI64IntegerAttr(index.getSExtValue()));
    break;
  }
  case Raise::Kind::SymMax:
    replacement = SymMaxOp::create(builder, loc, builder.getIndexType(),
                                   op->getOperand(0), op->getOperand(1));
    break;
  case Raise::Kind::SymMin:
    replacement = SymMinOp::create(builder, loc, builder.getIndexType(),
                                   op->getOperand(0), op->getOperand(1));
    break;
  case Raise::Kind::Apply:
    replacement =
        ApplyOp::create(builder, loc, builder.getIndexType(), op->getOperands(),
                        ExprAttr::get(op->getContext(), r.expr));
    break;
  }
  op->getResult(0).replaceAllUsesWith(replacement);
  op->erase();
}

class SymShapeInferPass
    : public symshape::impl::SymShapeInferPassBase<SymShapeInferPass> {
public:
  using Base::Base;
  SymShapeInferPass(const SymShapeInferPassOptions &options,
                    std::shared_ptr<PipelineReport> pipelineReport)
      : Base(options), pipelineReport(std::move(pipelineReport)) {}

  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<Operation *> units = analysisUnits(root);
    std::unique_ptr<SymbolTable> symbols = moduleSymbolTable(root);
    // The arguments of the functions in a unit get symbols.
    auto bindUnit = [&](size_t i, unsigned) {
      WalkResult walk = units[i]->walk([&](FunctionOpInterface func) {
        return !func.isExternal() && failed(bindArguments(func))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      });
      return failure(walk.wasInterrupted());
    };
    std::vector<SmallVector<Raise>> raises(units.size());
    auto analyse = [&](size_t i, unsigned) {
      ShapeAnalysisConfig config;
      config.symbols = symbols.get();
      // The first analysis of the pipeline says which checks always fail.
      config.warnFailingChecks = true;
      ShapeAnalysis analysis(&getContext(), config);
      return analysis.run(units[i], [&](Operation *op) {
        if (std::optional<Raise> r = decideRaise(analysis, op))
          raises[i].push_back(*r);
      });
    };
    auto apply = [&](size_t i, unsigned) -> FailureOr<bool> {
      for (const Raise &r : raises[i])
        applyRaise(r);
      raises[i].clear();
      return false;
    };
    // Callees before callers: within a layer no function reads another, so
    // each is bound, analysed and raised in one task, in parallel with the
    // others. The functions of a call cycle read each other's bodies: all
    // are bound, then analysed in parallel, then raised in order.
    UnitSteps steps;
    steps.prepare = bindUnit;
    steps.analyse = analyse;
    steps.apply = apply;
    if (failed(runInCallOrder(&getContext(), orderByCalls(root, units),
                              CallOrderConfig(), steps)))
      return signalPassFailure();

    // A report file or the JSON format asks for a report too.
    bool toStderr = reportFile == "-";
    if (!report && !reportFull && toStderr &&
        reportFormat == ReportFormat::Text)
      return;
    SmallVector<FunctionOpInterface> funcs;
    root->walk([&](FunctionOpInterface func) {
      if (!func.isExternal())
        funcs.push_back(func);
    });
    if (pipelineReport) {
      // symshape-pipeline writes them with the summary of what it did.
      const AssumedBy *assumed = &pipelineReport->assumed;
      if (pipelineReport->json) {
        llvm::raw_string_ostream os(pipelineReport->factsJSON);
        writeFactsReportJSON(funcs, os, symbols.get(), assumed);
        return;
      }
      for (FunctionOpInterface func : funcs)
        if (std::optional<FunctionFacts> facts =
                describeFacts(func, symbols.get(), reportFull, assumed))
          pipelineReport->facts.push_back(std::move(*facts));
      return;
    }
    // The module's stream (stdout) is the module's alone: a report that
    // goes nowhere else goes to stderr.
    std::unique_ptr<llvm::ToolOutputFile> file;
    if (!toStderr) {
      std::string error;
      file = openOutputFile(reportFile, &error);
      if (!file) {
        root->emitError("cannot open the report file: ") << error;
        return signalPassFailure();
      }
    }
    llvm::raw_ostream &os = file ? file->os() : llvm::errs();
    if (reportFormat == ReportFormat::Json)
      writeFactsReportJSON(funcs, os, symbols.get());
    else
      for (FunctionOpInterface func : funcs)
        printFactsReport(func, os, symbols.get(), reportFull);
    if (file)
      file->keep();
  }

private:
  std::shared_ptr<PipelineReport> pipelineReport;
};

} // namespace

std::unique_ptr<Pass>
symshape::createSymShapeInferPass(const SymShapeInferPassOptions &options,
                                  std::shared_ptr<PipelineReport> report) {
  return std::make_unique<SymShapeInferPass>(options, std::move(report));
}
