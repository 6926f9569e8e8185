//===- FuncModels.cpp - What func ops mean for shapes ---------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// A call of a private function gives what its callee computes from the
// call's operands (a public function may be replaced at link time).
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

struct CallModel
    : ShapeSemanticsOpInterface::ExternalModel<CallModel, func::CallOp> {
  Expr getResultExpr(Operation *op, OpResult result, ShapeQuery &q) const {
    return q.getCallResult(cast<CallOpInterface>(op), result.getResultNumber(),
                           std::nullopt);
  }
  Expr getValueDimExpr(Operation *op, Value shaped, unsigned dim,
                       ShapeQuery &q) const {
    return q.getCallResult(cast<CallOpInterface>(op),
                           cast<OpResult>(shaped).getResultNumber(), dim);
  }
};

} // namespace

void symshape::registerFuncShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    func::CallOp::attachInterface<CallModel>(*ctx);
  });
}
