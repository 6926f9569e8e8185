//===- ShapeSemanticsInterface.cpp - What an op means for shapes ----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The generated interface and the helpers a model builds its answers with.
//
//===----------------------------------------------------------------------===//

#include "symshape/Interfaces/ShapeSemanticsInterface.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace symshape;

#include "symshape/Interfaces/ShapeSemanticsInterface.cpp.inc"

ShapeQuery::~ShapeQuery() = default;

StaticRefinement::~StaticRefinement() = default;

SmallVector<OpFoldResult>
StaticRefinement::refineIndices(OpBuilder &builder,
                                ArrayRef<OpFoldResult> ofrs) {
  SmallVector<OpFoldResult> out;
  for (OpFoldResult ofr : ofrs)
    out.push_back(refineIndex(builder, ofr));
  return out;
}

SmallVector<OpFoldResult>
StaticRefinement::refineSizes(OpBuilder &builder, ArrayRef<OpFoldResult> ofrs) {
  SmallVector<OpFoldResult> out;
  for (OpFoldResult ofr : ofrs)
    out.push_back(refineSize(builder, ofr));
  return out;
}

std::optional<int64_t> symshape::getStaticValue(OpFoldResult ofr) {
  if (isa<Value>(ofr))
    return std::nullopt;
  return getConstantIntValue(ofr);
}

bool symshape::isIntLike(Type type) {
  if (isa<IndexType>(type))
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.isSignless() && intType.getWidth() >= 2 &&
         intType.getWidth() <= 64;
}

unsigned symshape::bitWidth(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  return 64;
}

Interval symshape::typeRange(unsigned width) {
  if (width >= 64)
    return Interval(INT64_MIN, INT64_MAX);
  int64_t half = int64_t(1) << (width - 1);
  return Interval(-half, half - 1);
}

std::optional<int64_t> symshape::getConstantInt(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)) && value.getBitWidth() <= 64)
    return value.getSExtValue();
  return std::nullopt;
}

Expr symshape::exprFromAffine(AffineExpr e, ArrayRef<Expr> operands,
                              unsigned numDims, ExprContext &ctx) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return ctx.getConstant(cast<AffineConstantExpr>(e).getValue());
  case AffineExprKind::DimId:
    return operands[cast<AffineDimExpr>(e).getPosition()];
  case AffineExprKind::SymbolId:
    return operands[numDims + cast<AffineSymbolExpr>(e).getPosition()];
  default:
    break;
  }
  auto bin = cast<AffineBinaryOpExpr>(e);
  Expr l = exprFromAffine(bin.getLHS(), operands, numDims, ctx);
  Expr r = exprFromAffine(bin.getRHS(), operands, numDims, ctx);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return add(l, r);
  case AffineExprKind::Mul:
    return mul(l, r);
  case AffineExprKind::FloorDiv:
    return floorDiv(l, r);
  case AffineExprKind::CeilDiv:
    return ceilDiv(l, r);
  case AffineExprKind::Mod:
    return mod(l, r);
  default:
    return Expr();
  }
}

Expr ShapeQuery::getFoldResultExpr(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr)) {
    if (auto intAttr = dyn_cast<IntegerAttr>(attr))
      return getExprContext().getConstant(intAttr.getInt());
    return Expr();
  }
  return getExpr(cast<Value>(ofr));
}

bool ShapeQuery::getExprs(ValueRange values, SmallVectorImpl<Expr> &exprs) {
  for (Value v : values)
    exprs.push_back(getExpr(v));
  return llvm::all_of(exprs, [](Expr e) { return bool(e); });
}

bool ShapeQuery::isProvenNonNegative(Expr e) {
  return e && getSolver().proveNonNegative(e) == Verdict::True;
}

bool ShapeQuery::isProvenPositive(Expr e) {
  return e && getSolver().proveLT(getExprContext().getConstant(0), e) ==
                  Verdict::True;
}

Expr ShapeQuery::ifFits(Expr e, Type type) {
  if (!e)
    return Expr();
  unsigned width = bitWidth(type);
  if (width == 64 && isBuiltFromSizes(e))
    return e;
  return typeRange(width).contains(getSolver().getRange(e)) ? e : Expr();
}

Expr ShapeQuery::checkedArith(Operation *op, Expr exact) {
  if (!exact)
    return Expr();
  if (auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
    if (flags.hasNoSignedWrap())
      return exact;
  return ifFits(exact, op->getResult(0).getType());
}
