//===- SymShapeOps.h - symshape operations ----------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_IR_SYMSHAPEOPS_H
#define SYMSHAPE_IR_SYMSHAPEOPS_H

#include "symshape/IR/SymShapeAttrs.h"
#include "symshape/IR/SymShapeDialect.h"
#include "symshape/Interfaces/ShapeSemanticsInterface.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace symshape {
/// The side-effect resource that symshape facts live on (see
/// SymShape_FactResource in SymShapeOps.td).
struct FactResource : public mlir::SideEffects::Resource::Base<FactResource> {
  llvm::StringRef getName() override { return "symshape.fact"; }
};
} // namespace symshape

#define GET_OP_CLASSES
#include "symshape/IR/SymShapeOps.h.inc"

#endif // SYMSHAPE_IR_SYMSHAPEOPS_H
