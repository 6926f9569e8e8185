//===- Models.cpp - Registration of the upstream op models ----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Models/Models.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void symshape::registerShapeSemanticsModels(DialectRegistry &registry) {
  registerAffineShapeModels(registry);
  registerArithShapeModels(registry);
  registerBufferizationShapeModels(registry);
  registerControlFlowShapeModels(registry);
  registerFuncShapeModels(registry);
  registerMemRefShapeModels(registry);
  registerSCFShapeModels(registry);
  registerTensorShapeModels(registry);
}
