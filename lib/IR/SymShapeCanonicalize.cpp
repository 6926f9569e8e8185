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
// symshape-simplify. And, as the dialect's own patterns, the upstream forms
// that symshape's decisions leave behind and upstream canonicalization does
// not fold (a slice of a whole tensor by its dynamic dims).
//
//===----------------------------------------------------------------------===//

#include "symshape/IR/SymShapeFactsInterface.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;
using namespace symshape;

namespace {

/// The facts interface the analysis layer attached, or null.
const SymShapeFactsInterface *getFacts(Operation *op) {
  auto *dialect = op->getContext()->getLoadedDialect<SymShapeDialect>();
  return dialect ? dialect->getRegisteredInterface<SymShapeFactsInterface>()
                 : nullptr;
}

/// Replaces `op`'s single index result by what the facts of its operands'
/// def chains prove it equal to: a constant or one of its operands.
LogicalResult replaceWithProvenValue(Operation *op, OpFoldResult proven,
                                     PatternRewriter &rewriter) {
  if (auto attr = dyn_cast_if_present<Attribute>(proven)) {
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(
        op, cast<IntegerAttr>(attr).getInt());
    return success();
  }
  if (auto value = dyn_cast_if_present<Value>(proven)) {
    rewriter.replaceOp(op, value);
    return success();
  }
  return failure();
}

template <typename OpTy>
struct ReplaceWithProvenOperand : public OpRewritePattern<OpTy> {
  explicit ReplaceWithProvenOperand(MLIRContext *context)
      : OpRewritePattern<OpTy>(context) {
    this->addDebugLabels(kFactPatternLabel);
  }

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    const SymShapeFactsInterface *facts = getFacts(op);
    if (!facts)
      return failure();
    return replaceWithProvenValue(op, facts->getProvenValue(op), rewriter);
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
  explicit SimplifyApplyWithFacts(MLIRContext *context)
      : OpRewritePattern(context) {
    addDebugLabels(kFactPatternLabel);
  }

  LogicalResult matchAndRewrite(ApplyOp op,
                                PatternRewriter &rewriter) const override {
    const SymShapeFactsInterface *facts = getFacts(op);
    if (!facts)
      return failure();
    OpFoldResult proven;
    Expr simplified = facts->simplifyApply(op, proven);
    if (succeeded(replaceWithProvenValue(op, proven, rewriter)))
      return success();
    if (!simplified)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.setExprAttr(ExprAttr::get(op.getContext(), simplified));
    });
    return success();
  }
};

/// Erases a constrain_range that the facts of its operand already imply.
struct EraseImpliedConstrainRange : public OpRewritePattern<ConstrainRangeOp> {
  explicit EraseImpliedConstrainRange(MLIRContext *context)
      : OpRewritePattern(context) {
    addDebugLabels(kFactPatternLabel);
  }

  LogicalResult matchAndRewrite(ConstrainRangeOp op,
                                PatternRewriter &rewriter) const override {
    const SymShapeFactsInterface *facts = getFacts(op);
    if (!facts || !facts->isImpliedConstraint(op))
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

/// Whether `size` is dim `i` of `source`: its static size, or a read of that
/// dim (`tensor.dim`, `symshape.sym_size`).
bool isWholeDim(OpFoldResult size, Value source, int64_t i) {
  auto type = cast<RankedTensorType>(source.getType());
  if (std::optional<int64_t> c = getConstantIntValue(size))
    return !type.isDynamicDim(i) && *c == type.getDimSize(i);
  auto value = dyn_cast<Value>(size);
  if (auto dim = value.getDefiningOp<tensor::DimOp>()) {
    std::optional<int64_t> index = dim.getConstantIndex();
    return dim.getSource() == source && index && *index == i;
  }
  if (auto sym = value.getDefiningOp<SymSizeOp>())
    return sym.getSource() == source && sym.getDim() == uint64_t(i);
  return false;
}

/// A `tensor.extract_slice` of the whole of its source (offsets 0, strides
/// 1, each size the source's dim) to the source's type is its source.
/// Upstream folds this only when the sizes are static; symshape leaves it
/// with dynamic ones once the clamps of a slice's bounds are decided
/// (`x[0:min(n, 64)]` with n <= 64 is `x[0:n]`).
struct FoldWholeExtractSlice : public OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getSource();
    if (op.getType() != op.getSourceType())
      return rewriter.notifyMatchFailure(op, "not of the source's type");
    for (auto [i, offset, size, stride] : llvm::enumerate(
             op.getMixedOffsets(), op.getMixedSizes(), op.getMixedStrides())) {
      if (!isConstantIntValue(offset, 0) || !isConstantIntValue(stride, 1) ||
          !isWholeDim(size, source, i))
        return rewriter.notifyMatchFailure(op, "not the whole source");
    }
    rewriter.replaceOp(op, source);
    return success();
  }
};

/// A sym_size reads the size its tensor was built with, as upstream
/// canonicalizes tensor.dim: of a destination-style op's tensor result, the
/// same dim of its tied init (the interface's verifier makes their types
/// equal); of a dynamic dim of a tensor.empty, its size operand. Reading
/// the value early matters: other patterns may retype the tensor later from
/// a use that a check guards (a cast folded into a tensor.empty above the
/// check), and a sym_size that then folds to the new static size would
/// decide the check from the op it guards.
struct SymSizeOfBuiltTensor : public OpRewritePattern<SymSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SymSizeOp op,
                                PatternRewriter &rewriter) const override {
    auto result = dyn_cast<OpResult>(op.getSource());
    if (!result)
      return failure();
    int64_t dim = op.getDim();
    if (auto empty = dyn_cast<tensor::EmptyOp>(result.getOwner())) {
      if (!empty.getType().isDynamicDim(dim))
        return failure();
      rewriter.replaceOp(op, empty.getDynamicSize(dim));
      return success();
    }
    auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    if (!dps || !isa<RankedTensorType>(result.getType()))
      return failure();
    OpOperand *init = dps.getTiedOpOperand(result);
    if (!init || init->get().getType() != result.getType())
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSourceMutable().assign(init->get()); });
    return success();
  }
};

} // namespace

void SymSizeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<SymSizeOfBuiltTensor>(context);
}

void SymShapeDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<FoldWholeExtractSlice>(getContext());
}

Expr SymShapeFactsInterface::simplifyApply(ApplyOp op,
                                           OpFoldResult &proven) const {
  proven = getProvenValue(op);
  return proven ? Expr() : simplifyApplyExpr(op);
}

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
