//===- BufferizationModels.cpp - What bufferization ops mean for shapes ---===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// to_tensor and to_buffer keep the dims of what they convert.
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

void symshape::registerBufferizationShapeModels(DialectRegistry &registry) {
  registry.addExtension(
      +[](MLIRContext *ctx, bufferization::BufferizationDialect *) {
        using namespace bufferization;
        ToTensorOp::attachInterface<CastModel<ToTensorOp>>(*ctx);
        ToBufferOp::attachInterface<CastModel<ToBufferOp>>(*ctx);
      });
}
