//===- DStreamModels.cpp - What dstream ops mean to symshape --------------===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//
//
// External models of symshape's ShapeSemanticsOpInterface for the dstream
// ops: a tie gives the dims of its result (and is tied again with static
// dims where symshape-dynamic-to-static proves them), an assumption gives a
// fact about its operand. The store needs no model: it is lowered to the memory
// form that symshape-fold-reshape-into-store folds reshapes into, and the
// analysis reads the dims of its target through the tie.
//
//===----------------------------------------------------------------------===//

#include "dstream/DStream.h"

#include "symshape/Interfaces/ShapeSemanticsInterface.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace {

/// dstream.tie_shape: each dynamic dim of the result is the value tied to it.
struct TieShapeModel
    : symshape::ShapeSemanticsOpInterface::ExternalModel<TieShapeModel,
                                                         dstream::TieShapeOp> {
  symshape::Expr getValueDimExpr(Operation *op, Value, unsigned dim,
                                 symshape::ShapeQuery &query) const {
    auto tie = cast<dstream::TieShapeOp>(op);
    return query.getExpr(tie.getDynamicDim(dim));
  }
};

/// A tied tensor whose dims symshape-dynamic-to-static proved constant (the
/// values tied to them are) is tied again with those dims static, its
/// operand cast to the same type: the tie states the dims, and is trusted.
/// A cast the operand's own proven dims contradict does not verify, and the
/// pass then keeps the old tie.
struct TieShapeRebuildModel
    : symshape::StaticRebuildOpInterface::ExternalModel<TieShapeRebuildModel,
                                                        dstream::TieShapeOp> {
  Operation *
  buildStaticReplacement(Operation *op, OpBuilder &builder,
                         symshape::StaticRefinement &refinement) const {
    auto tie = cast<dstream::TieShapeOp>(op);
    auto type =
        dyn_cast<RankedTensorType>(refinement.getProvenType(tie.getResult()));
    if (!type || type == tie.getType())
      return nullptr;
    Value operand = refinement.refineOperand(builder, tie.getOperand());
    if (operand.getType() != type)
      operand = tensor::CastOp::create(builder, tie.getLoc(), type, operand);
    SmallVector<Value> dims;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dims.push_back(tie.getDynamicDim(d));
    return dstream::TieShapeOp::create(builder, tie.getLoc(), type, operand,
                                       dims);
  }
};

/// dstream.assume: the result is the operand, which lies in [min, max] and
/// is a multiple of the divisor once the op has run. The user states it: a
/// contradiction with other facts is an error.
struct AssumeModel
    : symshape::ShapeSemanticsOpInterface::ExternalModel<AssumeModel,
                                                         dstream::AssumeOp> {
  symshape::Expr getResultExpr(Operation *op, OpResult result,
                               symshape::ShapeQuery &query) const {
    return query.getExpr(cast<dstream::AssumeOp>(op).getOperand());
  }

  void addFacts(Operation *op, symshape::FactScope scope,
                symshape::ShapeQuery &query) const {
    if (!scope.isAfterOp())
      return;
    auto assume = cast<dstream::AssumeOp>(op);
    query.addRange(
        query.getExpr(assume.getOperand()),
        symshape::Interval(assume.getLowerBound(), assume.getUpperBound()),
        assume.getDivisorOrOne(),
        symshape::FactSource{op, /*userStated=*/true});
  }
};

} // namespace

void dstream::registerShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, DStreamDialect *) {
    TieShapeOp::attachInterface<TieShapeModel, TieShapeRebuildModel>(*ctx);
    AssumeOp::attachInterface<AssumeModel>(*ctx);
  });
}
