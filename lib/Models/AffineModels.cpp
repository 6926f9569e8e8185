//===- AffineModels.cpp - What affine ops mean for shapes -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// affine.apply, affine.min and affine.max as expressions of their map
// operands; the map's results must fit the result type (or be sizes).
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

Expr applyExpr(affine::AffineApplyOp apply, OpResult, ShapeQuery &q) {
  SmallVector<Expr> operands;
  if (!q.getExprs(apply.getMapOperands(), operands))
    return Expr();
  AffineMap map = apply.getAffineMap();
  return q.checkedArith(apply,
                        exprFromAffine(map.getResult(0), operands,
                                       map.getNumDims(), q.getExprContext()));
}

/// The expressions of each result of `map`, or an empty list if one is not
/// known to fit `type`.
SmallVector<Expr> mapResults(AffineMap map, ValueRange mapOperands, Type type,
                             ShapeQuery &q) {
  SmallVector<Expr> operands, results;
  if (!q.getExprs(mapOperands, operands))
    return {};
  for (AffineExpr r : map.getResults()) {
    Expr e = q.ifFits(
        exprFromAffine(r, operands, map.getNumDims(), q.getExprContext()),
        type);
    if (!e)
      return {};
    results.push_back(e);
  }
  return results;
}

Expr minExpr(affine::AffineMinOp op, OpResult result, ShapeQuery &q) {
  SmallVector<Expr> results =
      mapResults(op.getAffineMap(), op.getMapOperands(), result.getType(), q);
  return results.empty() ? Expr() : min(results);
}

Expr maxExpr(affine::AffineMaxOp op, OpResult result, ShapeQuery &q) {
  SmallVector<Expr> results =
      mapResults(op.getAffineMap(), op.getMapOperands(), result.getType(), q);
  return results.empty() ? Expr() : max(results);
}

/// affine.apply: replaceable; its cost is its divisions and mods, its
/// formula its map over symbols.
struct ApplyRewriteModel
    : ShapeRewriteOpInterface::ExternalModel<ApplyRewriteModel,
                                             affine::AffineApplyOp> {
  ResultRewrite getResultRewrite(Operation *) const {
    return ResultRewrite::Recompute;
  }
  unsigned getOwnCost(Operation *op) const {
    unsigned divs = 0;
    cast<affine::AffineApplyOp>(op).getAffineMap().getResult(0).walk(
        [&](AffineExpr e) {
          if (e.getKind() == AffineExprKind::FloorDiv ||
              e.getKind() == AffineExprKind::CeilDiv ||
              e.getKind() == AffineExprKind::Mod)
            ++divs;
        });
    return divs;
  }
  Expr getFormula(Operation *op, ExprContext &exprs) const {
    auto apply = cast<affine::AffineApplyOp>(op);
    AffineMap map = apply.getAffineMap();
    SmallVector<Expr> operands;
    for (unsigned i = 0, n = apply.getMapOperands().size(); i < n; ++i)
      operands.push_back(exprs.getSymbol(i));
    return exprFromAffine(map.getResult(0), operands, map.getNumDims(), exprs);
  }
};

/// affine.min and affine.max: replaceable; a min or max of k results costs
/// k - 1 (at least 1).
template <typename OpTy, Extremum Ext>
struct MinMaxRewriteModel
    : ShapeRewriteOpInterface::ExternalModel<MinMaxRewriteModel<OpTy, Ext>,
                                             OpTy> {
  ResultRewrite getResultRewrite(Operation *) const {
    return ResultRewrite::Recompute;
  }
  unsigned getOwnCost(Operation *op) const {
    return std::max<unsigned>(1, cast<OpTy>(op).getAffineMap().getNumResults() -
                                     1);
  }
  Extremum getExtremum(Operation *) const { return Ext; }
};

} // namespace

void symshape::registerAffineShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, affine::AffineDialect *) {
    using namespace affine;
    AffineApplyOp::attachInterface<ResultModel<AffineApplyOp, applyExpr>,
                                   ApplyRewriteModel>(*ctx);
    AffineMinOp::attachInterface<
        ResultModel<AffineMinOp, minExpr>,
        MinMaxRewriteModel<AffineMinOp, Extremum::Min>>(*ctx);
    AffineMaxOp::attachInterface<
        ResultModel<AffineMaxOp, maxExpr>,
        MinMaxRewriteModel<AffineMaxOp, Extremum::Max>>(*ctx);
  });
}
