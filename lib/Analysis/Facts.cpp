//===- Facts.cpp - What is known about symbols ----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/Facts.h"
#include "symshape/Analysis/CheckedInt.h"

using namespace symshape;

SymbolFacts &Facts::symbolForUpdate(unsigned pos) {
  ++generation;
  auto it = symbols.find(pos);
  if (it != symbols.end()) {
    undoLog.push_back(SymbolUndo{pos, true, it->second});
    return it->second;
  }
  undoLog.push_back(SymbolUndo{pos, false, SymbolFacts()});
  return symbols[pos];
}

/// Two divisors combine to their least common multiple.
static int64_t combineDivisors(int64_t a, int64_t b) {
  int64_t g = static_cast<int64_t>(gcdMagnitude(a, b));
  std::optional<int64_t> lcm = checkedMul(a / g, b);
  return lcm ? *lcm : std::max(a, b);
}

bool Facts::declareSize(unsigned pos) {
  ++generation;
  declared[pos].isSize = true;
  return !getSymbol(pos).range.isEmpty();
}

bool Facts::declareSymbolRange(unsigned pos, const Interval &range) {
  ++generation;
  SymbolFacts &f = declared[pos];
  f.range = f.range.intersect(range);
  return !getSymbol(pos).range.isEmpty();
}

bool Facts::declareSymbolDivisor(unsigned pos, int64_t divisor) {
  if (divisor <= 1)
    return true;
  ++generation;
  SymbolFacts &f = declared[pos];
  f.divisor = combineDivisors(f.divisor, divisor);
  return !getSymbol(pos).range.isEmpty();
}

bool Facts::addSymbolRange(unsigned pos, const Interval &range) {
  SymbolFacts &f = symbolForUpdate(pos);
  f.range = f.range.intersect(range);
  return !getSymbol(pos).range.isEmpty();
}

bool Facts::addSymbolDivisor(unsigned pos, int64_t divisor) {
  if (divisor <= 1)
    return true;
  SymbolFacts &f = symbolForUpdate(pos);
  f.divisor = combineDivisors(f.divisor, divisor);
  return !getSymbol(pos).range.isEmpty();
}

bool Facts::addExprRange(Expr e, const Interval &range) {
  if (!e)
    return true;
  if (std::optional<int64_t> c = e.getConstantOrNone())
    return range.contains(*c);
  if (e.isSymbol())
    return addSymbolRange(e.getSymbolPosition(), range);
  // a * t + c in [lo, hi] narrows t (a symbol or any other term).
  if (e.getKind() == ExprKind::Add && e.getOperands().size() == 1) {
    int64_t a = e.getCoefficients()[0], c = e.getAddConstant();
    Interval scaled = range - Interval::point(c);
    std::optional<int64_t> lo, hi;
    auto lo0 = scaled.getLo(), hi0 = scaled.getHi();
    if (a < 0) {
      std::swap(lo0, hi0);
    }
    if (lo0)
      lo = checkedCeilDiv(*lo0, a);
    if (hi0)
      hi = checkedFloorDiv(*hi0, a);
    if (!scaled.isEmpty() &&
        !addExprRange(e.getOperands()[0], Interval(lo, hi)))
      return false;
  }
  ++generation;
  auto it = exprRanges.find(e);
  if (it != exprRanges.end()) {
    undoLog.push_back(ExprUndo{e, true, it->second});
    it->second = it->second.intersect(range);
    return !it->second.isEmpty();
  }
  undoLog.push_back(ExprUndo{e, false, Interval()});
  exprRanges[e] = range;
  return !range.isEmpty();
}

Expr Facts::resolve(Expr e) const {
  if (!e || equalities.empty())
    return e;
  SmallVector<Expr, 8> replacements;
  bool any = false;
  ExprContext &ctx = e.getContext();
  for (unsigned i = 0, n = e.getNumSymbolsUsed(); i < n; ++i) {
    Expr eq = e.usesSymbol(i) ? getEquality(i) : Expr();
    replacements.push_back(eq ? resolve(eq) : ctx.getSymbol(i));
    any |= static_cast<bool>(eq);
  }
  return any ? substitute(e, replacements) : e;
}

bool Facts::addEquality(unsigned pos, Expr e) {
  // Keep the equalities acyclic: a symbol is never defined in terms of
  // itself, directly or through other equalities.
  if (!e || equalities.count(pos))
    return false;
  Expr resolved = resolve(e);
  if (!resolved || resolved.usesSymbol(pos))
    return false;
  ++generation;
  undoLog.push_back(EqualityUndo{pos});
  equalities[pos] = e;
  return true;
}

SymbolFacts Facts::getSymbol(unsigned pos) const {
  SymbolFacts f;
  auto d = declared.find(pos);
  if (d != declared.end())
    f = d->second;
  auto s = symbols.find(pos);
  if (s != symbols.end()) {
    f.range = f.range.intersect(s->second.range);
    f.divisor = combineDivisors(f.divisor, s->second.divisor);
  }
  if (f.isSize)
    f.range = f.range.intersect(Interval::nonNegative());
  f.range = f.range.roundToMultiple(f.divisor);
  return f;
}

const Interval *Facts::getExprRange(Expr e) const {
  auto it = exprRanges.find(e);
  return it == exprRanges.end() ? nullptr : &it->second;
}

Expr Facts::getEquality(unsigned pos) const {
  auto it = equalities.find(pos);
  return it == equalities.end() ? Expr() : it->second;
}

void Facts::rollback(size_t mark) {
  if (undoLog.size() == mark)
    return;
  ++generation;
  while (undoLog.size() > mark) {
    Undo undo = std::move(undoLog.back());
    undoLog.pop_back();
    if (auto *s = std::get_if<SymbolUndo>(&undo)) {
      if (s->existed)
        symbols[s->pos] = s->old;
      else
        symbols.erase(s->pos);
    } else if (auto *x = std::get_if<ExprUndo>(&undo)) {
      if (x->existed)
        exprRanges[x->expr] = x->old;
      else
        exprRanges.erase(x->expr);
    } else {
      equalities.erase(std::get<EqualityUndo>(undo).pos);
    }
  }
}
