//===- ControlFlowModels.cpp - What cf ops mean for shapes ----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// After a cf.assert, its condition holds (the program checks it: a
// contradiction is a warning that it always aborts, not an error).
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

struct AssertModel
    : ShapeSemanticsOpInterface::ExternalModel<AssertModel, cf::AssertOp> {
  void addFacts(Operation *op, ShapeQuery &q) const {
    q.addCondition(cast<cf::AssertOp>(op).getArg(), true,
                   FactSource{op, /*userStated=*/false});
  }
};

} // namespace

void symshape::registerControlFlowShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, cf::ControlFlowDialect *) {
    cf::AssertOp::attachInterface<AssertModel>(*ctx);
  });
}
