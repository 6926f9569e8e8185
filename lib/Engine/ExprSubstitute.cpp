//===- ExprSubstitute.cpp - Rebuilding, substitution, evaluation ----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/CheckedInt.h"
#include "symshape/Engine/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace symshape;
using llvm::SmallVector;

Expr symshape::rebuildWithOperands(Expr e, ArrayRef<Expr> ops) {
  ExprContext &ctx = e.getContext();
  switch (e.getKind()) {
  case ExprKind::Constant:
  case ExprKind::Symbol:
    return e;
  case ExprKind::Add:
    // Normalized once: a chain of `add` calls is quadratic in the terms.
    return linearCombination(ops, e.getCoefficients(), e.getAddConstant());
  case ExprKind::Mul: {
    Expr r = ctx.getConstant(1);
    for (Expr op : ops)
      r = mul(r, op);
    return r;
  }
  case ExprKind::FloorDiv:
    return floorDiv(ops[0], ops[1]);
  case ExprKind::CeilDiv:
    return ceilDiv(ops[0], ops[1]);
  case ExprKind::Mod:
    return mod(ops[0], ops[1]);
  case ExprKind::Max:
    return max(ops);
  case ExprKind::Min:
    return min(ops);
  }
  llvm_unreachable("unknown expression kind");
}

static Expr substituteImpl(Expr e, llvm::function_ref<Expr(Expr)> leaf,
                           llvm::DenseMap<Expr, Expr> &memo) {
  if (!e)
    return e;
  if (e.isConstant())
    return e;
  if (e.isSymbol())
    return leaf(e);
  if (e.getSymbolsUsed().empty())
    return e;
  auto it = memo.find(e);
  if (it != memo.end())
    return it->second;
  SmallVector<Expr, 4> ops;
  for (Expr op : e.getOperands()) {
    ops.push_back(substituteImpl(op, leaf, memo));
    if (!ops.back())
      return memo[e] = Expr();
  }
  Expr r = llvm::equal(ops, e.getOperands()) ? e : rebuildWithOperands(e, ops);
  return memo[e] = r;
}

Expr symshape::substitute(Expr e, ArrayRef<Expr> replacements) {
  llvm::DenseMap<Expr, Expr> memo;
  return substituteImpl(
      e,
      [&](Expr s) {
        unsigned pos = s.getSymbolPosition();
        return pos < replacements.size() ? replacements[pos] : s;
      },
      memo);
}

Expr symshape::substituteSymbols(
    Expr e, llvm::function_ref<Expr(unsigned)> replacement) {
  llvm::DenseMap<Expr, Expr> memo;
  return substituteImpl(
      e,
      [&](Expr s) {
        Expr r = replacement(s.getSymbolPosition());
        return r ? r : s;
      },
      memo);
}

Expr symshape::renumberSymbols(Expr e, ArrayRef<unsigned> map) {
  if (!e)
    return e;
  llvm::DenseMap<Expr, Expr> memo;
  ExprContext &ctx = e.getContext();
  return substituteImpl(
      e,
      [&](Expr s) {
        unsigned pos = s.getSymbolPosition();
        return pos < map.size() ? ctx.getSymbol(map[pos]) : s;
      },
      memo);
}

std::optional<int64_t> symshape::evaluate(Expr e, ArrayRef<int64_t> values) {
  if (!e)
    return std::nullopt;
  auto evalOps = [&](SmallVectorImpl<int64_t> &out) {
    for (Expr op : e.getOperands()) {
      auto v = evaluate(op, values);
      if (!v)
        return false;
      out.push_back(*v);
    }
    return true;
  };
  SmallVector<int64_t, 4> v;
  switch (e.getKind()) {
  case ExprKind::Constant:
    return e.getConstantValue();
  case ExprKind::Symbol:
    if (e.getSymbolPosition() >= values.size())
      return std::nullopt;
    return values[e.getSymbolPosition()];
  case ExprKind::Add: {
    if (!evalOps(v))
      return std::nullopt;
    std::optional<int64_t> r = e.getAddConstant();
    for (auto [x, c] : llvm::zip(v, e.getCoefficients())) {
      auto m = checkedMul(x, c);
      if (!m)
        return std::nullopt;
      r = checkedAdd(*r, *m);
      if (!r)
        return std::nullopt;
    }
    return r;
  }
  case ExprKind::Mul: {
    if (!evalOps(v))
      return std::nullopt;
    std::optional<int64_t> r = 1;
    for (int64_t x : v) {
      r = checkedMul(*r, x);
      if (!r)
        return std::nullopt;
    }
    return r;
  }
  case ExprKind::FloorDiv:
    if (!evalOps(v))
      return std::nullopt;
    return checkedFloorDiv(v[0], v[1]);
  case ExprKind::CeilDiv:
    if (!evalOps(v))
      return std::nullopt;
    return checkedCeilDiv(v[0], v[1]);
  case ExprKind::Mod:
    if (!evalOps(v))
      return std::nullopt;
    return checkedFloorMod(v[0], v[1]);
  case ExprKind::Max:
    if (!evalOps(v))
      return std::nullopt;
    return *std::max_element(v.begin(), v.end());
  case ExprKind::Min:
    if (!evalOps(v))
      return std::nullopt;
    return *std::min_element(v.begin(), v.end());
  }
  llvm_unreachable("unknown expression kind");
}
