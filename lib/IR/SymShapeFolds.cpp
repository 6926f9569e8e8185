//===- SymShapeFolds.cpp - symshape folders -------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Fact-free folders: they only use constants and the op's own operands.
// Folding that needs facts (ranges, divisors, dominance) is done by
// symshape-simplify, which runs the engine.
//
//===----------------------------------------------------------------------===//

#include "symshape/IR/SymShapeOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace symshape;

static Attribute getIndexAttr(MLIRContext *ctx, int64_t value) {
  return IntegerAttr::get(IndexType::get(ctx), value);
}

OpFoldResult SymSizeOp::fold(FoldAdaptor) {
  auto type = dyn_cast<RankedTensorType>(getSource().getType());
  int64_t dim = getDim();
  if (!type || dim < 0 || dim >= type.getRank() || type.isDynamicDim(dim))
    return {};
  return getIndexAttr(getContext(), type.getDimSize(dim));
}

/// Shared folder of sym_max / sym_min.
static OpFoldResult foldMaxMin(Operation *op, Attribute lhsAttr,
                               Attribute rhsAttr, bool isMax) {
  if (op->getOperand(0) == op->getOperand(1))
    return op->getOperand(0);
  auto lhs = dyn_cast_if_present<IntegerAttr>(lhsAttr);
  auto rhs = dyn_cast_if_present<IntegerAttr>(rhsAttr);
  if (!lhs || !rhs)
    return {};
  int64_t a = lhs.getInt(), b = rhs.getInt();
  return getIndexAttr(op->getContext(),
                      isMax ? std::max(a, b) : std::min(a, b));
}

OpFoldResult SymMaxOp::fold(FoldAdaptor adaptor) {
  return foldMaxMin(*this, adaptor.getLhs(), adaptor.getRhs(), /*isMax=*/true);
}

OpFoldResult SymMinOp::fold(FoldAdaptor adaptor) {
  return foldMaxMin(*this, adaptor.getLhs(), adaptor.getRhs(), /*isMax=*/false);
}

OpFoldResult ApplyOp::fold(FoldAdaptor adaptor) {
  Expr expr = getExpr().getValue();
  if (std::optional<int64_t> c = expr.getConstantOrNone())
    return getIndexAttr(getContext(), *c);
  if (expr.isSymbol() && expr.getSymbolPosition() < getOperands().size())
    return getOperands()[expr.getSymbolPosition()];
  // Evaluate when every operand is a constant. Undefined results (division by
  // zero, overflow) are not folded.
  SmallVector<int64_t> values(expr.getNumSymbolsUsed(), 0);
  for (auto [pos, attr] : llvm::enumerate(adaptor.getOperands())) {
    if (!expr.usesSymbol(pos))
      continue;
    auto intAttr = dyn_cast_if_present<IntegerAttr>(attr);
    if (!intAttr)
      return {};
    values[pos] = intAttr.getInt();
  }
  if (std::optional<int64_t> value = evaluate(expr, values))
    return getIndexAttr(getContext(), *value);
  return {};
}
