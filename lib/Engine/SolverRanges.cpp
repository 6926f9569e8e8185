//===- SolverRanges.cpp - Ranges of expressions under facts ---------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "SolverInternal.h"

#include "symshape/Engine/CheckedInt.h"
#include "symshape/Engine/Cutoffs.h"
#include "symshape/Engine/Solver.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace symshape;
using detail::divideByAtom;

/// If every term of `a` has `b` (an atom) as a factor and `a` has no
/// constant term, returns a / b.
Expr symshape::detail::divideByAtom(Expr a, Expr b) {
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
    // (Every value would be visited: a build with unlimited cut-offs goes
    // to 2^16 values.)
    constexpr int64_t kMaxValues = kUnlimitedCutoffs ? 1 << 16 : 16;
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
  constexpr size_t kMaxOperands = cutoff<size_t>(8);
  if (ops.size() > kMaxOperands)
    return r;
  // Operands with few terms only: the search for a term is quadratic.
  constexpr size_t kMaxTerms = cutoff<size_t>(16);
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

namespace {
/// Takes one step of the refinement budget of the current range query
/// (Solver::takeRefinementStep); false once it is spent.
using RefinementStep = llvm::function_ref<bool()>;
} // namespace

/// Narrows `r`, a range of the sum `e`, by factoring out the atom that is a
/// factor of the most terms.
static Interval refineSumByFactoring(Solver &solver, Expr e, Interval r,
                                     RefinementStep takeRefinementStep) {
  ExprContext &ctx = e.getContext();
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
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
      r = r.intersect(solver.getRange(best) * solver.getRange(q) +
                      solver.getRange(rest));
  }
  return r;
}

/// Narrows `r`, a range of the sum `e`, by the exact range of a quadratic in
/// an atom.
static Interval refineSumByQuadratic(Solver &solver, Expr e, Interval r,
                                     RefinementStep takeRefinementStep) {
  ExprContext &ctx = e.getContext();
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
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
      r = r.intersect(quadraticRange(coeffs[i], b, solver.getRange(x)) +
                      solver.getRange(rest));
    break;
  }
  return r;
}

/// A range of c * t + rest, where t is a max, a min, or a division by the
/// positive constant `d`, found without t; std::nullopt if none is.
static std::optional<Interval> rangeWithoutAtom(Solver &solver, Expr t,
                                                int64_t c,
                                                std::optional<int64_t> d,
                                                Expr rest) {
  switch (t.getKind()) {
  case ExprKind::Max:
  case ExprKind::Min: {
    // c * max(xs) + rest == max(c * x + rest) for c > 0 (min for c < 0),
    // exactly: the range is the max (min) of the operands' ranges.
    bool isMax = (t.getKind() == ExprKind::Max) == (c > 0);
    std::optional<Interval> acc;
    for (Expr x : t.getOperands()) {
      Interval rx = solver.getRange(add(rest, mul(x, c)));
      acc = !acc ? rx : (isMax ? max(*acc, rx) : min(*acc, rx));
    }
    return *acc;
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
      if (std::optional<int64_t> l = solver.getRange(lowerE).getLo())
        lo = checkedCeilDiv(*l, *d);
    if (upperE)
      if (std::optional<int64_t> h = solver.getRange(upperE).getHi())
        hi = checkedFloorDiv(*h, *d);
    return Interval(lo, hi);
  }
  case ExprKind::Mod: {
    // a mod d == a - d * (a floordiv d), exactly; the rewritten sum may
    // cancel and has a divisor of its own.
    Expr a = t.getOperands()[0];
    Expr rewritten = add(rest, mul(sub(a, mul(floorDiv(a, *d), *d)), c));
    if (rewritten)
      return solver.getRange(rewritten);
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// Narrows `r`, a range of the sum `e`, by eliminating max/min/division
/// atoms that share symbols with the rest of the sum.
static Interval refineSumByElimination(Solver &solver, Expr e, Interval r,
                                       RefinementStep takeRefinementStep) {
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
  auto done = [&] { return r.isEmpty() || r.isPoint(); };
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
    if (std::optional<Interval> bound = rangeWithoutAtom(solver, t, c, d, rest))
      r = r.intersect(*bound);
    if (done())
      return r;
  }
  return r;
}

Interval Solver::refineSumRange(Expr e, Interval r) {
  auto done = [&] { return r.isEmpty() || r.isPoint(); };
  // One term and a constant count no unknown twice.
  if (e.getOperands().size() < 2 || done())
    return r;
  // Three strategies, each narrowing what the one before left, until one
  // leaves a single value or none.
  auto takeStep = [this] { return takeRefinementStep(); };
  r = refineSumByFactoring(*this, e, r, takeStep);
  if (done())
    return r;
  r = refineSumByQuadratic(*this, e, r, takeStep);
  if (done())
    return r;
  return refineSumByElimination(*this, e, r, takeStep);
}

static void addMagnitude(uint64_t &sum, std::optional<int64_t> bound,
                         bool &unbounded) {
  if (!bound) {
    unbounded = true;
    return;
  }
  sum = saturatingAdd(sum, unsignedMagnitude(*bound));
}

void Solver::SumRange::note(const Interval &term) {
  if (term.isEmpty()) {
    anyEmpty = true;
    return;
  }
  addMagnitude(loMagnitude, term.getLo(), loUnbounded);
  addMagnitude(hiMagnitude, term.getHi(), hiUnbounded);
}

bool Solver::SumRange::isOrderFree() const {
  // An empty term makes the sum empty, an unbounded one its bound
  // unbounded, whatever the order; otherwise the bounds add up without
  // overflow in any order when their magnitudes do.
  constexpr uint64_t kMax = static_cast<uint64_t>(INT64_MAX);
  return anyEmpty || ((loUnbounded || loMagnitude <= kMax) &&
                      (hiUnbounded || hiMagnitude <= kMax));
}

Interval Solver::wideSumOfTermRanges(Expr e) {
  uint64_t exhaustedBefore = rangeBudgetExhausted;
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
  // A sum extending one whose terms' ranges are known (all of them full,
  // and so still cached): its range plus the added term's, where the order
  // of the terms cannot matter.
  if (Expr shorter = e.getExtendedSum()) {
    auto known = sumRangeCache.find(shorter);
    if (known != sumRangeCache.end()) {
      SumRange s = known->second;
      unsigned j = e.getExtensionIndex();
      Interval term = scaledTermRange(terms[j], coeffs[j]);
      s.note(term);
      if (s.isOrderFree()) {
        if (s.anyEmpty) {
          s.range = Interval::empty();
        } else {
          auto add = [](std::optional<int64_t> a,
                        std::optional<int64_t> b) -> std::optional<int64_t> {
            if (!a || !b)
              return std::nullopt;
            return *a + *b; // Cannot overflow: the magnitudes fit.
          };
          s.range = Interval(
              s.loUnbounded ? std::nullopt : add(s.range.getLo(), term.getLo()),
              s.hiUnbounded ? std::nullopt
                            : add(s.range.getHi(), term.getHi()));
        }
        if (rangeBudgetExhausted == exhaustedBefore)
          sumRangeCache[e] = s;
        return s.range;
      }
    }
  }
  Interval r = Interval::point(e.getAddConstant());
  SumRange s;
  s.note(r);
  for (auto [t, c] : llvm::zip(terms, coeffs)) {
    Interval term = scaledTermRange(t, c);
    s.note(term);
    r = r + term;
  }
  s.range = r;
  if (rangeBudgetExhausted == exhaustedBefore)
    sumRangeCache[e] = s;
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
    if (e.getOperands().size() >= Expr::kMinExtendedSumTerms) {
      r = refineSumRange(e, wideSumOfTermRanges(e));
      break;
    }
    r = Interval::point(e.getAddConstant());
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients()))
      r = r + scaledTermRange(t, c);
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
