//===- SymShapeFactsInterface.cpp - Facts for symshape patterns -----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The analysis' answer to SymShapeFactsInterface: what the def chains of an
// op's operands prove, for the canonicalization patterns of symshape ops.
// Each query builds an analysis without a walk, so only the facts carried by
// SSA values count (symbol ranges and divisors, dims >= 0, constrain_range),
// never facts that hold at a point; and it follows def chains at most
// kLocalDepth steps up, so that canonicalizing a chain of n ops costs O(n),
// not O(n^2); and it never reads the body of a called function, so that
// canonicalization may run on functions in parallel.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeFactsInterface.h"
#include "symshape/IR/SymShapeOps.h"

using namespace mlir;
using namespace symshape;

namespace {

constexpr unsigned kLocalDepth = 16;

/// The analysis of one query.
struct LocalAnalysis : public ShapeAnalysis {
  explicit LocalAnalysis(MLIRContext *context) : ShapeAnalysis(context) {
    setOnDemandDepthLimit(kLocalDepth);
    // Canonicalization may run on functions in parallel: a query must not
    // read another function's body.
    setCallSummaries(false);
  }
};

/// What `analysis` proves `op`'s result equal to (see getProvenValue).
OpFoldResult provenValue(LocalAnalysis &analysis, Operation *op) {
  Solver &solver = analysis.getSolver();
  Expr s = solver.simplify(analysis.getExpr(op->getResult(0)));
  if (!s)
    return OpFoldResult();
  if (std::optional<int64_t> c = s.getConstantOrNone())
    return IntegerAttr::get(IndexType::get(op->getContext()), *c);
  for (Value operand : op->getOperands())
    if (solver.normalize(analysis.getExpr(operand)) == s)
      return operand;
  return OpFoldResult();
}

/// `op`'s expression simplified with what `analysis` knows of its operands
/// (see simplifyApplyExpr).
Expr simplifiedApplyExpr(LocalAnalysis &analysis, ApplyOp op) {
  Solver &solver = analysis.getSolver();
  // What is known of each operand becomes a fact on its symbol. An operand
  // is a size (>= 0) only where that is proven: one built from sizes may be
  // negative (`b - a`, `2 - 5 * a`).
  Facts local;
  for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
    Expr oe = analysis.getExpr(operand);
    if (!oe)
      continue;
    if (analysis.isProvenNonNegative(oe))
      local.declareSize(i);
    local.addSymbolRange(i, solver.getRange(oe));
    local.addSymbolDivisor(i, std::max<int64_t>(solver.getDivisor(oe), 1));
  }
  Expr e = op.getExpr().getValue();
  Expr simplified = Solver(local).simplify(e);
  return simplified == e ? Expr() : simplified;
}

struct AnalysisFacts : public SymShapeFactsInterface {
  using SymShapeFactsInterface::SymShapeFactsInterface;

  OpFoldResult getProvenValue(Operation *op) const override {
    LocalAnalysis analysis(op->getContext());
    return provenValue(analysis, op);
  }

  Expr simplifyApplyExpr(ApplyOp op) const override {
    LocalAnalysis analysis(op.getContext());
    return simplifiedApplyExpr(analysis, op);
  }

  Expr simplifyApply(ApplyOp op, OpFoldResult &proven) const override {
    LocalAnalysis analysis(op.getContext());
    proven = provenValue(analysis, op);
    if (proven)
      return Expr();
    // The operands' expressions are those a query of their own finds,
    // unless a chain was cut at the depth limit (one step nearer the
    // operands than such a query would cut it).
    if (analysis.reachedDepthLimit())
      return simplifyApplyExpr(op);
    return simplifiedApplyExpr(analysis, op);
  }

  bool isImpliedConstraint(ConstrainRangeOp op) const override {
    LocalAnalysis analysis(op.getContext());
    RangeAttr range = op.getRange();
    return isImpliedRange(analysis.getSolver(), analysis.getExpr(op.getValue()),
                          Interval(range.getLo(), range.getHi()),
                          op.getDivisor());
  }
};

} // namespace

void symshape::registerFactsInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, SymShapeDialect *dialect) {
    dialect->addInterfaces<AnalysisFacts>();
  });
}
