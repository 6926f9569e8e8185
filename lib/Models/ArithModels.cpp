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

/// The rewrite model of an arithmetic op whose result symshape-simplify may
/// replace by a simpler value: its formula for raising (`F`, or none), how
/// many division/max/min operations it performs (`Cost`) and whether it is a
/// max or min.
template <typename OpTy, Formula F = nullptr, unsigned Cost = 0,
          Extremum Ext = Extremum::None>
struct ArithRewriteModel : ShapeRewriteOpInterface::ExternalModel<
                               ArithRewriteModel<OpTy, F, Cost, Ext>, OpTy> {
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

/// Attaches to `OpTy` its value (`Value`) and its rewrite model.
template <typename OpTy, Expr (*Value)(OpTy, OpResult, ShapeQuery &),
          Formula F = nullptr, unsigned Cost = 0, Extremum Ext = Extremum::None>
void attachArith(MLIRContext *ctx) {
  OpTy::template attachInterface<ResultModel<OpTy, Value>,
                                 ArithRewriteModel<OpTy, F, Cost, Ext>>(*ctx);
}

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
  void addFacts(Operation *op, FactScope scope, ShapeQuery &q) const {
    if (scope.kind == FactScope::Kind::OperandUse &&
        (scope.index == 1 || scope.index == 2))
      q.addCondition(cast<arith::SelectOp>(op).getCondition(), scope.index == 1,
                     FactSource());
  }
};

/// The comparison predicate of an arith.cmpi predicate.
Comparison::Predicate toPredicate(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  using C = Comparison::Predicate;
  switch (pred) {
  case P::eq:
    return C::EQ;
  case P::ne:
    return C::NE;
  case P::slt:
    return C::SLT;
  case P::sle:
    return C::SLE;
  case P::sgt:
    return C::SGT;
  case P::sge:
    return C::SGE;
  case P::ult:
    return C::ULT;
  case P::ule:
    return C::ULE;
  case P::ugt:
    return C::UGT;
  case P::uge:
    break;
  }
  return C::UGE;
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
  using C = Comparison::Predicate;
  C pred = toPredicate(cmp.getPredicate());
  if (lhs == f && rhs == t && t != f)
    pred = Comparison::swapped(pred);
  else if (lhs != t || rhs != f)
    return Expr();
  if (pred == C::EQ)
    return f;
  if (pred == C::NE)
    return t;
  if (Comparison{pred, t, f}.isUnsigned() &&
      (!q.isProvenNonNegative(t) || !q.isProvenNonNegative(f)))
    return Expr();
  C signedPred = Comparison::signedOf(pred);
  return signedPred == C::SLT || signedPred == C::SLE ? min(t, f) : max(t, f);
}

Expr SelectModel::getResultExpr(Operation *op, OpResult result,
                                ShapeQuery &q) const {
  return selectExpr(cast<arith::SelectOp>(op), result, q);
}

//===----------------------------------------------------------------------===//
// Conditions
//===----------------------------------------------------------------------===//

/// arith.cmpi states its comparison (negated when false).
struct CmpIModel
    : ShapeSemanticsOpInterface::ExternalModel<CmpIModel, arith::CmpIOp> {
  Condition getCondition(Operation *op, OpResult, bool isTrue,
                         ShapeQuery &q) const {
    auto cmp = cast<arith::CmpIOp>(op);
    Expr a = q.getExpr(cmp.getLhs()), b = q.getExpr(cmp.getRhs());
    if (!a || !b)
      return {};
    arith::CmpIPredicate pred = cmp.getPredicate();
    if (!isTrue)
      pred = arith::invertPredicate(pred);
    Condition condition;
    condition.comparison = Comparison{toPredicate(pred), a, b};
    return condition;
  }
};

/// `a and b` true: both are; `a or b` false: neither is.
template <typename OpTy, bool Holds>
struct BothOperandsModel
    : ShapeSemanticsOpInterface::ExternalModel<BothOperandsModel<OpTy, Holds>,
                                               OpTy> {
  Condition getCondition(Operation *op, OpResult, bool isTrue,
                         ShapeQuery &) const {
    Condition condition;
    if (isTrue == Holds)
      condition.implied = {{op->getOperand(0), Holds},
                           {op->getOperand(1), Holds}};
    return condition;
  }
};

/// xor(c, true) is not(c).
struct XOrIModel
    : ShapeSemanticsOpInterface::ExternalModel<XOrIModel, arith::XOrIOp> {
  Condition getCondition(Operation *op, OpResult, bool isTrue,
                         ShapeQuery &) const {
    auto xorOp = cast<arith::XOrIOp>(op);
    Condition condition;
    if (auto c = getConstantInt(xorOp.getRhs()); c && *c != 0)
      condition.implied = {{xorOp.getLhs(), !isTrue}};
    return condition;
  }
};

} // namespace

void symshape::registerArithShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    using namespace arith;
    ConstantOp::attachInterface<ResultModel<ConstantOp, constantExpr>>(*ctx);
    attachArith<AddIOp, addExpr, addFormula>(ctx);
    attachArith<SubIOp, subExpr, subFormula>(ctx);
    attachArith<MulIOp, mulExpr, mulFormula>(ctx);
    attachArith<MaxSIOp, maxExpr, maxFormula, 1, Extremum::Max>(ctx);
    attachArith<MinSIOp, minExpr, minFormula, 1, Extremum::Min>(ctx);
    attachArith<MaxUIOp, unsignedExtremumExpr<MaxUIOp, maxFormula>, maxFormula,
                1, Extremum::Max>(ctx);
    attachArith<MinUIOp, unsignedExtremumExpr<MinUIOp, minFormula>, minFormula,
                1, Extremum::Min>(ctx);
    attachArith<FloorDivSIOp, floorDivExpr, floorDivFormula, 1>(ctx);
    attachArith<CeilDivSIOp, ceilDivExpr, ceilDivFormula, 1>(ctx);
    attachArith<DivSIOp, truncatingDivExpr<DivSIOp>, floorDivFormula, 1>(ctx);
    attachArith<DivUIOp, truncatingDivExpr<DivUIOp>, floorDivFormula, 1>(ctx);
    attachArith<RemSIOp, truncatingRemExpr<RemSIOp>, modFormula, 1>(ctx);
    attachArith<RemUIOp, truncatingRemExpr<RemUIOp>, modFormula, 1>(ctx);
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
    SelectOp::attachInterface<SelectModel, ArithRewriteModel<SelectOp>>(*ctx);
    CmpIOp::attachInterface<CmpIModel>(*ctx);
    AndIOp::attachInterface<BothOperandsModel<AndIOp, true>>(*ctx);
    OrIOp::attachInterface<BothOperandsModel<OrIOp, false>>(*ctx);
    XOrIOp::attachInterface<XOrIModel>(*ctx);
  });
}
