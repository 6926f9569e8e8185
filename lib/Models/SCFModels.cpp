//===- SCFModels.cpp - What scf ops mean for shapes -----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// scf.if: a result dim both branches agree on; the condition holds in the
// then region and its negation in the else region. scf.for: a carried
// tensor keeps its initial dim when the body provably keeps it (a probe of
// one iteration, by induction); lb <= iv < ub holds in the body.
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

struct IfModel : ShapeSemanticsOpInterface::ExternalModel<IfModel, scf::IfOp> {
  Expr getResultDimExpr(Operation *op, OpResult result, unsigned dim,
                        ShapeQuery &q) const {
    auto ifOp = cast<scf::IfOp>(op);
    if (ifOp.getElseRegion().empty())
      return Expr();
    unsigned i = result.getResultNumber();
    Expr thenDim = q.getDimExpr(ifOp.thenYield().getOperand(i), dim);
    Expr elseDim = q.getDimExpr(ifOp.elseYield().getOperand(i), dim);
    return thenDim == elseDim ? thenDim : Expr();
  }

  void addRegionEntryFacts(Operation *op, Region &region,
                           ShapeQuery &q) const {
    auto ifOp = cast<scf::IfOp>(op);
    q.addCondition(ifOp.getCondition(), &region == &ifOp.getThenRegion(),
                   FactSource());
  }
};

struct ForModel
    : ShapeSemanticsOpInterface::ExternalModel<ForModel, scf::ForOp> {
  Expr getResultDimExpr(Operation *op, OpResult result, unsigned dim,
                        ShapeQuery &q) const {
    auto forOp = cast<scf::ForOp>(op);
    unsigned i = result.getResultNumber();
    Expr init = q.getDimExpr(forOp.getInitArgs()[i], dim);
    return q.getDimExpr(forOp.getRegionIterArgs()[i], dim) == init ? init
                                                                    : Expr();
  }

  Expr getRegionArgumentDimExpr(Operation *op, BlockArgument arg,
                                unsigned dim, ShapeQuery &q) const {
    auto forOp = cast<scf::ForOp>(op);
    if (arg.getArgNumber() == 0)
      return Expr();
    unsigned i = arg.getArgNumber() - 1;
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    if (!q.isCarriedDimKept(arg, yield.getOperand(i), dim))
      return Expr();
    return q.getDimExpr(forOp.getInitArgs()[i], dim);
  }

  void addRegionEntryFacts(Operation *op, Region &, ShapeQuery &q) const {
    // lb <= iv < ub (scf.for has a positive step).
    auto forOp = cast<scf::ForOp>(op);
    Expr iv = q.getExpr(forOp.getInductionVar());
    Expr lb = q.getExpr(forOp.getLowerBound()),
         ub = q.getExpr(forOp.getUpperBound());
    if (forOp.getUnsignedCmp()) {
      // The bounds compare unsigned: lb <=u iv <u ub. Signed facts follow
      // only for non-negative bounds: ub >= 0 gives 0 <= iv < ub, and then
      // lb >= 0 gives lb <= iv.
      if (!iv || !q.isProvenNonNegative(ub))
        return;
      q.addRange(iv, Interval::nonNegative(), 1, FactSource());
      if (!q.isProvenNonNegative(lb))
        lb = Expr();
    }
    if (iv && lb)
      q.addRange(sub(iv, lb), Interval::nonNegative(), 1, FactSource());
    if (iv && ub)
      q.addRange(sub(sub(ub, iv), 1), Interval::nonNegative(), 1,
                 FactSource());
  }
};

} // namespace

void symshape::registerSCFShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, scf::SCFDialect *) {
    scf::IfOp::attachInterface<IfModel>(*ctx);
    scf::ForOp::attachInterface<ForModel>(*ctx);
  });
}
