//===- Facts.cpp - What is known about symbols ----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Facts.h"
#include "symshape/Engine/CheckedInt.h"

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
  if (pos >= sizeSymbols.size())
    sizeSymbols.resize(pos + 1);
  sizeSymbols.set(pos);
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
  bool ok = !getSymbol(pos).range.isEmpty();
  // Queries see a bound symbol replaced by its expression: the range holds
  // for that expression.
  if (Expr eq = getEquality(pos); eq && !range.isFull())
    ok &= addExprRange(eq, range);
  return ok;
}

bool Facts::addSymbolDivisor(unsigned pos, int64_t divisor) {
  if (divisor <= 1)
    return true;
  SymbolFacts &f = symbolForUpdate(pos);
  f.divisor = combineDivisors(f.divisor, divisor);
  bool ok = !getSymbol(pos).range.isEmpty();
  // A symbol bound to another symbol passes its divisor on.
  if (Expr eq = getEquality(pos))
    if (Expr resolved = resolve(eq); resolved && resolved.isSymbol())
      ok &= addSymbolDivisor(resolved.getSymbolPosition(), divisor);
  return ok;
}

/// The values of `key` for which `scale * key + offset` is in `range`
/// (scale != 0), rounded inward to integers. A bound that overflows int64 is
/// dropped, which only weakens the fact.
static Interval keyRangeOf(const Interval &range, int64_t scale,
                           int64_t offset) {
  if (range.isEmpty())
    return Interval::empty();
  Interval shifted = range - Interval::point(offset);
  std::optional<int64_t> lo = shifted.getLo(), hi = shifted.getHi();
  if (scale < 0)
    std::swap(lo, hi);
  std::optional<int64_t> keyLo, keyHi;
  if (lo)
    keyLo = checkedCeilDiv(*lo, scale);
  if (hi)
    keyHi = checkedFloorDiv(*hi, scale);
  Interval r(keyLo, keyHi);
  return r.isEmpty() ? Interval::empty() : r;
}

bool Facts::addExprRange(Expr e, const Interval &range) {
  if (!e)
    return true;
  Expr resolved = resolve(e);
  if (!resolved)
    return true; // Not representable: record nothing (weaker, sound).
  ScaledForm f = getScaledForm(resolved);
  if (!f.key)
    return range.contains(f.offset);
  return addKeyRange(f.key, keyRangeOf(range, f.scale, f.offset));
}

bool Facts::narrowOperands(Expr key, const Interval &range) {
  if (range.isEmpty())
    return true;
  std::optional<int64_t> lo = range.getLo(), hi = range.getHi();
  switch (key.getKind()) {
  case ExprKind::Max: {
    // max(x, ...) <= hi bounds every operand; max >= lo bounds none.
    bool ok = true;
    if (hi)
      for (Expr op : key.getOperands())
        ok &= addExprRange(op, Interval::atMost(*hi));
    return ok;
  }
  case ExprKind::Min: {
    bool ok = true;
    if (lo)
      for (Expr op : key.getOperands())
        ok &= addExprRange(op, Interval::atLeast(*lo));
    return ok;
  }
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv: {
    // For c > 0: a floordiv c in [lo, hi] iff a in [c * lo, c * hi + c - 1];
    // a ceildiv c in [lo, hi] iff a in [c * (lo - 1) + 1, c * hi].
    std::optional<int64_t> c = key.getOperands()[1].getConstantOrNone();
    if (!c || *c <= 0)
      return true;
    bool isFloor = key.getKind() == ExprKind::FloorDiv;
    std::optional<int64_t> aLo, aHi;
    if (lo) {
      if (isFloor) {
        aLo = checkedMul(*c, *lo);
      } else if (auto m = checkedSub(*lo, 1)) {
        if (auto p = checkedMul(*c, *m))
          aLo = checkedAdd(*p, 1);
      }
    }
    if (hi) {
      aHi = checkedMul(*c, *hi);
      if (aHi && isFloor)
        aHi = checkedAdd(*aHi, *c - 1);
    }
    if (!aLo && !aHi)
      return true;
    return addExprRange(key.getOperands()[0], Interval(aLo, aHi));
  }
  default:
    return true;
  }
}

bool Facts::addKeyRange(Expr key, const Interval &range) {
  if (key.isSymbol())
    return addSymbolRange(key.getSymbolPosition(), range);
  bool ok = narrowOperands(key, range);
  ++generation;
  auto it = exprRanges.find(key);
  if (it != exprRanges.end()) {
    undoLog.push_back(ExprUndo{key, true, it->second});
    it->second = it->second.intersect(range);
    return ok && !it->second.isEmpty();
  }
  undoLog.push_back(ExprUndo{key, false, Interval()});
  exprRanges[key] = range;
  return ok && !range.isEmpty();
}

Expr Facts::resolve(Expr e) const {
  if (!e || equalities.empty())
    return e;
  bool any = llvm::any_of(e.getSymbolsUsed(), [&](unsigned pos) {
    return static_cast<bool>(getEquality(pos));
  });
  if (!any)
    return e;
  return substituteSymbols(e, [&](unsigned pos) {
    Expr eq = getEquality(pos);
    return eq ? resolve(eq) : Expr();
  });
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
  ++equalityGeneration;
  undoLog.push_back(EqualityUndo{pos});
  equalities[pos] = e;
  // Queries see the symbol replaced by `e`: what is known of the symbol's
  // range now holds for `e`.
  SymbolFacts known = getSymbol(pos);
  if (!known.range.isFull())
    addExprRange(resolved, known.range);
  if (known.divisor > 1 && resolved.isSymbol())
    addSymbolDivisor(resolved.getSymbolPosition(), known.divisor);
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

SymbolFacts Facts::getDeclaration(unsigned pos) const {
  auto d = declared.find(pos);
  return d == declared.end() ? SymbolFacts() : d->second;
}

std::optional<Interval> Facts::getExprRange(Expr e) const {
  if (!e || exprRanges.empty() || e.isConstant() || e.isSymbol())
    return std::nullopt;
  ScaledForm f = getScaledForm(e);
  auto it = exprRanges.find(f.key);
  if (it == exprRanges.end())
    return std::nullopt;
  return it->second * Interval::point(f.scale) + Interval::point(f.offset);
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
      ++equalityGeneration;
    }
  }
}
