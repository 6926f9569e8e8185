//===- SCFModels.cpp - What scf ops mean for shapes -----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// scf.if: a result dim both branches agree on; the condition holds in the
// then region and its negation in the else region. scf.for: a carried
// tensor keeps its initial dim when the body provably keeps it (a probe of
// one iteration, by induction); lb <= iv < ub holds in the body. scf.while
// carries dims the same way through both regions; scf.forall's shared
// outputs keep their dims.
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

/// `lb <= iv < ub` for an induction variable of a loop with a positive step
/// (a null bound states nothing).
void addInductionRange(ShapeQuery &q, Expr iv, Expr lb, Expr ub) {
  if (!iv)
    return;
  if (lb)
    q.addRange(sub(iv, lb), Interval::nonNegative(), 1, FactSource());
  if (ub)
    q.addRange(sub(sub(ub, iv), 1), Interval::nonNegative(), 1, FactSource());
}

/// A model of an op with regions: the dims of its results (`resultDim`)
/// and of its regions' block arguments (`argumentDim`), each null unless
/// `Model` answers it.
template <typename Model, typename OpTy>
struct RegionDimModel : ShapeSemanticsOpInterface::ExternalModel<Model, OpTy> {
  Expr getValueDimExpr(Operation *op, Value shaped, unsigned dim,
                       ShapeQuery &q) const {
    auto self = static_cast<const Model *>(this);
    if (auto result = dyn_cast<OpResult>(shaped))
      return self->resultDim(op, result, dim, q);
    return self->argumentDim(op, cast<BlockArgument>(shaped), dim, q);
  }
  Expr resultDim(Operation *, OpResult, unsigned, ShapeQuery &) const {
    return Expr();
  }
  Expr argumentDim(Operation *, BlockArgument, unsigned, ShapeQuery &) const {
    return Expr();
  }
};

struct IfModel : RegionDimModel<IfModel, scf::IfOp> {
  Expr resultDim(Operation *op, OpResult result, unsigned dim,
                 ShapeQuery &q) const {
    auto ifOp = cast<scf::IfOp>(op);
    if (ifOp.getElseRegion().empty())
      return Expr();
    unsigned i = result.getResultNumber();
    Expr thenDim = q.getDimExpr(ifOp.thenYield().getOperand(i), dim);
    Expr elseDim = q.getDimExpr(ifOp.elseYield().getOperand(i), dim);
    return thenDim == elseDim ? thenDim : Expr();
  }

  void addFacts(Operation *op, FactScope scope, ShapeQuery &q) const {
    if (scope.kind == FactScope::Kind::RegionEntry)
      q.addCondition(cast<scf::IfOp>(op).getCondition(), scope.index == 0,
                     FactSource());
  }
};

struct ForModel : RegionDimModel<ForModel, scf::ForOp> {
  Expr resultDim(Operation *op, OpResult result, unsigned dim,
                 ShapeQuery &q) const {
    auto forOp = cast<scf::ForOp>(op);
    unsigned i = result.getResultNumber();
    Expr init = q.getDimExpr(forOp.getInitArgs()[i], dim);
    return q.getDimExpr(forOp.getRegionIterArgs()[i], dim) == init ? init
                                                                   : Expr();
  }

  Expr argumentDim(Operation *op, BlockArgument arg, unsigned dim,
                   ShapeQuery &q) const {
    auto forOp = cast<scf::ForOp>(op);
    if (arg.getArgNumber() == 0)
      return Expr();
    unsigned i = arg.getArgNumber() - 1;
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    if (!q.isCarriedDimKept(arg, yield.getOperand(i), dim))
      return Expr();
    return q.getDimExpr(forOp.getInitArgs()[i], dim);
  }

  void addFacts(Operation *op, FactScope scope, ShapeQuery &q) const {
    if (scope.kind != FactScope::Kind::RegionEntry)
      return;
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
    addInductionRange(q, iv, lb, ub);
  }
};

/// scf.while: a before-region argument keeps its init's dim when one probed
/// trip through both regions keeps it; an after-region argument and a
/// result have the dims of what scf.condition forwards (for a result, only
/// if that is defined before the loop: a value of the body differs on every
/// iteration).
struct WhileModel : RegionDimModel<WhileModel, scf::WhileOp> {
  Expr resultDim(Operation *op, OpResult result, unsigned dim,
                 ShapeQuery &q) const {
    auto whileOp = cast<scf::WhileOp>(op);
    Expr e = q.getDimExpr(
        whileOp.getConditionOp().getArgs()[result.getResultNumber()], dim);
    return e && q.isDefinedBefore(e, op) ? e : Expr();
  }

  Expr argumentDim(Operation *op, BlockArgument arg, unsigned dim,
                   ShapeQuery &q) const {
    auto whileOp = cast<scf::WhileOp>(op);
    unsigned i = arg.getArgNumber();
    if (arg.getOwner() == whileOp.getAfterBody())
      return q.getDimExpr(whileOp.getConditionOp().getArgs()[i], dim);
    if (arg.getOwner() != whileOp.getBeforeBody() ||
        !q.isCarriedDimKept(arg, whileOp.getYieldOp().getOperand(i), dim))
      return Expr();
    return q.getDimExpr(whileOp.getInits()[i], dim);
  }
};

/// scf.forall: a shared output seen in the body has the dims of the output
/// (parallel_insert_slice writes into it, never resizes it); the results
/// have them too (the op is destination-passing); lb <= iv < ub for a
/// positive step.
struct ForallModel : RegionDimModel<ForallModel, scf::ForallOp> {
  Expr argumentDim(Operation *op, BlockArgument arg, unsigned dim,
                   ShapeQuery &q) const {
    auto forall = cast<scf::ForallOp>(op);
    unsigned numIvs = forall.getRank();
    if (arg.getArgNumber() < numIvs)
      return Expr();
    return q.getDimExpr(forall.getOutputs()[arg.getArgNumber() - numIvs], dim);
  }

  void addFacts(Operation *op, FactScope scope, ShapeQuery &q) const {
    if (scope.kind != FactScope::Kind::RegionEntry)
      return;
    auto forall = cast<scf::ForallOp>(op);
    SmallVector<OpFoldResult> lbs = forall.getMixedLowerBound(),
                              ubs = forall.getMixedUpperBound(),
                              steps = forall.getMixedStep();
    for (auto [iv, lbOfr, ubOfr, stepOfr] :
         llvm::zip(forall.getInductionVars(), lbs, ubs, steps)) {
      Expr i = q.getExpr(iv), lb = q.getFoldResultExpr(lbOfr),
           ub = q.getFoldResultExpr(ubOfr);
      if (q.isProvenPositive(q.getFoldResultExpr(stepOfr)))
        addInductionRange(q, i, lb, ub);
    }
  }
};

} // namespace

void symshape::registerSCFShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, scf::SCFDialect *) {
    scf::IfOp::attachInterface<IfModel>(*ctx);
    scf::ForOp::attachInterface<ForModel>(*ctx);
    scf::WhileOp::attachInterface<WhileModel>(*ctx);
    scf::ForallOp::attachInterface<ForallModel>(*ctx);
  });
}
