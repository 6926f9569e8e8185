//===- ArithModels.cpp - What arith ops mean for shapes -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Integer arithmetic as expressions, exact or not at all: add/sub/mul only
// where they cannot wrap (nsw, a size in 64 bits, or a result range that
// fits); floordivsi/ceildivsi with a positive divisor; truncating divisions
// and remainders only with a non-negative dividend; casts that keep the
// value; max and min, signed or (of non-negative values) unsigned, and a
// select of a comparison of its own operands. Comparisons and their
// conjunctions state facts when they hold.
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

Expr constantExpr(arith::ConstantOp c, OpResult, ShapeQuery &query) {
  if (auto attr = dyn_cast<IntegerAttr>(c.getValue()))
    if (attr.getValue().getBitWidth() <= 64)
      return query.getExprContext().getConstant(
          isa<IndexType>(attr.getType()) ? attr.getInt()
                                         : attr.getValue().getSExtValue());
  return Expr();
}

template <typename OpTy>
std::pair<Expr, Expr> operands(OpTy op, ShapeQuery &q) {
  return {q.getExpr(op->getOperand(0)), q.getExpr(op->getOperand(1))};
}

/// The formula of a binary op over its operands s0 and s1.
using Formula = Expr (*)(Expr, Expr);

/// The model of an arithmetic op whose result symshape-simplify may replace
/// by a simpler value: its value (`Value`), its formula for raising
/// (`F`, or none), how many division/max/min operations it performs (`Cost`)
/// and whether it is a max or min.
template <typename OpTy, Expr (*Value)(OpTy, OpResult, ShapeQuery &),
          Formula F = nullptr, unsigned Cost = 0, Extremum Ext = Extremum::None>
struct ArithModel : ShapeSemanticsOpInterface::ExternalModel<
                        ArithModel<OpTy, Value, F, Cost, Ext>, OpTy> {
  Expr getResultExpr(Operation *op, OpResult result, ShapeQuery &q) const {
    return Value(cast<OpTy>(op), result, q);
  }
  ResultRewrite getResultRewrite(Operation *) const {
    return ResultRewrite::Recompute;
  }
  unsigned getOwnCost(Operation *) const { return Cost; }
  Extremum getExtremum(Operation *) const { return Ext; }
  Expr getFormula(Operation *, ExprContext &exprs) const {
    if constexpr (F != nullptr)
      return F(exprs.getSymbol(0), exprs.getSymbol(1));
    else
      return Expr();
  }
};

Expr addFormula(Expr a, Expr b) { return add(a, b); }
Expr subFormula(Expr a, Expr b) { return sub(a, b); }
Expr mulFormula(Expr a, Expr b) { return mul(a, b); }
Expr maxFormula(Expr a, Expr b) { return max(a, b); }
Expr minFormula(Expr a, Expr b) { return min(a, b); }
Expr floorDivFormula(Expr a, Expr b) { return floorDiv(a, b); }
Expr ceilDivFormula(Expr a, Expr b) { return ceilDiv(a, b); }
Expr modFormula(Expr a, Expr b) { return mod(a, b); }

Expr addExpr(arith::AddIOp op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  return q.checkedArith(op, add(a, b));
}

Expr subExpr(arith::SubIOp op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  return q.checkedArith(op, sub(a, b));
}

Expr mulExpr(arith::MulIOp op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  return q.checkedArith(op, mul(a, b));
}

Expr maxExpr(arith::MaxSIOp op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  return max(a, b);
}

Expr minExpr(arith::MinSIOp op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  return min(a, b);
}

/// Unsigned max and min agree with the signed ones on non-negative values.
template <typename OpTy, Formula Extreme>
Expr unsignedExtremumExpr(OpTy op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  if (!q.isProvenNonNegative(a) || !q.isProvenNonNegative(b))
    return Expr();
  return Extreme(a, b);
}

/// Floor and ceil division are exact but for MIN / -1, which a positive
/// divisor excludes.
Expr floorDivExpr(arith::FloorDivSIOp op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  return q.isProvenPositive(b) ? floorDiv(a, b) : Expr();
}

Expr ceilDivExpr(arith::CeilDivSIOp op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  return q.isProvenPositive(b) ? ceilDiv(a, b) : Expr();
}

/// Truncating division equals floor division only for a non-negative
/// dividend and a positive divisor.
template <typename OpTy>
Expr truncatingDivExpr(OpTy op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  if (!q.isProvenNonNegative(a) || !q.isProvenPositive(b))
    return Expr();
  return floorDiv(a, b);
}

template <typename OpTy>
Expr truncatingRemExpr(OpTy op, OpResult, ShapeQuery &q) {
  auto [a, b] = operands(op, q);
  if (!q.isProvenNonNegative(a) || !q.isProvenPositive(b))
    return Expr();
  return mod(a, b);
}

/// Sign extension keeps the value; narrowing must fit.
template <typename OpTy>
Expr signedCastExpr(OpTy op, OpResult result, ShapeQuery &q) {
  return q.ifFits(q.getExpr(op->getOperand(0)), result.getType());
}

/// Zero extension keeps a non-negative value.
template <typename OpTy>
Expr unsignedCastExpr(OpTy op, OpResult result, ShapeQuery &q) {
  Expr a = q.getExpr(op->getOperand(0));
  return q.isProvenNonNegative(a) ? q.ifFits(a, result.getType()) : Expr();
}

/// A value that only arith.select uses matters only when it is selected:
/// its condition holds for the true operand, its negation for the false one.
struct SelectModel
    : ShapeSemanticsOpInterface::ExternalModel<SelectModel, arith::SelectOp> {
  Expr getResultExpr(Operation *op, OpResult result, ShapeQuery &q) const;
  ResultRewrite getResultRewrite(Operation *) const {
    return ResultRewrite::Recompute;
  }
  void addOperandFacts(Operation *op, unsigned index, ShapeQuery &q) const {
    if (index == 1 || index == 2)
      q.addCondition(cast<arith::SelectOp>(op).getCondition(), index == 1,
                     FactSource());
  }
};

/// The predicate `p` with its operands swapped: `a p b` is `b swapped(p) a`.
arith::CmpIPredicate swapOperands(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::slt:
    return P::sgt;
  case P::sle:
    return P::sge;
  case P::sgt:
    return P::slt;
  case P::sge:
    return P::sle;
  case P::ult:
    return P::ugt;
  case P::ule:
    return P::uge;
  case P::ugt:
    return P::ult;
  case P::uge:
    return P::ule;
  default:
    return p; // eq, ne
  }
}

/// A select of its own comparison's operands, in either order and with any
/// predicate (the unsigned ones on non-negative values): `select(t < f, t,
/// f)` is min(t, f), `select(t > f, t, f)` max(t, f), `select(t == f, t, f)`
/// is f and `select(t != f, t, f)` is t. The operands are matched by value,
/// so a comparison of casts of t and f counts.
Expr selectExpr(arith::SelectOp sel, OpResult, ShapeQuery &q) {
  Expr t = q.getExpr(sel.getTrueValue()), f = q.getExpr(sel.getFalseValue());
  if (auto c = getConstantInt(sel.getCondition()))
    return *c ? t : f;
  auto cmp = sel.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || !t || !f)
    return Expr();
  Expr lhs = q.getExpr(cmp.getLhs()), rhs = q.getExpr(cmp.getRhs());
  using P = arith::CmpIPredicate;
  P pred = cmp.getPredicate();
  if (lhs == f && rhs == t && t != f)
    pred = swapOperands(pred);
  else if (lhs != t || rhs != f)
    return Expr();
  switch (pred) {
  case P::eq:
    return f;
  case P::ne:
    return t;
  case P::ult:
  case P::ule:
  case P::ugt:
  case P::uge:
    if (!q.isProvenNonNegative(t) || !q.isProvenNonNegative(f))
      return Expr();
    break;
  default:
    break;
  }
  switch (pred) {
  case P::slt:
  case P::sle:
  case P::ult:
  case P::ule:
    return min(t, f);
  default:
    return max(t, f);
  }
}

Expr SelectModel::getResultExpr(Operation *op, OpResult result,
                                ShapeQuery &q) const {
  return selectExpr(cast<arith::SelectOp>(op), result, q);
}

//===----------------------------------------------------------------------===//
// Conditions
//===----------------------------------------------------------------------===//

/// The facts of `a pred b` holding.
void addComparisonFacts(arith::CmpIPredicate pred, Expr a, Expr b,
                        FactSource source, ShapeQuery &q) {
  using P = arith::CmpIPredicate;
  // One spelling per relation: `a >u b` is `b <u a` (so that a constant on
  // either side bounds the other operand).
  if (pred == P::ugt || pred == P::uge) {
    std::swap(a, b);
    pred = swapOperands(pred);
  }
  // Unsigned comparisons of non-negative values are signed comparisons; and
  // `a <u c` with a constant c >= 0 puts a in [0, c - 1] whatever its sign.
  if (pred == P::ult || pred == P::ule) {
    std::optional<int64_t> bConst = b.getConstantOrNone();
    if (q.isProvenNonNegative(a) && q.isProvenNonNegative(b)) {
      pred = pred == P::ult ? P::slt : P::sle;
    } else if (bConst && *bConst >= 0) {
      int64_t hi = pred == P::ult ? *bConst - 1 : *bConst;
      q.addRange(a, Interval(0, hi), 1, source);
      return;
    } else {
      return;
    }
  }
  Expr d = sub(b, a); // b - a
  switch (pred) {
  case P::eq:
    q.addEquality(a, b, source);
    return;
  case P::ne: {
    // Only an excluded end of a known range narrows it.
    Interval r = q.getSolver().getRange(d);
    if (r.getLo() && *r.getLo() == 0)
      q.addRange(d, Interval::atLeast(1), 1, source);
    else if (r.getHi() && *r.getHi() == 0)
      q.addRange(d, Interval::atMost(-1), 1, source);
    return;
  }
  case P::slt:
    q.addRange(d, Interval::atLeast(1), 1, source);
    return;
  case P::sle:
    q.addRange(d, Interval::atLeast(0), 1, source);
    return;
  case P::sgt:
    q.addRange(d, Interval::atMost(-1), 1, source);
    return;
  case P::sge:
    q.addRange(d, Interval::atMost(0), 1, source);
    return;
  default:
    return;
  }
}

struct CmpIModel
    : ShapeSemanticsOpInterface::ExternalModel<CmpIModel, arith::CmpIOp> {
  void addConditionFacts(Operation *op, OpResult, bool isTrue,
                         FactSource source, ShapeQuery &q) const {
    auto cmp = cast<arith::CmpIOp>(op);
    Expr a = q.getExpr(cmp.getLhs()), b = q.getExpr(cmp.getRhs());
    if (!a || !b)
      return;
    arith::CmpIPredicate pred = cmp.getPredicate();
    if (!isTrue)
      pred = arith::invertPredicate(pred);
    addComparisonFacts(pred, a, b, source, q);
  }

  std::optional<Relation> getConditionRelation(Operation *op, OpResult,
                                               bool isTrue,
                                               ShapeQuery &q) const {
    auto cmp = cast<arith::CmpIOp>(op);
    Expr a = q.getExpr(cmp.getLhs()), b = q.getExpr(cmp.getRhs());
    if (!a || !b)
      return std::nullopt;
    using P = arith::CmpIPredicate;
    P pred = isTrue ? cmp.getPredicate()
                    : arith::invertPredicate(cmp.getPredicate());
    // Unsigned relations are the signed ones on the non-negative values
    // decideCondition requires.
    switch (pred) {
    case P::eq:
      return Relation{Relation::Kind::EQ, a, b};
    case P::ne:
      return Relation{Relation::Kind::NE, a, b};
    case P::slt:
    case P::ult:
      return Relation{Relation::Kind::LT, a, b};
    case P::sle:
    case P::ule:
      return Relation{Relation::Kind::LE, a, b};
    case P::sgt:
    case P::ugt:
      return Relation{Relation::Kind::LT, b, a};
    case P::sge:
    case P::uge:
      return Relation{Relation::Kind::LE, b, a};
    }
    return std::nullopt;
  }

  Verdict decideCondition(Operation *op, OpResult, ShapeQuery &q) const {
    auto cmp = cast<arith::CmpIOp>(op);
    Expr a = q.getExpr(cmp.getLhs()), b = q.getExpr(cmp.getRhs());
    if (!a || !b)
      return Verdict::Unknown;
    Solver &solver = q.getSolver();
    using P = arith::CmpIPredicate;
    switch (cmp.getPredicate()) {
    case P::eq:
      return solver.proveEQ(a, b);
    case P::ne:
      return solver.proveNE(a, b);
    case P::slt:
      return solver.proveLT(a, b);
    case P::sle:
      return solver.proveLE(a, b);
    case P::sgt:
      return solver.proveGT(a, b);
    case P::sge:
      return solver.proveGE(a, b);
    default:
      break;
    }
    // Unsigned comparisons agree with signed ones on non-negative values.
    if (!q.isProvenNonNegative(a) || !q.isProvenNonNegative(b))
      return Verdict::Unknown;
    switch (cmp.getPredicate()) {
    case P::ult:
      return solver.proveLT(a, b);
    case P::ule:
      return solver.proveLE(a, b);
    case P::ugt:
      return solver.proveGT(a, b);
    default:
      return solver.proveGE(a, b);
    }
  }
};

/// `a and b` true: both are; `a or b` false: neither is.
template <typename OpTy, bool Holds>
struct BothOperandsModel
    : ShapeSemanticsOpInterface::ExternalModel<BothOperandsModel<OpTy, Holds>,
                                               OpTy> {
  void addConditionFacts(Operation *op, OpResult, bool isTrue,
                         FactSource source, ShapeQuery &q) const {
    if (isTrue != Holds)
      return;
    q.addCondition(op->getOperand(0), Holds, source);
    q.addCondition(op->getOperand(1), Holds, source);
  }
};

/// xor(c, true) is not(c).
struct XOrIModel
    : ShapeSemanticsOpInterface::ExternalModel<XOrIModel, arith::XOrIOp> {
  void addConditionFacts(Operation *op, OpResult, bool isTrue,
                         FactSource source, ShapeQuery &q) const {
    auto xorOp = cast<arith::XOrIOp>(op);
    if (auto c = getConstantInt(xorOp.getRhs()); c && *c != 0)
      q.addCondition(xorOp.getLhs(), !isTrue, source);
  }
};

} // namespace

void symshape::registerArithShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    using namespace arith;
    ConstantOp::attachInterface<ResultModel<ConstantOp, constantExpr>>(*ctx);
    AddIOp::attachInterface<ArithModel<AddIOp, addExpr, addFormula>>(*ctx);
    SubIOp::attachInterface<ArithModel<SubIOp, subExpr, subFormula>>(*ctx);
    MulIOp::attachInterface<ArithModel<MulIOp, mulExpr, mulFormula>>(*ctx);
    MaxSIOp::attachInterface<
        ArithModel<MaxSIOp, maxExpr, maxFormula, 1, Extremum::Max>>(*ctx);
    MinSIOp::attachInterface<
        ArithModel<MinSIOp, minExpr, minFormula, 1, Extremum::Min>>(*ctx);
    MaxUIOp::attachInterface<
        ArithModel<MaxUIOp, unsignedExtremumExpr<MaxUIOp, maxFormula>,
                   maxFormula, 1, Extremum::Max>>(*ctx);
    MinUIOp::attachInterface<
        ArithModel<MinUIOp, unsignedExtremumExpr<MinUIOp, minFormula>,
                   minFormula, 1, Extremum::Min>>(*ctx);
    FloorDivSIOp::attachInterface<
        ArithModel<FloorDivSIOp, floorDivExpr, floorDivFormula, 1>>(*ctx);
    CeilDivSIOp::attachInterface<
        ArithModel<CeilDivSIOp, ceilDivExpr, ceilDivFormula, 1>>(*ctx);
    DivSIOp::attachInterface<
        ArithModel<DivSIOp, truncatingDivExpr<DivSIOp>, floorDivFormula, 1>>(
        *ctx);
    DivUIOp::attachInterface<
        ArithModel<DivUIOp, truncatingDivExpr<DivUIOp>, floorDivFormula, 1>>(
        *ctx);
    RemSIOp::attachInterface<
        ArithModel<RemSIOp, truncatingRemExpr<RemSIOp>, modFormula, 1>>(*ctx);
    RemUIOp::attachInterface<
        ArithModel<RemUIOp, truncatingRemExpr<RemUIOp>, modFormula, 1>>(*ctx);
    IndexCastOp::attachInterface<
        ResultModel<IndexCastOp, signedCastExpr<IndexCastOp>>>(*ctx);
    ExtSIOp::attachInterface<ResultModel<ExtSIOp, signedCastExpr<ExtSIOp>>>(
        *ctx);
    TruncIOp::attachInterface<ResultModel<TruncIOp, signedCastExpr<TruncIOp>>>(
        *ctx);
    IndexCastUIOp::attachInterface<
        ResultModel<IndexCastUIOp, unsignedCastExpr<IndexCastUIOp>>>(*ctx);
    ExtUIOp::attachInterface<ResultModel<ExtUIOp, unsignedCastExpr<ExtUIOp>>>(
        *ctx);
    SelectOp::attachInterface<SelectModel>(*ctx);
    CmpIOp::attachInterface<CmpIModel>(*ctx);
    AndIOp::attachInterface<BothOperandsModel<AndIOp, true>>(*ctx);
    OrIOp::attachInterface<BothOperandsModel<OrIOp, false>>(*ctx);
    XOrIOp::attachInterface<XOrIModel>(*ctx);
  });
}
