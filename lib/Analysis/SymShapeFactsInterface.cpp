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

#include "symshape/IR/SymShapeFactsInterface.h"
#include "TestHooks.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeOps.h"

using namespace mlir;
using namespace symshape;

namespace {

constexpr unsigned kLocalDepth = cutoff(16u);

thread_local DecisionRecorder *currentRecorder = nullptr;

/// The analysis of one query.
struct LocalAnalysis : public ShapeAnalysis {
  explicit LocalAnalysis(MLIRContext *context)
      : ShapeAnalysis(context, localConfig()) {}

  static ShapeAnalysisConfig localConfig() {
    ShapeAnalysisConfig config;
    config.onDemandDepthLimit = kLocalDepth;
    // Canonicalization may run on functions in parallel: a query must not
    // read another function's body.
    config.callSummaries = false;
    config.logStatedFacts = currentRecorder != nullptr;
    return config;
  }

  /// Records a decision that claims `claim`, if a recorder is installed.
  void record(Operation *op, ArrayRef<Relation> claim) {
    if (!currentRecorder || claim.empty())
      return;
    std::string what =
        (op->getName().getStringRef() + " (canonicalization)").str();
    currentRecorder->record(*this, op->getLoc(), what, claim);
  }
};

/// What `analysis` proves `op`'s result equal to (see getProvenValue).
OpFoldResult provenValue(LocalAnalysis &analysis, Operation *op) {
  Solver &solver = analysis.getSolver();
  Expr result = analysis.getExpr(op->getResult(0));
  Expr s = solver.simplify(result);
  if (!s)
    return OpFoldResult();
  if (std::optional<int64_t> c = s.getConstantOrNone()) {
    analysis.record(op, {{Relation::Kind::EQ, result, s}});
    return IntegerAttr::get(IndexType::get(op->getContext()), *c);
  }
  for (Value operand : op->getOperands()) {
    Expr oe = analysis.getExpr(operand);
    if (solver.normalize(oe) == s) {
      analysis.record(op, {{Relation::Kind::EQ, result, oe}});
      return operand;
    }
  }
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
    if (analysis.isProvenNonNegative(oe) ||
        (testing::unsoundSizeOperands.load(std::memory_order_relaxed) &&
         analysis.isBuiltFromSizes(oe)))
      local.declareSize(i);
    local.addSymbolRange(i, solver.getRange(oe));
    local.addSymbolDivisor(i, std::max<int64_t>(solver.getDivisor(oe), 1));
  }
  Expr e = op.getExpr().getValue();
  Expr simplified = Solver(local).simplify(e);
  if (simplified == e)
    return Expr();
  // The claim, over the analysis' symbols: the apply computes the same
  // value with the simplified expression.
  SmallVector<Expr> operands;
  if (analysis.getExprs(op.getOperands(), operands))
    analysis.record(op, {{Relation::Kind::EQ, substitute(e, operands),
                          substitute(simplified, operands)}});
  return simplified;
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
    // The operands first, so that their expressions are those a query of
    // their own finds (each chain cut kLocalDepth ops above the operand, not
    // above the result) and one analysis serves both questions; the result's
    // expression is then built from them.
    for (Value operand : op.getOperands())
      (void)analysis.getExpr(operand);
    proven = provenValue(analysis, op);
    if (proven)
      return Expr();
    return simplifiedApplyExpr(analysis, op);
  }

  bool isImpliedConstraint(ConstrainRangeOp op) const override {
    LocalAnalysis analysis(op.getContext());
    RangeAttr range = op.getRange();
    Expr e = analysis.getExpr(op.getValue());
    if (!isImpliedRange(analysis.getSolver(), e,
                        Interval(range.getLo(), range.getHi()),
                        op.getDivisor()))
      return false;
    analysis.record(op, rangeClaim(analysis.getExprContext(), e,
                                   Interval(range.getLo(), range.getHi()),
                                   op.getDivisor()));
    return true;
  }
};

} // namespace

SmallVector<Relation, 3> symshape::rangeClaim(ExprContext &exprs, Expr e,
                                              const Interval &range,
                                              int64_t divisor) {
  SmallVector<Relation, 3> claim;
  if (std::optional<int64_t> lo = range.getLo())
    claim.push_back({Relation::Kind::LE, exprs.getConstant(*lo), e});
  if (std::optional<int64_t> hi = range.getHi())
    claim.push_back({Relation::Kind::LE, e, exprs.getConstant(*hi)});
  if (divisor > 1)
    claim.push_back(
        {Relation::Kind::EQ, mod(e, divisor), exprs.getConstant(0)});
  return claim;
}

DecisionRecorder::~DecisionRecorder() = default;

ScopedDecisionRecorder::ScopedDecisionRecorder(DecisionRecorder *recorder)
    : previous(currentRecorder) {
  currentRecorder = recorder;
}

ScopedDecisionRecorder::~ScopedDecisionRecorder() {
  currentRecorder = previous;
}

void symshape::registerFactsInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, SymShapeDialect *dialect) {
    dialect->addInterfaces<AnalysisFacts>();
  });
}
