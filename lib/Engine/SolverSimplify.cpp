//===- SolverSimplify.cpp - Simplification with facts ---------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "SolverInternal.h"

#include "symshape/Engine/CheckedInt.h"
#include "symshape/Engine/Solver.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace symshape;
using detail::divideByAtom;

Expr Solver::simplify(Expr e) {
  if (!e)
    return e;
  syncCaches();
  e = normalize(e);
  // A null entry marks an expression being simplified: re-entry gives it as
  // it is, and what is computed from that is not final
  // (simplifyReentries).
  auto [it, inserted] = simplifyCache.try_emplace(e, Expr());
  if (!inserted) {
    if (it->second)
      return it->second;
    ++simplifyReentries;
    return e;
  }
  Expr r = simplifyImpl(e);
  if (!r)
    r = e;
  simplifyCache[e] = r;
  return r;
}

bool Solver::wideSumTermsChange(Expr e) {
  // A sum extending one whose terms are known to stay: only the added term
  // is simplified (the others' results are cached, unchanged).
  if (Expr shorter = e.getExtendedSum();
      shorter && termsKeptBySimplify.contains(shorter)) {
    Expr added = e.getOperands()[e.getExtensionIndex()];
    uint64_t reentriesBefore = simplifyReentries;
    if (simplify(added) == added) {
      if (simplifyReentries == reentriesBefore)
        termsKeptBySimplify.insert(e);
      return false;
    }
  }
  uint64_t reentriesBefore = simplifyReentries;
  bool changed = false;
  for (Expr op : e.getOperands())
    changed |= simplify(op) != op;
  if (!changed && simplifyReentries == reentriesBefore)
    termsKeptBySimplify.insert(e);
  return changed;
}

Expr Solver::simplifyImpl(Expr e) {
  ExprContext &ctx = e.getContext();
  if (e.isConstant())
    return e;
  if (!e.isSymbol()) {
    bool wide = e.getKind() == ExprKind::Add &&
                e.getOperands().size() >= Expr::kMinExtendedSumTerms;
    SmallVector<Expr, 4> ops;
    bool changed = false;
    if (!wide || wideSumTermsChange(e)) {
      // (Cached where wideSumTermsChange simplified them.)
      for (Expr op : e.getOperands()) {
        ops.push_back(simplify(op));
        changed |= ops.back() != op;
      }
    }
    if (changed) {
      Expr rebuilt = rebuildWithOperands(e, ops);
      if (rebuilt && rebuilt != e)
        return simplify(rebuilt);
    }
  }
  // A single possible value.
  if (std::optional<int64_t> p = getRange(e).getPoint())
    return ctx.getConstant(*p);
  switch (e.getKind()) {
  case ExprKind::Max:
  case ExprKind::Min:
    return simplifyMaxMin(e, e.getOperands());
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod: {
    Expr a = e.getOperands()[0], b = e.getOperands()[1];
    if (b.isConstant()) {
      int64_t c = b.getConstantValue();
      if (Expr split = splitByDivisors(e.getKind(), a, c))
        return split;
      if (e.getKind() == ExprKind::Mod) {
        // (multiple of c) mod c == 0; a mod c == a for 0 <= a < c.
        if (c > 0 && getDivisor(a) % c == 0)
          return ctx.getConstant(0);
        if (c > 0 && getRange(a).isNonNegative() &&
            proveLT(a, b) == Verdict::True)
          return a;
      }
      return e;
    }
    // (k * b * x) / b == k * x when b != 0 is proven; exact, so floor and
    // ceiling agree, and the remainder is 0.
    Expr q = divideByAtom(a, b);
    if (q && (getRange(b).isPositive() || getRange(b).isNegative()))
      return e.getKind() == ExprKind::Mod ? ctx.getConstant(0) : simplify(q);
    return e;
  }
  case ExprKind::Add:
  case ExprKind::Mul:
    return simplifyTermsWithDivisors(e);
  default:
    return e;
  }
}

Expr Solver::simplifyMaxMin(Expr e, ArrayRef<Expr> operands) {
  bool isMax = e.getKind() == ExprKind::Max;
  SmallVector<bool, 4> dropped(operands.size(), false);
  // A nested max (min) operand is one too wide to flatten (see
  // kMaxFlattenedWidth): proofs against it would case-split on its many
  // operands.
  bool pairwise = operands.size() <= kPairwiseMaxMinOperands &&
                  llvm::none_of(operands, [&](Expr op) {
                    return op.getKind() == e.getKind();
                  });
  if (!pairwise) {
    // Many operands: comparing every pair would make a flat max of n values
    // (and each of its n prefixes) cost n^2 proofs. Drop instead, in linear
    // time, the operands whose range lies entirely below the greatest lower
    // bound (above the least upper bound for min). (Operands that another
    // exceeds by a constant are already gone: the max/min constructor drops
    // them.)
    // `inner`: the bound of an operand toward the others (lo for max, hi for
    // min); `outer`: the other one. The operand with the most extreme inner
    // bound dominates every operand whose outer bound does not pass it.
    auto inner = [&](const Interval &r) {
      return isMax ? r.getLo() : r.getHi();
    };
    auto outer = [&](const Interval &r) {
      return isMax ? r.getHi() : r.getLo();
    };
    auto beyond = [&](int64_t a, int64_t b) { return isMax ? a > b : a < b; };
    SmallVector<Interval> ranges;
    ranges.reserve(operands.size());
    std::optional<size_t> best;
    for (size_t i = 0; i < operands.size(); ++i) {
      ranges.push_back(getRange(operands[i]));
      std::optional<int64_t> bound = inner(ranges[i]);
      if (dropped[i] || ranges[i].isEmpty() || !bound)
        continue;
      if (!best || beyond(*bound, *inner(ranges[*best])))
        best = i;
    }
    for (size_t i = 0; best && i < operands.size(); ++i) {
      std::optional<int64_t> bound = outer(ranges[i]);
      if (i != *best && !ranges[i].isEmpty() && bound &&
          !beyond(*bound, *inner(ranges[*best])))
        dropped[i] = true;
    }
  }
  // What decideIndependentLE reads of each operand, read once: the pairs
  // below are n^2.
  SmallVector<IndependentOperand, 4> independent;
  if (pairwise)
    for (Expr op : operands)
      independent.push_back(independentOperand(op));
  for (size_t i = 0; pairwise && i < operands.size(); ++i) {
    for (size_t j = 0; j < operands.size(); ++j) {
      if (i == j || dropped[j])
        continue;
      // For max, operand i is redundant if it is <= some other operand.
      size_t lowerIndex = isMax ? i : j, upperIndex = isMax ? j : i;
      Expr lower = operands[lowerIndex], upper = operands[upperIndex];
      std::optional<Verdict> quick =
          decideIndependentLE(independent[lowerIndex], independent[upperIndex]);
      // A point where lower > upper: no proof of lower <= upper exists.
      if (!quick && refutesLE(lower, upper))
        quick = Verdict::Unknown;
      Verdict v = quick ? *quick : proveLE(lower, upper);
      if (v == Verdict::True) {
        dropped[i] = true;
        break;
      }
    }
  }
  SmallVector<Expr, 4> kept;
  for (size_t i = 0; i < operands.size(); ++i)
    if (!dropped[i])
      kept.push_back(operands[i]);
  if (kept.size() == operands.size())
    return e;
  return isMax ? max(kept) : min(kept);
}

/// Whether `e` is a constant or one symbol plus a constant; `symbol` is
/// set to the symbol, if any.
static bool isSymbolPlusConstant(Expr e, std::optional<unsigned> &symbol) {
  if (e.isConstant())
    return true;
  if (e.getKind() == ExprKind::Add && e.getOperands().size() == 1 &&
      e.getCoefficients()[0] == 1)
    e = e.getOperands()[0];
  if (!e.isSymbol())
    return false;
  symbol = e.getSymbolPosition();
  return true;
}

Solver::IndependentOperand Solver::independentOperand(Expr e) {
  IndependentOperand op;
  op.simple = !facts.hasEqualities() && !facts.hasExprRanges() &&
              isSymbolPlusConstant(e, op.symbol);
  if (op.simple)
    op.range = getRange(e);
  return op;
}

std::optional<Verdict> Solver::decideIndependentLE(Expr a, Expr b) {
  return decideIndependentLE(independentOperand(a), independentOperand(b));
}

std::optional<Verdict>
Solver::decideIndependentLE(const IndependentOperand &a,
                            const IndependentOperand &b) {
  if (!a.simple || !b.simple ||
      (a.symbol && b.symbol && *a.symbol == *b.symbol))
    return std::nullopt;
  // Independent values: b - a >= 0 for all of them exactly when the least
  // b is at least the greatest a, and < 0 for all exactly when the greatest
  // b is below the least a.
  const Interval &rangeA = a.range, &rangeB = b.range;
  if (rangeA.isEmpty() || rangeB.isEmpty())
    return std::nullopt;
  if (rangeB.getLo() && rangeA.getHi() && *rangeB.getLo() >= *rangeA.getHi())
    return Verdict::True;
  if (rangeB.getHi() && rangeA.getLo() && *rangeB.getHi() < *rangeA.getLo())
    return Verdict::False;
  return Verdict::Unknown;
}

std::optional<int64_t> Solver::evaluateAt(Expr e, unsigned point) {
  if (std::optional<int64_t> c = e.getConstantOrNone())
    return c;
  auto it = witnessValues[point].find(e);
  if (it != witnessValues[point].end())
    return it->second;
  std::optional<int64_t> value;
  if (e.isSymbol()) {
    // A value of the symbol's range that its divisor divides (the facts
    // round the range's ends to multiples): an end (point 0), or a
    // pseudo-random number of divisor steps inward from it, in [1, 97];
    // point 2 mirrors point 1 (98 - steps), so that of two symbols each
    // is the greater at one of them.
    unsigned pos = e.getSymbolPosition();
    SymbolFacts f = facts.getSymbol(pos);
    const Interval &r = f.range;
    int64_t base = r.getLo() ? *r.getLo() : r.getHi() ? *r.getHi() : 0;
    value = base;
    if (point > 0) {
      unsigned seed = point == 2 ? 1 : point;
      int64_t steps = static_cast<int64_t>(
          (uint64_t(pos) * 2654435761u + seed * 40503u) % 97 + 1);
      if (point == 2)
        steps = 98 - steps;
      bool up = r.getLo() || (!r.getHi() && point % 2 == 1);
      if (std::optional<int64_t> delta = checkedMul(steps, f.divisor))
        if (std::optional<int64_t> moved =
                up ? checkedAdd(base, *delta) : checkedSub(base, *delta))
          if (r.contains(*moved))
            value = *moved;
    }
  } else {
    SmallVector<Expr, 4> operands;
    bool defined = true;
    for (Expr op : e.getOperands()) {
      std::optional<int64_t> v = evaluateAt(op, point);
      if (!v) {
        defined = false;
        break;
      }
      operands.push_back(e.getContext().getConstant(*v));
    }
    // The builders fold constant operands exactly (null on overflow or a
    // division by zero).
    if (defined)
      if (Expr folded = rebuildWithOperands(e, operands);
          folded && folded.isConstant())
        value = folded.getConstantValue();
  }
  witnessValues[point][e] = value;
  return value;
}

bool Solver::refutesLE(Expr a, Expr b) {
  if (!a || !b || facts.hasExprRanges())
    return false;
  syncCaches();
  // With the equalities substituted, the symbols left are independent if
  // no bound symbol constrains its expression (a range or a divisor of its
  // own).
  SmallVector<unsigned, 8> worklist;
  llvm::DenseSet<unsigned> seen;
  for (Expr e : {a, b})
    llvm::append_range(worklist, e.getSymbolsUsed());
  while (!worklist.empty()) {
    unsigned pos = worklist.pop_back_val();
    if (!seen.insert(pos).second)
      continue;
    SymbolFacts f = facts.getSymbol(pos);
    if (f.range.isEmpty())
      return false;
    if (Expr eq = facts.getEquality(pos)) {
      if (!f.range.isFull() || f.divisor > 1)
        return false;
      llvm::append_range(worklist, eq.getSymbolsUsed());
    }
  }
  a = normalize(a);
  b = normalize(b);
  if (!a || !b)
    return false;
  for (unsigned point = 0; point < kWitnessPoints; ++point) {
    std::optional<int64_t> va = evaluateAt(a, point);
    std::optional<int64_t> vb = va ? evaluateAt(b, point) : std::nullopt;
    if (va && vb && *va > *vb)
      return true;
  }
  return false;
}

Expr Solver::splitByDivisors(ExprKind kind, Expr a, int64_t c) {
  // a == m + r with c dividing m (by the divisors of its terms) and r in
  // [0, c - 1]: a floordiv c == m / c (exact) and a mod c == r. So
  // (H floordiv 2 + 1) floordiv 2 is H floordiv 4 where 4 divides H.
  if (c <= 1 || a.getKind() != ExprKind::Add ||
      (kind != ExprKind::FloorDiv && kind != ExprKind::Mod))
    return Expr();
  SmallVector<Expr, 4> multiples, rest;
  SmallVector<int64_t, 4> multipleCoefficients, restCoefficients;
  for (auto [t, k] : llvm::zip(a.getOperands(), a.getCoefficients())) {
    // c divides k * t where it divides k, t's divisor, or their product.
    std::optional<int64_t> d = checkedMul(getDivisor(t), k);
    bool divides = k % c == 0 || getDivisor(t) % c == 0 || (d && *d % c == 0);
    (divides ? multiples : rest).push_back(t);
    (divides ? multipleCoefficients : restCoefficients).push_back(k);
  }
  if (multiples.empty())
    return Expr();
  Expr r = rest.empty()
               ? a.getContext().getConstant(a.getAddConstant())
               : linearCombination(rest, restCoefficients, a.getAddConstant());
  if (!r || !Interval(0, c - 1).contains(getRange(r)))
    return Expr();
  if (kind == ExprKind::Mod)
    return simplify(r);
  Expr m = linearCombination(multiples, multipleCoefficients);
  Expr q = m ? floorDiv(m, c) : Expr();
  return q ? simplify(q) : Expr();
}

Expr Solver::simplifyTermsWithDivisors(Expr e) {
  // k * (x floordiv c) == (k / c) * x when c divides k and x (exact).
  auto exactQuotientTerm = [&](Expr term, int64_t k) -> Expr {
    if (term.getKind() != ExprKind::FloorDiv &&
        term.getKind() != ExprKind::CeilDiv)
      return Expr();
    std::optional<int64_t> c = term.getOperands()[1].getConstantOrNone();
    if (!c || *c <= 0 || k % *c != 0 ||
        getDivisor(term.getOperands()[0]) % *c != 0)
      return Expr();
    return mul(term.getOperands()[0], k / *c);
  };
  if (e.getKind() != ExprKind::Add)
    return e;
  // Most sums have no such term: found before anything is copied.
  ArrayRef<Expr> ops = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
  size_t first = 0;
  Expr q;
  for (; first < ops.size(); ++first)
    if ((q = exactQuotientTerm(ops[first], coeffs[first])))
      break;
  if (!q)
    return e;
  SmallVector<Expr, 4> terms(ops.take_front(first));
  SmallVector<int64_t, 4> coefficients(coeffs.take_front(first));
  terms.push_back(q);
  coefficients.push_back(1);
  for (size_t i = first + 1; i < ops.size(); ++i) {
    if (Expr qi = exactQuotientTerm(ops[i], coeffs[i])) {
      terms.push_back(qi);
      coefficients.push_back(1);
    } else {
      terms.push_back(ops[i]);
      coefficients.push_back(coeffs[i]);
    }
  }
  Expr r = linearCombination(terms, coefficients, e.getAddConstant());
  if (!r)
    return e;
  return simplify(r);
}
