//===- DStreamModels.cpp - What dstream ops mean to symshape --------------===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//
//
// External models of symshape's ShapeSemanticsOpInterface for the dstream
// ops: a tie gives the dims of its result, an assumption gives a fact about
// its operand. The store needs no model: it is lowered to the memory form
// that symshape-fold-reshape-into-store folds reshapes into, and the
// analysis reads the dims of its target through the tie.
//
//===----------------------------------------------------------------------===//

#include "dstream/DStream.h"

#include "symshape/Interfaces/ShapeSemanticsInterface.h"

using namespace mlir;

namespace {

/// dstream.tie_shape: each dynamic dim of the result is the value tied to it.
struct TieShapeModel
    : symshape::ShapeSemanticsOpInterface::ExternalModel<TieShapeModel,
                                                         dstream::TieShapeOp> {
  symshape::Expr getResultDimExpr(Operation *op, OpResult result, unsigned dim,
                                  symshape::ShapeQuery &query) const {
    auto tie = cast<dstream::TieShapeOp>(op);
    return query.getExpr(tie.getDynamicDim(dim));
  }
};

/// dstream.assume: the result is the operand, which lies in [min, max] and
/// is a multiple of the divisor. The user states it: a contradiction with
/// other facts is an error.
struct AssumeModel
    : symshape::ShapeSemanticsOpInterface::ExternalModel<AssumeModel,
                                                         dstream::AssumeOp> {
  symshape::Expr getResultExpr(Operation *op, OpResult result,
                               symshape::ShapeQuery &query) const {
    // Outside a walk the fact holds for every user of the result.
    if (!query.isWalking())
      addFacts(op, query);
    return query.getExpr(cast<dstream::AssumeOp>(op).getOperand());
  }

  void addFacts(Operation *op, symshape::ShapeQuery &query) const {
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
    TieShapeOp::attachInterface<TieShapeModel>(*ctx);
    AssumeOp::attachInterface<AssumeModel>(*ctx);
  });
}
