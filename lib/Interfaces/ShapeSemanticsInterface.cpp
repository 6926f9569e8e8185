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

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

using Predicate = Comparison::Predicate;

Predicate Comparison::swapped(Predicate p) {
  switch (p) {
  case Predicate::SLT:
    return Predicate::SGT;
  case Predicate::SLE:
    return Predicate::SGE;
  case Predicate::SGT:
    return Predicate::SLT;
  case Predicate::SGE:
    return Predicate::SLE;
  case Predicate::ULT:
    return Predicate::UGT;
  case Predicate::ULE:
    return Predicate::UGE;
  case Predicate::UGT:
    return Predicate::ULT;
  case Predicate::UGE:
    return Predicate::ULE;
  default:
    return p; // EQ, NE
  }
}

Predicate Comparison::signedOf(Predicate p) {
  switch (p) {
  case Predicate::ULT:
    return Predicate::SLT;
  case Predicate::ULE:
    return Predicate::SLE;
  case Predicate::UGT:
    return Predicate::SGT;
  case Predicate::UGE:
    return Predicate::SGE;
  default:
    return p;
  }
}

Relation Comparison::toRelation() const {
  switch (pred) {
  case Predicate::EQ:
    return Relation{Relation::Kind::EQ, lhs, rhs};
  case Predicate::NE:
    return Relation{Relation::Kind::NE, lhs, rhs};
  case Predicate::SLT:
  case Predicate::ULT:
    return Relation{Relation::Kind::LT, lhs, rhs};
  case Predicate::SLE:
  case Predicate::ULE:
    return Relation{Relation::Kind::LE, lhs, rhs};
  case Predicate::SGT:
  case Predicate::UGT:
    return Relation{Relation::Kind::LT, rhs, lhs};
  case Predicate::SGE:
  case Predicate::UGE:
    break;
  }
  return Relation{Relation::Kind::LE, rhs, lhs};
}

void ShapeQuery::addComparison(const Comparison &comparison,
                               FactSource source) {
  Expr a = comparison.lhs, b = comparison.rhs;
  Predicate pred = comparison.pred;
  if (!a || !b)
    return;
  // One spelling per relation: `a >u b` is `b <u a` (so that a constant on
  // either side bounds the other operand).
  if (pred == Predicate::UGT || pred == Predicate::UGE) {
    std::swap(a, b);
    pred = Comparison::swapped(pred);
  }
  // Unsigned comparisons of non-negative values are signed comparisons; and
  // `a <u c` with a constant c >= 0 puts a in [0, c - 1] whatever its sign.
  if (pred == Predicate::ULT || pred == Predicate::ULE) {
    std::optional<int64_t> bConst = b.getConstantOrNone();
    if (isProvenNonNegative(a) && isProvenNonNegative(b)) {
      pred = Comparison::signedOf(pred);
    } else if (bConst && *bConst >= 0) {
      int64_t hi = pred == Predicate::ULT ? *bConst - 1 : *bConst;
      addRange(a, Interval(0, hi), 1, source);
      return;
    } else {
      return;
    }
  }
  Expr d = sub(b, a); // b - a
  switch (pred) {
  case Predicate::EQ:
    addEquality(a, b, source);
    return;
  case Predicate::NE: {
    // Only an excluded end of a known range narrows it.
    Interval r = getSolver().getRange(d);
    if (r.getLo() && *r.getLo() == 0)
      addRange(d, Interval::atLeast(1), 1, source);
    else if (r.getHi() && *r.getHi() == 0)
      addRange(d, Interval::atMost(-1), 1, source);
    return;
  }
  case Predicate::SLT:
    addRange(d, Interval::atLeast(1), 1, source);
    return;
  case Predicate::SLE:
    addRange(d, Interval::atLeast(0), 1, source);
    return;
  case Predicate::SGT:
    addRange(d, Interval::atMost(-1), 1, source);
    return;
  case Predicate::SGE:
    addRange(d, Interval::atMost(0), 1, source);
    return;
  default:
    return;
  }
}

Verdict ShapeQuery::decideComparison(const Comparison &comparison) {
  Expr a = comparison.lhs, b = comparison.rhs;
  if (!a || !b)
    return Verdict::Unknown;
  // Unsigned comparisons agree with signed ones on non-negative values.
  if (comparison.isUnsigned() &&
      (!isProvenNonNegative(a) || !isProvenNonNegative(b)))
    return Verdict::Unknown;
  Solver &solver = getSolver();
  switch (Comparison::signedOf(comparison.pred)) {
  case Predicate::EQ:
    return solver.proveEQ(a, b);
  case Predicate::NE:
    return solver.proveNE(a, b);
  case Predicate::SLT:
    return solver.proveLT(a, b);
  case Predicate::SLE:
    return solver.proveLE(a, b);
  case Predicate::SGT:
    return solver.proveGT(a, b);
  default:
    return solver.proveGE(a, b);
  }
}
