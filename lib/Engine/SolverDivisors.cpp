//===- SolverDivisors.cpp - Known divisors of expressions -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/CheckedInt.h"
#include "symshape/Engine/Solver.h"

#include "llvm/ADT/STLExtras.h"

using namespace symshape;

/// The magnitude of v as a divisor (|INT64_MIN| does not fit; 2^62 divides
/// it).
static int64_t magnitude(int64_t v) {
  if (v == INT64_MIN)
    return int64_t(1) << 62;
  return v < 0 ? -v : v;
}

/// A divisor of x * y given divisors of x and y.
static int64_t productDivisor(int64_t dx, int64_t dy) {
  if (dx == 0 || dy == 0)
    return 0;
  if (auto p = checkedMul(dx, dy))
    return *p;
  return std::max(dx, dy);
}

int64_t Solver::getDivisor(Expr e) {
  if (!e)
    return 1;
  syncCaches();
  e = normalize(e);
  auto it = divisorCache.find(e);
  if (it != divisorCache.end())
    return it->second;
  int64_t d = computeDivisor(e);
  divisorCache[e] = d;
  return d;
}

int64_t Solver::computeDivisor(Expr e) {
  auto constDivisor = [](Expr op) -> std::optional<int64_t> {
    std::optional<int64_t> c = op.getConstantOrNone();
    if (c && *c > 0)
      return c;
    return std::nullopt;
  };
  switch (e.getKind()) {
  case ExprKind::Constant:
    return magnitude(e.getConstantValue());
  case ExprKind::Symbol: {
    SymbolFacts f = facts.getSymbol(e.getSymbolPosition());
    if (std::optional<int64_t> p = f.range.getPoint())
      return magnitude(*p);
    return f.divisor;
  }
  case ExprKind::Add: {
    auto termDivisor = [&](Expr t, int64_t c) {
      return productDivisor(getDivisor(t), magnitude(c));
    };
    // The gcd of the constant and the terms' divisors: a sum extending one
    // whose gcd is known adds its one term (a gcd in any order is the
    // same). A sum's cached divisor is this gcd: computeDivisor's result.
    int64_t g;
    Expr shorter = e.getExtendedSum();
    auto known = shorter ? divisorCache.find(shorter) : divisorCache.end();
    if (known != divisorCache.end()) {
      // (The term's divisor may grow the table: the entry is read first.)
      int64_t shorterGcd = known->second;
      unsigned j = e.getExtensionIndex();
      g = static_cast<int64_t>(gcdMagnitude(
          shorterGcd, termDivisor(e.getOperands()[j], e.getCoefficients()[j])));
    } else {
      g = magnitude(e.getAddConstant());
      for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients()))
        g = static_cast<int64_t>(gcdMagnitude(g, termDivisor(t, c)));
    }
    return g;
  }
  case ExprKind::Mul: {
    int64_t d = 1;
    for (Expr f : e.getOperands())
      d = productDivisor(d, getDivisor(f));
    return d;
  }
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv: {
    std::optional<int64_t> c = constDivisor(e.getOperands()[1]);
    int64_t da = getDivisor(e.getOperands()[0]);
    if (c && da % *c == 0)
      return da / *c;
    return 1;
  }
  case ExprKind::Mod: {
    std::optional<int64_t> c = constDivisor(e.getOperands()[1]);
    if (!c)
      return 1;
    return static_cast<int64_t>(
        gcdMagnitude(getDivisor(e.getOperands()[0]), *c));
  }
  case ExprKind::Max:
  case ExprKind::Min: {
    int64_t g = 0;
    for (Expr op : e.getOperands())
      g = static_cast<int64_t>(gcdMagnitude(g, getDivisor(op)));
    return g;
  }
  }
  llvm_unreachable("unknown expression kind");
}
