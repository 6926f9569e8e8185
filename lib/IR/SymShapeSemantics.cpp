//===- SymShapeSemantics.cpp - What symshape ops mean for shapes ----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// ShapeSemanticsOpInterface for the symshape ops: a symbol is a size symbol
// with its declared range and divisor (one per name and function); sym_size
// reads a dim; sym_max/sym_min/apply are their expressions; constrain_range
// and bind_shape state facts, user-stated (a contradiction is an error).
//
//===----------------------------------------------------------------------===//

#include "symshape/IR/SymShapeOps.h"

using namespace mlir;
using namespace symshape;

Expr SymbolOp::getResultExpr(OpResult, ShapeQuery &query) {
  RangeAttr range = getRangeOrDefault();
  return query.getNamedSymbol(getResult(), getName(),
                              Interval(range.getLo(), range.getHi()),
                              getDivisor());
}

Expr SymSizeOp::getResultExpr(OpResult, ShapeQuery &query) {
  return query.getDimExpr(getSource(), getDim());
}

Expr SymMaxOp::getResultExpr(OpResult, ShapeQuery &query) {
  return max(query.getExpr(getLhs()), query.getExpr(getRhs()));
}

Expr SymMinOp::getResultExpr(OpResult, ShapeQuery &query) {
  return min(query.getExpr(getLhs()), query.getExpr(getRhs()));
}

Expr ApplyOp::getResultExpr(OpResult, ShapeQuery &query) {
  SmallVector<Expr> operands;
  if (!query.getExprs(getOperands(), operands))
    return Expr();
  return substitute(getExpr().getValue(), operands);
}

Expr ConstrainRangeOp::getResultExpr(OpResult, ShapeQuery &query) {
  return query.getExpr(getValue());
}

void ConstrainRangeOp::addFacts(FactScope scope, ShapeQuery &query) {
  if (!scope.isAfterOp())
    return;
  RangeAttr range = getRange();
  query.addRange(query.getExpr(getValue()),
                 Interval(range.getLo(), range.getHi()), getDivisor(),
                 FactSource{*this, /*userStated=*/true});
}

void BindShapeOp::addFacts(FactScope scope, ShapeQuery &query) {
  if (!scope.isAfterOp())
    return;
  SmallVector<Expr> operands;
  if (!query.getExprs(getSymbols(), operands))
    return;
  for (unsigned i = 0, e = getDims().size(); i < e; ++i) {
    Expr bound = substitute(getDimExpr(i), operands);
    Expr dim = query.getDimExpr(getTensor(), i);
    if (bound && dim)
      query.addEquality(dim, bound, FactSource{*this, /*userStated=*/true});
  }
}

//===----------------------------------------------------------------------===//
// What passes may do with the results
//===----------------------------------------------------------------------===//

/// A symbol is an input: never replaced.
ResultRewrite SymbolOp::getResultRewrite() { return ResultRewrite::None; }

/// A dim read becomes a constant when the dim is proven one.
ResultRewrite SymSizeOp::getResultRewrite() {
  return ResultRewrite::ConstantOnly;
}

ResultRewrite SymMaxOp::getResultRewrite() { return ResultRewrite::Recompute; }
unsigned SymMaxOp::getOwnCost() { return 1; }
Extremum SymMaxOp::getExtremum() { return Extremum::Max; }

ResultRewrite SymMinOp::getResultRewrite() { return ResultRewrite::Recompute; }
unsigned SymMinOp::getOwnCost() { return 1; }
Extremum SymMinOp::getExtremum() { return Extremum::Min; }

/// The cost of an apply is its expression's, which the pass measures.
ResultRewrite ApplyOp::getResultRewrite() { return ResultRewrite::Recompute; }
