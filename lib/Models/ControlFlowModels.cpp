//===- ControlFlowModels.cpp - What cf ops mean for shapes ----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// After a cf.assert, its condition holds (the program checks it: a
// contradiction is a warning that it always aborts, not an error). In a
// block reached only through one edge of a cf.cond_br, the branch condition
// (or its negation) holds.
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
  void addFacts(Operation *op, FactScope scope, ShapeQuery &q) const {
    if (scope.isAfterOp())
      q.addCondition(cast<cf::AssertOp>(op).getArg(), true,
                     FactSource{op, /*userStated=*/false});
  }
};

/// In the true successor of a cf.cond_br its condition holds, in the false
/// one its negation (when the block is reached from this branch only).
struct CondBranchModel
    : ShapeSemanticsOpInterface::ExternalModel<CondBranchModel,
                                               cf::CondBranchOp> {
  void addFacts(Operation *op, FactScope scope, ShapeQuery &q) const {
    if (scope.kind == FactScope::Kind::Successor)
      q.addCondition(cast<cf::CondBranchOp>(op).getCondition(),
                     scope.index == 0, FactSource());
  }
};

} // namespace

void symshape::registerControlFlowShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, cf::ControlFlowDialect *) {
    cf::AssertOp::attachInterface<AssertModel>(*ctx);
    cf::CondBranchOp::attachInterface<CondBranchModel>(*ctx);
  });
}
