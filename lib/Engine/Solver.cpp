//===- Solver.cpp - Ranges, divisibility, proofs, simplification ----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Solver.h"
#include "symshape/Engine/CheckedInt.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace symshape;

llvm::StringRef symshape::stringifyVerdict(Verdict v) {
  switch (v) {
  case Verdict::True:
    return "true";
  case Verdict::False:
    return "false";
  case Verdict::Unknown:
    return "unknown";
  }
  llvm_unreachable("unknown verdict");
}

//===----------------------------------------------------------------------===//
// Sub-expression replacement
//===----------------------------------------------------------------------===//

static Expr replaceImpl(Expr e, Expr target, Expr replacement,
                        llvm::DenseMap<Expr, Expr> &memo) {
  if (!e || e == target)
    return e == target ? replacement : e;
  if (e.getOperands().empty() ||
      e.getNumSymbolsUsed() < target.getNumSymbolsUsed())
    return e;
  auto it = memo.find(e);
  if (it != memo.end())
    return it->second;
  SmallVector<Expr, 4> ops;
  bool changed = false;
  for (Expr op : e.getOperands()) {
    ops.push_back(replaceImpl(op, target, replacement, memo));
    if (!ops.back())
      return memo[e] = Expr();
    changed |= ops.back() != op;
  }
  // A Mul holds its factors; replacing a factor rebuilds the product.
  Expr r = changed ? rebuildWithOperands(e, ops) : e;
  return memo[e] = r;
}

Expr symshape::replaceSubExpr(Expr e, Expr target, Expr replacement) {
  llvm::DenseMap<Expr, Expr> memo;
  return replaceImpl(e, target, replacement, memo);
}

bool symshape::containsSubExpr(Expr e, Expr target) {
  if (!e)
    return false;
  if (e == target)
    return true;
  return llvm::any_of(e.getOperands(),
                      [&](Expr op) { return containsSubExpr(op, target); });
}

//===----------------------------------------------------------------------===//
// Caches and normalization
//===----------------------------------------------------------------------===//

void Solver::syncCaches() {
  if (cachedGeneration == facts.getGeneration())
    return;
  cachedGeneration = facts.getGeneration();
  rangeCache.clear();
  partialRangeCache.clear();
  divisorCache.clear();
  simplifyCache.clear();
  // Normalizing substitutes the equalities and reads no other fact: a new
  // range or divisor leaves it as it was.
  if (cachedEqualityGeneration == facts.getEqualityGeneration())
    return;
  cachedEqualityGeneration = facts.getEqualityGeneration();
  normalizeCache.clear();
}

Expr Solver::normalize(Expr e) {
  if (!e || !facts.hasEqualities() || e.isConstant())
    return e;
  syncCaches();
  Expr r = normalizeNode(e);
  return r ? r : e;
}

Expr Solver::normalizeNode(Expr e) {
  if (e.isConstant() || e.getSymbolsUsed().empty())
    return e;
  auto it = normalizeCache.find(e);
  if (it != normalizeCache.end())
    return it->second;
  Expr r;
  if (e.isSymbol()) {
    // Equalities are acyclic, so resolving them transitively terminates.
    Expr eq = facts.getEquality(e.getSymbolPosition());
    r = eq ? normalize(eq) : e;
  } else {
    // Bottom-up, each node once per set of facts (a DAG stays a DAG); null
    // if rebuilding overflows anywhere, and then the caller keeps `e`.
    SmallVector<Expr, 4> ops;
    bool ok = true;
    for (Expr op : e.getOperands()) {
      ops.push_back(normalizeNode(op));
      ok &= static_cast<bool>(ops.back());
    }
    if (ok)
      r = llvm::equal(ops, e.getOperands()) ? e : rebuildWithOperands(e, ops);
  }
  normalizeCache[e] = r;
  return r;
}

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

/// If every term of `a` has `b` (an atom) as a factor and `a` has no
/// constant term, returns a / b.
static Expr divideByAtom(Expr a, Expr b) {
  if (!b.isAtom())
    return Expr();
  auto divideTerm = [&](Expr t) -> Expr {
    if (t == b)
      return b.getContext().getConstant(1);
    if (t.getKind() != ExprKind::Mul)
      return Expr();
    ArrayRef<Expr> fs = t.getOperands();
    const Expr *pos = llvm::find(fs, b);
    if (pos == fs.end())
      return Expr();
    Expr q = b.getContext().getConstant(1);
    for (const Expr *f = fs.begin(); f != fs.end(); ++f)
      if (f != pos)
        q = mul(q, *f);
    return q;
  };
  if (a.getKind() != ExprKind::Add)
    return divideTerm(a);
  if (a.getAddConstant() != 0)
    return Expr();
  Expr q = a.getContext().getConstant(0);
  for (auto [t, c] : llvm::zip(a.getOperands(), a.getCoefficients())) {
    Expr qt = divideTerm(t);
    if (!qt)
      return Expr();
    q = add(q, mul(qt, c));
  }
  return q;
}

Interval Solver::getRange(Expr e) {
  if (!e)
    return Interval::full();
  syncCaches();
  e = normalize(e);
  auto it = rangeCache.find(e);
  if (it != rangeCache.end())
    return it->second;
  // Each outermost query gets a fresh refinement budget. A range computed
  // while the budget ran out is sound but may be wider than the full answer:
  // it is kept only until the outermost query ends, so a cached range never
  // depends on the order of queries, while a DAG is still evaluated once per
  // query (recomputing it after the budget ran out would walk it as a tree).
  if (rangeDepth != 0) {
    auto partial = partialRangeCache.find(e);
    if (partial != partialRangeCache.end()) {
      // What is computed from it is partial too: not cached for good.
      ++rangeBudgetExhausted;
      return partial->second;
    }
  }
  if (rangeDepth == 0)
    rangeBudget = kRangeRefinementBudget;
  ++rangeDepth;
  uint64_t exhaustedBefore = rangeBudgetExhausted;
  Interval r = computeRange(e);
  --rangeDepth;
  if (rangeBudgetExhausted == exhaustedBefore)
    rangeCache[e] = r;
  else if (rangeDepth != 0)
    partialRangeCache[e] = r;
  if (rangeDepth == 0)
    partialRangeCache.clear();
  return r;
}

bool Solver::takeRefinementStep() {
  if (rangeBudget == 0) {
    ++rangeBudgetExhausted;
    return false;
  }
  --rangeBudget;
  return true;
}

/// The factors of a monomial term (a Mul, or a single atom).
static ArrayRef<Expr> factorsOf(const Expr &term) {
  if (term.getKind() == ExprKind::Mul)
    return term.getOperands();
  return ArrayRef<Expr>(&term, 1);
}

/// Sets the bits of the symbols that occur in `e`.
/// The sum `e` without its term `skip`.
static Expr sumWithout(Expr e, size_t skip) {
  SmallVector<Expr, 4> terms;
  SmallVector<int64_t, 4> coeffs;
  for (size_t i = 0, n = e.getOperands().size(); i < n; ++i) {
    if (i == skip)
      continue;
    terms.push_back(e.getOperands()[i]);
    coeffs.push_back(e.getCoefficients()[i]);
  }
  if (terms.empty())
    return e.getContext().getConstant(e.getAddConstant());
  return linearCombination(terms, coeffs, e.getAddConstant());
}

Interval Solver::divisionRange(Expr e) {
  Expr a = e.getOperands()[0], b = e.getOperands()[1];
  Interval ra = getRange(a), rb = getRange(b);
  ExprKind kind = e.getKind();
  Interval r = kind == ExprKind::FloorDiv  ? floorDiv(ra, rb)
               : kind == ExprKind::CeilDiv ? ceilDiv(ra, rb)
                                           : mod(ra, rb);
  if (r.isEmpty() || r.isPoint())
    return r;
  // (k * b * x) op b with b != 0 everywhere is exactly k * x (mod: 0).
  if (!b.isConstant() && !rb.isEmpty() && !rb.containsZero())
    if (Expr q = divideByAtom(a, b))
      return r.intersect(kind == ExprKind::Mod ? Interval::point(0)
                                               : getRange(q));
  // a mod c when a takes few values (multiples of its divisor in its
  // range): the exact range over those values (s mod 128 for s a multiple
  // of 64 in [64, 512] is [0, 64]).
  std::optional<int64_t> c = b.getConstantOrNone();
  int64_t da = getDivisor(a);
  if (kind == ExprKind::Mod && c && *c > 0 && da > 1) {
    Interval multiples = ra.roundToMultiple(da);
    std::optional<int64_t> lo = multiples.getLo(), hi = multiples.getHi();
    constexpr int64_t kMaxValues = 16;
    // Both ends are multiples of da: there are hi / da - lo / da + 1 values.
    int64_t steps = lo && hi && *lo % da == 0 && *hi % da == 0
                        ? *hi / da - *lo / da
                        : kMaxValues;
    if (steps >= 0 && steps < kMaxValues) {
      std::optional<int64_t> mLo, mHi;
      for (int64_t k = 0; k <= steps; ++k) {
        int64_t m = *checkedFloorMod(*lo + k * da, *c);
        mLo = mLo ? std::min(*mLo, m) : m;
        mHi = mHi ? std::max(*mHi, m) : m;
      }
      r = r.intersect(Interval(mLo, mHi));
    }
  }
  return r;
}

/// The coefficient of the monomial `t` in `e` (0 if none).
static int64_t coefficientOf(Expr e, Expr t) {
  if (e == t)
    return 1;
  if (e.getKind() != ExprKind::Add)
    return 0;
  for (auto [u, c] : llvm::zip(e.getOperands(), e.getCoefficients()))
    if (u == t)
      return c;
  return 0;
}

Interval Solver::refineMaxMinRange(Expr e, Interval r) {
  // max(a, b) >= (|q| * a + |p| * b) / (|p| + |q|) for any weights, and
  // min(a, b) <= it; when a term t has coefficients p and q of opposite
  // signs in a and b, these weights cancel t (max(s, 4 - s) >= 2).
  bool isMax = e.getKind() == ExprKind::Max;
  ArrayRef<Expr> ops = e.getOperands();
  // Pairs of operands: only for the few operands of a typical max/min.
  constexpr size_t kMaxOperands = 8;
  if (ops.size() > kMaxOperands)
    return r;
  // Operands with few terms only: the search for a term is quadratic.
  constexpr size_t kMaxTerms = 16;
  auto numTerms = [](Expr op) {
    return op.getKind() == ExprKind::Add ? op.getOperands().size() : 1;
  };
  for (size_t i = 0; i < ops.size(); ++i) {
    if ((ops[i].getKind() != ExprKind::Add && !ops[i].isAtom()) ||
        numTerms(ops[i]) > kMaxTerms)
      continue;
    ArrayRef<Expr> terms = ops[i].getKind() == ExprKind::Add
                               ? ops[i].getOperands()
                               : ArrayRef<Expr>(ops[i]);
    for (size_t j = i + 1; j < ops.size(); ++j) {
      if (numTerms(ops[j]) > kMaxTerms)
        continue;
      int64_t p = 0, q = 0;
      for (Expr t : terms) {
        p = coefficientOf(ops[i], t);
        q = coefficientOf(ops[j], t);
        if ((p > 0 && q < 0) || (p < 0 && q > 0))
          break;
        p = q = 0;
      }
      if (p == 0 || p == INT64_MIN || q == INT64_MIN)
        continue;
      if (!takeRefinementStep())
        return r;
      int64_t wi = q < 0 ? -q : q, wj = p < 0 ? -p : p;
      std::optional<int64_t> total = checkedAdd(wi, wj);
      Expr combined = add(mul(ops[i], wi), mul(ops[j], wj));
      if (!total || !combined)
        continue;
      Interval rc = getRange(combined);
      if (isMax) {
        if (std::optional<int64_t> lo = rc.getLo())
          r = r.intersect(Interval::atLeast(*checkedCeilDiv(*lo, *total)));
      } else if (std::optional<int64_t> hi = rc.getHi()) {
        r = r.intersect(Interval::atMost(*checkedFloorDiv(*hi, *total)));
      }
      if (r.isEmpty() || r.isPoint())
        return r;
    }
  }
  return r;
}

/// The range of a * x^2 + b * x for x in `rx` (a != 0), exactly: a convex
/// (a > 0) or concave parabola has its extremes at the ends of the range and
/// at the integers next to its vertex -b / (2a). The full range if a value
/// does not fit int64.
static Interval quadraticRange(int64_t a, int64_t b, const Interval &rx) {
  if (rx.isEmpty())
    return Interval::empty();
  auto value = [&](int64_t x) -> std::optional<int64_t> {
    auto ax = checkedMul(a, x);
    auto axb = ax ? checkedAdd(*ax, b) : std::nullopt;
    return axb ? checkedMul(*axb, x) : std::nullopt;
  };
  SmallVector<int64_t, 4> xs;
  if (rx.getLo())
    xs.push_back(*rx.getLo());
  if (rx.getHi())
    xs.push_back(*rx.getHi());
  std::optional<int64_t> twoA = checkedMul(a, 2), minusB = checkedNeg(b);
  if (!twoA || !minusB)
    return Interval::full();
  for (auto v :
       {checkedFloorDiv(*minusB, *twoA), checkedCeilDiv(*minusB, *twoA)})
    if (v && rx.contains(*v))
      xs.push_back(*v);
  std::optional<int64_t> lo, hi;
  for (int64_t x : xs) {
    std::optional<int64_t> f = value(x);
    if (!f)
      return Interval::full();
    lo = lo ? std::min(*lo, *f) : *f;
    hi = hi ? std::max(*hi, *f) : *f;
  }
  // The parabola grows without bound on an unbounded side.
  bool bounded = rx.getLo() && rx.getHi();
  if (a > 0)
    return Interval(lo, bounded ? hi : std::nullopt);
  return Interval(bounded ? lo : std::nullopt, hi);
}

Interval Solver::refineSumRange(Expr e, Interval r) {
  ExprContext &ctx = e.getContext();
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
  auto done = [&] { return r.isEmpty() || r.isPoint(); };
  // One term and a constant count no unknown twice.
  if (terms.size() < 2 || done())
    return r;

  // Factoring: with x the atom that is a factor of the most terms (at least
  // two), e == x * Q + R and range(x) * range(Q) + range(R) is sound; it is
  // tight where the expanded form counts x once per term ((16 - b) * s is
  // [16, 480] for b in [1, 8], s in [2, 32], not 16 * s - b * s in
  // [-224, 510]).
  // The terms of a sum are distinct: an atom is a factor of two terms only
  // if a product is among them.
  llvm::SmallDenseMap<Expr, unsigned, 8> counts;
  Expr best;
  bool hasProduct =
      llvm::any_of(terms, [](Expr t) { return t.getKind() == ExprKind::Mul; });
  for (Expr t : hasProduct ? terms : ArrayRef<Expr>()) {
    ArrayRef<Expr> fs = factorsOf(t);
    for (size_t i = 0; i < fs.size(); ++i) {
      if (i > 0 && fs[i] == fs[i - 1])
        continue; // Factors are sorted: count a power once per term.
      unsigned n = ++counts[fs[i]];
      if (n >= 2 && (!best || n > counts[best] ||
                     (n == counts[best] && compareExprs(fs[i], best) < 0)))
        best = fs[i];
    }
  }
  if (best && takeRefinementStep()) {
    SmallVector<Expr, 4> qTerms, rTerms;
    SmallVector<int64_t, 4> qCoeffs, rCoeffs;
    for (auto [t, c] : llvm::zip(terms, coeffs)) {
      ArrayRef<Expr> fs = factorsOf(t);
      const Expr *pos = llvm::find(fs, best);
      if (pos == fs.end()) {
        rTerms.push_back(t);
        rCoeffs.push_back(c);
        continue;
      }
      SmallVector<Expr, 4> others(fs.begin(), pos);
      others.append(pos + 1, fs.end());
      Expr q = ctx.getConstant(1);
      for (Expr f : others)
        q = mul(q, f);
      qTerms.push_back(q);
      qCoeffs.push_back(c);
    }
    Expr q = linearCombination(qTerms, qCoeffs);
    Expr rest = rTerms.empty()
                    ? ctx.getConstant(e.getAddConstant())
                    : linearCombination(rTerms, rCoeffs, e.getAddConstant());
    if (q && rest)
      r = r.intersect(getRange(best) * getRange(q) + getRange(rest));
    if (done())
      return r;
  }

  // A quadratic a * x^2 + b * x + rest in an atom x: its exact range plus
  // the range of the rest (x * x is not a product of independent ranges,
  // and neither is x * (a * x + b)).
  for (size_t i = 0; i < terms.size(); ++i) {
    Expr t = terms[i];
    if (t.getKind() != ExprKind::Mul || t.getOperands().size() != 2 ||
        t.getOperands()[0] != t.getOperands()[1])
      continue;
    Expr x = t.getOperands()[0];
    if (!takeRefinementStep())
      break;
    SmallVector<Expr, 4> rTerms;
    SmallVector<int64_t, 4> rCoeffs;
    int64_t b = 0;
    for (auto [u, c] : llvm::zip(terms, coeffs)) {
      if (u == x) {
        b = c;
      } else if (u != t) {
        rTerms.push_back(u);
        rCoeffs.push_back(c);
      }
    }
    Expr rest = rTerms.empty()
                    ? ctx.getConstant(e.getAddConstant())
                    : linearCombination(rTerms, rCoeffs, e.getAddConstant());
    if (rest)
      r = r.intersect(quadraticRange(coeffs[i], b, getRange(x)) +
                      getRange(rest));
    if (done())
      return r;
    break;
  }

  // A non-polynomial atom t = terms[i] that shares symbols with the rest of
  // the sum, e == c * t + rest: the dependency is what interval arithmetic
  // loses, so eliminate t with an identity or a bound that holds at every
  // point.
  if (llvm::none_of(terms, [](Expr t) { return t.isNonPolynomialAtom(); }))
    return r;
  // The symbols of each term and the number of terms each symbol occurs in:
  // t shares a symbol with the rest iff one of its symbols occurs in two
  // terms.
  llvm::SmallDenseMap<unsigned, unsigned, 8> uses;
  for (Expr t : terms)
    for (unsigned pos : t.getSymbolsUsed())
      ++uses[pos];
  for (size_t i = 0; i < terms.size(); ++i) {
    Expr t = terms[i];
    int64_t c = coeffs[i];
    if (!t.isNonPolynomialAtom() ||
        llvm::none_of(t.getSymbolsUsed(),
                      [&](unsigned pos) { return uses[pos] >= 2; }))
      continue;
    std::optional<int64_t> d = t.getOperands().back().getConstantOrNone();
    bool isDivision = t.getKind() == ExprKind::FloorDiv ||
                      t.getKind() == ExprKind::CeilDiv ||
                      t.getKind() == ExprKind::Mod;
    if (isDivision && (!d || *d <= 0))
      continue;
    if (!takeRefinementStep())
      break;
    Expr rest = sumWithout(e, i);
    if (!rest)
      continue;
    switch (t.getKind()) {
    case ExprKind::Max:
    case ExprKind::Min: {
      // c * max(xs) + rest == max(c * x + rest) for c > 0 (min for c < 0),
      // exactly: the range is the max (min) of the operands' ranges.
      bool isMax = (t.getKind() == ExprKind::Max) == (c > 0);
      std::optional<Interval> acc;
      for (Expr x : t.getOperands()) {
        Interval rx = getRange(add(rest, mul(x, c)));
        acc = !acc ? rx : (isMax ? max(*acc, rx) : min(*acc, rx));
      }
      r = r.intersect(*acc);
      break;
    }
    case ExprKind::FloorDiv:
    case ExprKind::CeilDiv: {
      // d * (a floordiv d) is in [a - d + 1, a] (ceildiv: [a, a + d - 1]),
      // so d * e is in [d * rest + c * low, d * rest + c * high] (bounds
      // swapped for c < 0) at every point; e is an integer, so rounding
      // the bounds inward is exact.
      Expr a = t.getOperands()[0];
      bool isFloor = t.getKind() == ExprKind::FloorDiv;
      Expr low = isFloor ? sub(a, *d - 1) : a;
      Expr high = isFloor ? a : add(a, *d - 1);
      Expr scaledRest = mul(rest, *d);
      Expr lowerE = add(scaledRest, mul(c > 0 ? low : high, c));
      Expr upperE = add(scaledRest, mul(c > 0 ? high : low, c));
      std::optional<int64_t> lo, hi;
      if (lowerE)
        if (std::optional<int64_t> l = getRange(lowerE).getLo())
          lo = checkedCeilDiv(*l, *d);
      if (upperE)
        if (std::optional<int64_t> h = getRange(upperE).getHi())
          hi = checkedFloorDiv(*h, *d);
      r = r.intersect(Interval(lo, hi));
      break;
    }
    case ExprKind::Mod: {
      // a mod d == a - d * (a floordiv d), exactly; the rewritten sum may
      // cancel and has a divisor of its own.
      Expr a = t.getOperands()[0];
      Expr rewritten = add(rest, mul(sub(a, mul(floorDiv(a, *d), *d)), c));
      if (rewritten)
        r = r.intersect(getRange(rewritten));
      break;
    }
    default:
      break;
    }
    if (done())
      return r;
  }
  return r;
}

Interval Solver::computeRange(Expr e) {
  Interval r;
  switch (e.getKind()) {
  case ExprKind::Constant:
    return Interval::point(e.getConstantValue());
  case ExprKind::Symbol: {
    SymbolFacts f = facts.getSymbol(e.getSymbolPosition());
    r = f.isSize ? f.range.intersect(Interval::nonNegative()) : f.range;
    break;
  }
  case ExprKind::Add: {
    r = Interval::point(e.getAddConstant());
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
      // Most coefficients are 1 (a sum of sizes): no product to bound.
      Interval term = getRange(t);
      r = r + (c == 1 ? term : term * Interval::point(c));
    }
    r = refineSumRange(e, r);
    break;
  }
  case ExprKind::Mul: {
    // Equal factors are adjacent; x * x is a power, not a product of two
    // independent intervals.
    r = Interval::point(1);
    ArrayRef<Expr> fs = e.getOperands();
    for (size_t i = 0; i < fs.size();) {
      size_t j = i;
      while (j < fs.size() && fs[j] == fs[i])
        ++j;
      r = r * power(getRange(fs[i]), static_cast<unsigned>(j - i));
      i = j;
    }
    break;
  }
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod:
    r = divisionRange(e);
    break;
  case ExprKind::Max:
  case ExprKind::Min: {
    bool isMax = e.getKind() == ExprKind::Max;
    r = getRange(e.getOperands()[0]);
    for (Expr op : e.getOperands().drop_front())
      r = isMax ? max(r, getRange(op)) : min(r, getRange(op));
    r = refineMaxMinRange(e, r);
    break;
  }
  }
  if (std::optional<Interval> known = facts.getExprRange(e))
    r = r.intersect(*known);
  int64_t d = getDivisor(e);
  if (d > 1)
    r = r.roundToMultiple(d);
  return r;
}

//===----------------------------------------------------------------------===//
// Divisibility
//===----------------------------------------------------------------------===//

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
    int64_t g = magnitude(e.getAddConstant());
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients()))
      g = static_cast<int64_t>(
          gcdMagnitude(g, productDivisor(getDivisor(t), magnitude(c))));
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

//===----------------------------------------------------------------------===//
// Proofs
//===----------------------------------------------------------------------===//

namespace {
/// e == coeff * atom + rest, with `atom` not occurring in `rest`.
struct LinearForm {
  int64_t coeff;
  Expr rest;
};
} // namespace

static std::optional<LinearForm> linearIn(Expr e, Expr atom) {
  ExprContext &ctx = e.getContext();
  if (e == atom)
    return LinearForm{1, ctx.getConstant(0)};
  if (e.getKind() != ExprKind::Add)
    return std::nullopt;
  int64_t coeff = 0;
  for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
    if (t == atom)
      coeff = c;
    else if (containsSubExpr(t, atom))
      return std::nullopt;
  }
  if (coeff == 0)
    return std::nullopt;
  Expr rest = sub(e, mul(atom, coeff));
  if (!rest)
    return std::nullopt;
  return LinearForm{coeff, rest};
}

/// The non-polynomial atoms that are factors of the terms of `e` (or `e`
/// itself), in canonical order.
static SmallVector<Expr, 4> topLevelAtoms(Expr e) {
  SmallVector<Expr, 4> atoms;
  auto addFactors = [&](Expr term) {
    if (term.getKind() == ExprKind::Mul) {
      for (Expr f : term.getOperands())
        if (f.isNonPolynomialAtom() && !llvm::is_contained(atoms, f))
          atoms.push_back(f);
    } else if (term.isNonPolynomialAtom() && !llvm::is_contained(atoms, term)) {
      atoms.push_back(term);
    }
  };
  if (e.getKind() == ExprKind::Add)
    llvm::for_each(e.getOperands(), addFactors);
  else
    addFactors(e);
  return atoms;
}

Verdict Solver::proveNonNegative(Expr e) {
  if (!e)
    return Verdict::Unknown;
  unsigned budget = proofBudget;
  return nonNegative(normalize(e), budget);
}

Verdict Solver::nonNegative(Expr e, unsigned &budget) {
  if (!e)
    return Verdict::Unknown;
  Interval r = getRange(e);
  if (r.isEmpty())
    return Verdict::Unknown; // Contradictory facts: decide nothing.
  if (r.isNonNegative())
    return Verdict::True;
  if (r.isNegative())
    return Verdict::False;
  if (budget == 0)
    return Verdict::Unknown;
  --budget;
  SmallVector<Expr, 4> atoms = topLevelAtoms(e);
  for (Expr atom : atoms) {
    Verdict v = Verdict::Unknown;
    if (atom.getKind() == ExprKind::Max || atom.getKind() == ExprKind::Min)
      v = caseSplitMaxMin(e, atom, budget);
    else
      v = boundDivision(e, atom, budget);
    if (v != Verdict::Unknown)
      return v;
    if (budget == 0)
      break;
  }
  return Verdict::Unknown;
}

Verdict Solver::caseSplitMaxMin(Expr e, Expr atom, unsigned &budget) {
  bool isMax = atom.getKind() == ExprKind::Max;
  std::optional<LinearForm> lin = linearIn(e, atom);
  // max(args) equals one of its args, so e equals e[atom -> arg] for some
  // arg: if every substitution is >= 0 (< 0), so is e. When e is linear in
  // the atom, monotonicity gives more: with a positive coefficient on a max,
  // e >= e[atom -> arg] for every arg.
  bool eIsAboveEach =
      lin && ((isMax && lin->coeff > 0) || (!isMax && lin->coeff < 0));
  bool eIsBelowEach = lin && !eIsAboveEach;
  bool allTrue = true, allFalse = true;
  for (Expr arg : atom.getOperands()) {
    Expr s = replaceSubExpr(e, atom, arg);
    Verdict v = nonNegative(s, budget);
    if (v == Verdict::True && eIsAboveEach)
      return Verdict::True;
    if (v == Verdict::False && eIsBelowEach)
      return Verdict::False;
    allTrue &= v == Verdict::True;
    allFalse &= v == Verdict::False;
    if (!allTrue && !allFalse && !eIsAboveEach && !eIsBelowEach)
      return Verdict::Unknown;
  }
  if (allTrue)
    return Verdict::True;
  if (allFalse)
    return Verdict::False;
  return Verdict::Unknown;
}

Verdict Solver::boundDivision(Expr e, Expr atom, unsigned &budget) {
  Expr a = atom.getOperands()[0];
  std::optional<int64_t> cOpt = atom.getOperands()[1].getConstantOrNone();
  if (!cOpt || *cOpt <= 0)
    return Verdict::Unknown;
  int64_t c = *cOpt;
  if (atom.getKind() == ExprKind::Mod) {
    // a mod c == a - c * (a floordiv c): an exact rewrite.
    return nonNegative(replaceSubExpr(e, atom, sub(a, mul(floorDiv(a, c), c))),
                       budget);
  }
  std::optional<LinearForm> lin = linearIn(e, atom);
  if (!lin)
    return Verdict::Unknown;
  // c * (a floordiv c) is in [a - c + 1, a]; c * (a ceildiv c) in
  // [a, a + c - 1].
  Expr low = atom.getKind() == ExprKind::FloorDiv ? sub(a, c - 1) : a;
  Expr high = atom.getKind() == ExprKind::FloorDiv ? a : add(a, c - 1);
  int64_t k = lin->coeff;
  Expr scaledRest = mul(lin->rest, c);
  // c * e == c * rest + k * (c * atom), so lower <= c * e <= upper. e is an
  // integer: c * e >= lower >= -(c - 1) already gives e > -1, i.e. e >= 0
  // (h floordiv 2 + 1 <= h for h >= 1, where lower == h - 2 >= -1). And
  // upper < 0 gives e < 0; no rounding helps there (e < 0 iff c * e < 0).
  Expr lower = add(scaledRest, mul(k > 0 ? low : high, k));
  Expr upper = add(scaledRest, mul(k > 0 ? high : low, k));
  if (nonNegative(add(lower, c - 1), budget) == Verdict::True)
    return Verdict::True;
  if (nonNegative(upper, budget) == Verdict::False)
    return Verdict::False;
  return Verdict::Unknown;
}

Verdict Solver::proveLE(Expr a, Expr b) { return proveNonNegative(sub(b, a)); }

Verdict Solver::proveLT(Expr a, Expr b) {
  return proveNonNegative(sub(sub(b, a), 1));
}

Verdict Solver::proveEQ(Expr a, Expr b) {
  Expr d = normalize(sub(a, b));
  if (!d)
    return Verdict::Unknown;
  if (std::optional<int64_t> c = d.getConstantOrNone())
    return *c == 0 ? Verdict::True : Verdict::False;
  Verdict ge = proveNonNegative(d), le = proveNonNegative(neg(d));
  if (ge == Verdict::False || le == Verdict::False)
    return Verdict::False;
  if (ge == Verdict::True && le == Verdict::True)
    return Verdict::True;
  // Parity: d == c + rest with every value of rest a multiple of g; if g
  // does not divide c, d is never 0.
  if (d.getKind() == ExprKind::Add && d.getAddConstant() != 0) {
    int64_t c = d.getAddConstant();
    int64_t g = getDivisor(sub(d, c));
    if (g > 1 && c % g != 0)
      return Verdict::False;
  }
  Interval r = getRange(d);
  if (!r.isEmpty() && !r.containsZero())
    return Verdict::False;
  return Verdict::Unknown;
}

//===----------------------------------------------------------------------===//
// Simplification
//===----------------------------------------------------------------------===//

Expr Solver::simplify(Expr e) {
  if (!e)
    return e;
  syncCaches();
  e = normalize(e);
  auto it = simplifyCache.find(e);
  if (it != simplifyCache.end())
    return it->second;
  // Guard against re-entry on the same expression while it is simplified.
  simplifyCache[e] = e;
  Expr r = simplifyImpl(e);
  if (!r)
    r = e;
  simplifyCache[e] = r;
  return r;
}

Expr Solver::simplifyImpl(Expr e) {
  ExprContext &ctx = e.getContext();
  if (e.isConstant())
    return e;
  if (!e.isSymbol()) {
    SmallVector<Expr, 4> ops;
    bool changed = false;
    for (Expr op : e.getOperands()) {
      ops.push_back(simplify(op));
      changed |= ops.back() != op;
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
  for (size_t i = 0; pairwise && i < operands.size(); ++i) {
    for (size_t j = 0; j < operands.size(); ++j) {
      if (i == j || dropped[j])
        continue;
      // For max, operand i is redundant if it is <= some other operand.
      Verdict v = isMax ? proveLE(operands[i], operands[j])
                        : proveLE(operands[j], operands[i]);
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
  SmallVector<Expr, 4> terms;
  SmallVector<int64_t, 4> coefficients;
  bool changed = false;
  for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
    if (Expr q = exactQuotientTerm(t, c)) {
      terms.push_back(q);
      coefficients.push_back(1);
      changed = true;
    } else {
      terms.push_back(t);
      coefficients.push_back(c);
    }
  }
  if (!changed)
    return e;
  Expr r = linearCombination(terms, coefficients, e.getAddConstant());
  if (!r)
    return e;
  return simplify(r);
}
