//===- Models.h - What upstream ops mean for shapes -------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// External models of ShapeSemanticsOpInterface, ShapeRewriteOpInterface and
// StaticRebuildOpInterface for the upstream dialects symshape understands,
// one registration function per dialect (one file per dialect in
// lib/Models/). registerAllDialects registers them all.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_MODELS_H
#define SYMSHAPE_MODELS_MODELS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace symshape {

void registerAffineShapeModels(mlir::DialectRegistry &registry);
void registerArithShapeModels(mlir::DialectRegistry &registry);
void registerBufferizationShapeModels(mlir::DialectRegistry &registry);
void registerControlFlowShapeModels(mlir::DialectRegistry &registry);
void registerFuncShapeModels(mlir::DialectRegistry &registry);
void registerMemRefShapeModels(mlir::DialectRegistry &registry);
void registerSCFShapeModels(mlir::DialectRegistry &registry);
void registerTensorShapeModels(mlir::DialectRegistry &registry);

/// All of the above.
void registerShapeSemanticsModels(mlir::DialectRegistry &registry);

} // namespace symshape

#endif // SYMSHAPE_MODELS_MODELS_H
