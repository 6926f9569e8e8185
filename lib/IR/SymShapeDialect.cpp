//===- SymShapeDialect.cpp - symshape dialect -----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/IR/SymShapeDialect.h"
#include "symshape/IR/SymShapeAttrs.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace symshape;

#include "symshape/IR/SymShapeOpsDialect.cpp.inc"

void SymShapeDialect::initialize() {
  exprContext = std::make_unique<ExprContext>();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "symshape/IR/SymShapeOps.cpp.inc"
      >();
}

ExprContext &SymShapeDialect::getExprContext(MLIRContext *context) {
  return context->getOrLoadDialect<SymShapeDialect>()->getExprContext();
}

Operation *SymShapeDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    if (intAttr.getType() == type)
      return arith::ConstantOp::create(builder, loc, type, intAttr);
  return nullptr;
}
