//===- SymShapeCanonicalize.cpp - symshape canonicalization patterns ------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The symshape-simplify rules that need only the facts carried by SSA values
// (symbol ranges and divisors, dims >= 0, constrain_range on an operand's
// def chain), contributed to -canonicalize. Facts that hold only at a point
// (cf.assert, bind_shape, scf.if conditions) need the dominance walk of
// symshape-simplify.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace symshape;

namespace {

/// Replaces `op`'s single index result by a constant or by one of its
/// operands when the facts of its operands' def chains prove them equal.
LogicalResult replaceWithProvenValue(Operation *op, ShapeAnalysis &analysis,
                                     PatternRewriter &rewriter) {
  Solver &solver = analysis.getSolver();
  Expr s = solver.simplify(analysis.getExpr(op->getResult(0)));
  if (!s)
    return failure();
  if (std::optional<int64_t> c = s.getConstantOrNone()) {
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, *c);
    return success();
  }
  for (Value operand : op->getOperands()) {
    if (solver.normalize(analysis.getExpr(operand)) == s) {
      rewriter.replaceOp(op, operand);
      return success();
    }
  }
  return failure();
}

template <typename OpTy>
struct ReplaceWithProvenOperand : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    ShapeAnalysis analysis(op->getContext());
    return replaceWithProvenValue(op, analysis, rewriter);
  }
};

/// Fact-free clean-up of an apply's operand list: constant operands are
/// substituted, repeated operands merged and unused ones dropped.
struct CompactApplyOperands : public OpRewritePattern<ApplyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ApplyOp op,
                                PatternRewriter &rewriter) const override {
    ExprContext &ctx = SymShapeDialect::getExprContext(op.getContext());
    Expr e = op.getExpr().getValue();
    SmallVector<Value> newOperands;
    SmallVector<Expr> replacements;
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      APInt c;
      if (!e.usesSymbol(i)) {
        replacements.push_back(ctx.getConstant(0));
      } else if (matchPattern(operand, m_ConstantInt(&c))) {
        replacements.push_back(ctx.getConstant(c.getSExtValue()));
      } else {
        auto *it = llvm::find(newOperands, operand);
        unsigned pos = it - newOperands.begin();
        if (it == newOperands.end())
          newOperands.push_back(operand);
        replacements.push_back(ctx.getSymbol(pos));
      }
    }
    if (newOperands.size() == op.getOperands().size() &&
        llvm::all_of(llvm::enumerate(replacements), [](auto p) {
          return p.value().isSymbol() &&
                 p.value().getSymbolPosition() == p.index();
        }))
      return failure();
    Expr compact = substitute(e, replacements);
    if (!compact)
      return failure();
    rewriter.replaceOpWithNewOp<ApplyOp>(
        op, op.getType(), newOperands, ExprAttr::get(op.getContext(), compact));
    return success();
  }
};

/// Simplifies an apply's expression with the ranges and divisors known of
/// its operands.
struct SimplifyApplyWithFacts : public OpRewritePattern<ApplyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ApplyOp op,
                                PatternRewriter &rewriter) const override {
    ShapeAnalysis analysis(op.getContext());
    if (succeeded(replaceWithProvenValue(op, analysis, rewriter)))
      return success();
    Solver &solver = analysis.getSolver();
    // Simplify the expression itself with what is known of each operand.
    Facts local;
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      Expr oe = analysis.getExpr(operand);
      if (!oe)
        continue;
      if (analysis.isSizeExpr(oe))
        local.declareSize(i);
      local.addSymbolRange(i, solver.getRange(oe));
      local.addSymbolDivisor(i, std::max<int64_t>(solver.getDivisor(oe), 1));
    }
    Expr e = op.getExpr().getValue();
    Expr simplified = Solver(local).simplify(e);
    if (!simplified || simplified == e)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.setExprAttr(ExprAttr::get(op.getContext(), simplified));
    });
    return success();
  }
};

/// Erases a constrain_range that the facts of its operand already imply.
struct EraseImpliedConstrainRange : public OpRewritePattern<ConstrainRangeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConstrainRangeOp op,
                                PatternRewriter &rewriter) const override {
    ShapeAnalysis analysis(op.getContext());
    RangeAttr range = op.getRange();
    if (!isImpliedRange(analysis.getSolver(), analysis.getExpr(op.getValue()),
                        Interval(range.getLo(), range.getHi()),
                        op.getDivisor()))
      return failure();
    rewriter.replaceOp(op, op.getValue());
    return success();
  }
};

/// Erases a bind_shape of a static tensor whose dims are bound to the same
/// constants: it states nothing.
struct EraseStaticBindShape : public OpRewritePattern<BindShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BindShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getTensor().getType());
    for (unsigned i = 0, e = type.getRank(); i < e; ++i) {
      std::optional<int64_t> c = op.getDimExpr(i).getConstantOrNone();
      if (type.isDynamicDim(i) || !c || *c != type.getDimSize(i))
        return failure();
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void SymMaxOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<ReplaceWithProvenOperand<SymMaxOp>>(context);
}

void SymMinOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<ReplaceWithProvenOperand<SymMinOp>>(context);
}

void ApplyOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<CompactApplyOperands, SimplifyApplyWithFacts>(context);
}

void ConstrainRangeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<EraseImpliedConstrainRange>(context);
}

void BindShapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<EraseStaticBindShape>(context);
}
