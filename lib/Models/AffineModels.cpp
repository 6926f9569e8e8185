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
  return q.checkedArith(apply, exprFromAffine(map.getResult(0), operands,
                                              map.getNumDims(),
                                              q.getExprContext()));
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

} // namespace

void symshape::registerAffineShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, affine::AffineDialect *) {
    using namespace affine;
    AffineApplyOp::attachInterface<ResultModel<AffineApplyOp, applyExpr>>(
        *ctx);
    AffineMinOp::attachInterface<ResultModel<AffineMinOp, minExpr>>(*ctx);
    AffineMaxOp::attachInterface<ResultModel<AffineMaxOp, maxExpr>>(*ctx);
  });
}
