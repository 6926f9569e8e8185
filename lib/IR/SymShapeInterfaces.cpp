//===- SymShapeInterfaces.cpp - Upstream interfaces of symshape ops -------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// InferIntRangeInterface (for -int-range-optimizations and the integer range
// analysis) and ValueBoundsOpInterface (for ValueBoundsConstraintSet) on every
// symshape op that yields an index.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Solver.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

using namespace mlir;
using namespace symshape;

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// The signed interval of a ConstantIntRanges.
static Interval toInterval(const ConstantIntRanges &r) {
  return Interval(r.smin().getSExtValue(), r.smax().getSExtValue());
}

/// A ConstantIntRanges of `type` from an interval; unbounded ends become the
/// type's limits.
static ConstantIntRanges fromInterval(const Interval &r, Type type) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(type);
  APInt lo = APInt::getSignedMinValue(width),
        hi = APInt::getSignedMaxValue(width);
  if (r.isEmpty())
    return ConstantIntRanges::maxRange(width);
  if (r.getLo() && *r.getLo() >= lo.getSExtValue())
    lo = APInt(width, *r.getLo(), /*isSigned=*/true);
  if (r.getHi() && *r.getHi() <= hi.getSExtValue())
    hi = APInt(width, *r.getHi(), /*isSigned=*/true);
  if (lo.sgt(hi))
    return ConstantIntRanges::maxRange(width);
  return ConstantIntRanges::fromSigned(lo, hi);
}

/// `e` as an affine expression over `symbols`, if it is affine (no max/min,
/// no product of two unknowns, divisions by positive constants only).
static AffineExpr toAffine(Expr e, ArrayRef<AffineExpr> symbols,
                           MLIRContext *ctx) {
  switch (e.getKind()) {
  case ExprKind::Constant:
    return getAffineConstantExpr(e.getConstantValue(), ctx);
  case ExprKind::Symbol:
    return symbols[e.getSymbolPosition()];
  case ExprKind::Add: {
    AffineExpr sum = getAffineConstantExpr(e.getAddConstant(), ctx);
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
      AffineExpr term = toAffine(t, symbols, ctx);
      if (!term)
        return AffineExpr();
      sum = sum + term * c;
    }
    return sum;
  }
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod: {
    std::optional<int64_t> c = e.getOperands()[1].getConstantOrNone();
    AffineExpr lhs = toAffine(e.getOperands()[0], symbols, ctx);
    if (!c || *c <= 0 || !lhs)
      return AffineExpr();
    if (e.getKind() == ExprKind::FloorDiv)
      return lhs.floorDiv(*c);
    if (e.getKind() == ExprKind::CeilDiv)
      return lhs.ceilDiv(*c);
    return lhs % *c;
  }
  default:
    return AffineExpr();
  }
}

//===----------------------------------------------------------------------===//
// InferIntRangeInterface
//===----------------------------------------------------------------------===//

void SymbolOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                 SetIntRangeFn setResultRange) {
  RangeAttr range = getRangeOrDefault();
  setResultRange(
      getResult(),
      fromInterval(Interval(range.getLo(), range.getHi()), getType()));
}

void SymSizeOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                  SetIntRangeFn setResultRange) {
  auto type = cast<RankedTensorType>(getSource().getType());
  Interval r = type.isDynamicDim(getDim())
                   ? Interval::nonNegative()
                   : Interval::point(type.getDimSize(getDim()));
  setResultRange(getResult(), fromInterval(r, getType()));
}

void SymMaxOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                 SetIntRangeFn setResultRange) {
  setResultRange(getResult(), intrange::inferMaxS(argRanges));
}

void SymMinOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                 SetIntRangeFn setResultRange) {
  setResultRange(getResult(), intrange::inferMinS(argRanges));
}

void ApplyOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                SetIntRangeFn setResultRange) {
  // The engine bounds any expression soundly from its operands' ranges.
  Facts facts;
  for (auto [i, r] : llvm::enumerate(argRanges))
    facts.addSymbolRange(i, toInterval(r));
  Solver solver(facts);
  setResultRange(
      getResult(),
      fromInterval(solver.getRange(getExpr().getValue()), getType()));
}

void ConstrainRangeOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                         SetIntRangeFn setResultRange) {
  RangeAttr range = getRange();
  Interval stated = Interval(range.getLo(), range.getHi())
                        .intersect(toInterval(argRanges[0]))
                        .roundToMultiple(getDivisor());
  setResultRange(getResult(), stated.isEmpty()
                                  ? argRanges[0]
                                  : fromInterval(stated, getType()));
}

//===----------------------------------------------------------------------===//
// ValueBoundsOpInterface
//===----------------------------------------------------------------------===//

/// Adds `lo <= value <= hi` for the bounded ends of `range`.
static void boundByRange(ValueBoundsConstraintSet &cstr, Value value,
                         RangeAttr range) {
  if (range.getLo())
    cstr.bound(value) >= *range.getLo();
  if (range.getHi())
    cstr.bound(value) <= *range.getHi();
}

void SymbolOp::populateBoundsForIndexValue(Value value,
                                           ValueBoundsConstraintSet &cstr) {
  boundByRange(cstr, value, getRangeOrDefault());
}

void SymSizeOp::populateBoundsForIndexValue(Value value,
                                            ValueBoundsConstraintSet &cstr) {
  cstr.bound(value) == cstr.getExpr(getSource(), getDim());
}

void SymMaxOp::populateBoundsForIndexValue(Value value,
                                           ValueBoundsConstraintSet &cstr) {
  cstr.bound(value) >= cstr.getExpr(getLhs());
  cstr.bound(value) >= cstr.getExpr(getRhs());
}

void SymMinOp::populateBoundsForIndexValue(Value value,
                                           ValueBoundsConstraintSet &cstr) {
  cstr.bound(value) <= cstr.getExpr(getLhs());
  cstr.bound(value) <= cstr.getExpr(getRhs());
}

void ApplyOp::populateBoundsForIndexValue(Value value,
                                          ValueBoundsConstraintSet &cstr) {
  SmallVector<AffineExpr> symbols;
  for (Value operand : getOperands())
    symbols.push_back(cstr.getExpr(operand));
  Expr e = getExpr().getValue();
  if (AffineExpr affine = toAffine(e, symbols, getContext())) {
    cstr.bound(value) == affine;
    return;
  }
  // A max is at least each affine operand, a min at most each.
  if (e.getKind() == ExprKind::Max || e.getKind() == ExprKind::Min) {
    for (Expr op : e.getOperands()) {
      AffineExpr affine = toAffine(op, symbols, getContext());
      if (!affine)
        continue;
      if (e.getKind() == ExprKind::Max)
        cstr.bound(value) >= affine;
      else
        cstr.bound(value) <= affine;
    }
  }
}

void ConstrainRangeOp::populateBoundsForIndexValue(
    Value value, ValueBoundsConstraintSet &cstr) {
  cstr.bound(value) == cstr.getExpr(getValue());
  boundByRange(cstr, value, getRange());
}
