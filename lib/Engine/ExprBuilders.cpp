//===- ExprBuilders.cpp - Canonical forms built on construction -----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The builders (add, mul, floorDiv, mod, max, ...) and what every expression
// is rewritten to on construction: the order of operands and terms, sums as
// sorted polynomials, divisions and max/min reduced by constants.
//
//===----------------------------------------------------------------------===//

#include "SortedRuns.h"
#include "symshape/Engine/CheckedInt.h"
#include "symshape/Engine/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <iterator>
#include <numeric>

using namespace symshape;
using llvm::SmallVector;

//===----------------------------------------------------------------------===//
// Ordering
//===----------------------------------------------------------------------===//

template <typename T, typename Cmp>
static int compareLists(ArrayRef<T> a, ArrayRef<T> b, Cmp cmp) {
  for (size_t i = 0, e = std::min(a.size(), b.size()); i < e; ++i)
    if (int c = cmp(a[i], b[i]))
      return c;
  if (a.size() != b.size())
    return a.size() < b.size() ? -1 : 1;
  return 0;
}

static int compareInts(int64_t a, int64_t b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

int symshape::compareExprs(Expr a, Expr b) {
  if (a == b)
    return 0;
  if (!a || !b)
    return !a ? -1 : 1;
  if (a.getKind() != b.getKind())
    return a.getKind() < b.getKind() ? -1 : 1;
  switch (a.getKind()) {
  case ExprKind::Constant:
    return compareInts(a.getConstantValue(), b.getConstantValue());
  case ExprKind::Symbol:
    return compareInts(a.getSymbolPosition(), b.getSymbolPosition());
  case ExprKind::Add:
    if (int c = compareLists(a.getOperands(), b.getOperands(), compareExprs))
      return c;
    if (int c =
            compareLists(a.getCoefficients(), b.getCoefficients(), compareInts))
      return c;
    return compareInts(a.getAddConstant(), b.getAddConstant());
  default:
    return compareLists(a.getOperands(), b.getOperands(), compareExprs);
  }
}

/// Factors of a monomial term (a Mul, or a single atom).
static ArrayRef<Expr> factorsOf(const Expr &term) {
  if (term.getKind() == ExprKind::Mul)
    return term.getOperands();
  return ArrayRef<Expr>(&term, 1);
}

/// Order of terms in a sum: higher degree first, then lexicographic.
static int compareTerms(Expr a, Expr b) {
  if (a == b)
    return 0;
  ArrayRef<Expr> fa = factorsOf(a), fb = factorsOf(b);
  if (fa.size() != fb.size())
    return fa.size() > fb.size() ? -1 : 1;
  return compareLists(fa, fb, compareExprs);
}

//===----------------------------------------------------------------------===//
// Polynomial view
//===----------------------------------------------------------------------===//

namespace {
/// A sum of monomials: constant + sum(coeff * term), terms sorted by
/// compareTerms and unique, coefficients non-zero.
struct Poly {
  int64_t constant = 0;
  SmallVector<std::pair<Expr, int64_t>, 4> terms;
};
} // namespace

namespace {
/// The polynomial view of an expression, read in place: constant +
/// sum(coefficients[i] * terms[i]). An atom is one term with coefficient 1,
/// whose storage is the viewed Expr itself (which must outlive the view).
struct PolyView {
  int64_t constant = 0;
  ArrayRef<Expr> terms;
  ArrayRef<int64_t> coefficients;
};
} // namespace

static PolyView viewAsPoly(const Expr &e) {
  static const int64_t one = 1;
  PolyView v;
  if (e.isConstant()) {
    v.constant = e.getConstantValue();
  } else if (e.getKind() == ExprKind::Add) {
    v.constant = e.getAddConstant();
    v.terms = e.getOperands();
    v.coefficients = e.getCoefficients();
  } else {
    v.terms = ArrayRef<Expr>(&e, 1);
    v.coefficients = ArrayRef<int64_t>(&one, 1);
  }
  return v;
}

static Poly toPoly(Expr e) {
  PolyView v = viewAsPoly(e);
  Poly p;
  p.constant = v.constant;
  for (auto [t, c] : llvm::zip(v.terms, v.coefficients))
    p.terms.push_back({t, c});
  return p;
}

/// The sum (`constant`, `terms`, `coeffs`), its terms canonical (sorted,
/// unique, no zero coefficient): a constant, a term, or an Add node.
/// `extends`: a sum that the result may extend by one term
/// (ExprContext::getNode).
static Expr fromTerms(ExprContext &ctx, int64_t constant, ArrayRef<Expr> terms,
                      ArrayRef<int64_t> coeffs, Expr extends) {
  if (terms.empty())
    return ctx.getConstant(constant);
  if (terms.size() == 1 && coeffs[0] == 1 && constant == 0)
    return terms[0];
  return ctx.getNode(ExprKind::Add, constant, terms, coeffs, extends);
}

static Expr fromPoly(ExprContext &ctx, const Poly &p, Expr extends = Expr()) {
  SmallVector<Expr, 4> terms;
  SmallVector<int64_t, 4> coeffs;
  terms.reserve(p.terms.size());
  coeffs.reserve(p.terms.size());
  for (auto &[t, c] : p.terms) {
    terms.push_back(t);
    coeffs.push_back(c);
  }
  return fromTerms(ctx, p.constant, terms, coeffs, extends);
}

/// Among `operands` (each added with coefficient 1 where `coefficients` says
/// so), a sum that the sum `p` may extend by one term: same constant, one
/// term fewer.
static Expr extendedOperand(const Poly &p, ArrayRef<Expr> operands,
                            ArrayRef<int64_t> coefficients) {
  for (auto [op, k] : llvm::zip(operands, coefficients))
    if (k == 1 && op.getKind() == ExprKind::Add &&
        op.getOperands().size() + 1 == p.terms.size() &&
        op.getAddConstant() == p.constant)
      return op;
  return Expr();
}

/// Sorts `terms` (stably), then adds up equal terms and drops zero ones.
/// `runStarts`, if not empty, says that `terms` is made of sorted runs
/// starting at those positions (the first at 0): they are merged, adjacent
/// pairs at a time, in O(n log runs) instead of sorted (a sum of n terms
/// plus one more costs O(n), not O(n log n)). False on overflow.
static bool normalizeTerms(SmallVectorImpl<std::pair<Expr, int64_t>> &terms,
                           ArrayRef<size_t> runStarts = {}) {
  auto less = [](const auto &x, const auto &y) {
    return compareTerms(x.first, y.first) < 0;
  };
  if (runStarts.empty()) {
    llvm::stable_sort(terms, less);
  } else {
    assert(runStarts.front() == 0 && "the first run starts at 0");
    SmallVector<size_t, 8> starts(runStarts.begin(), runStarts.end());
    assert(llvm::all_of(llvm::seq<size_t>(0, starts.size()),
                        [&](size_t i) {
                          size_t end = i + 1 < starts.size() ? starts[i + 1]
                                                             : terms.size();
                          return std::is_sorted(terms.begin() + starts[i],
                                                terms.begin() + end, less);
                        }) &&
           "runs to merge must be sorted");
    // Runs already in order are one run (a sum whose terms were replaced
    // by terms in the same order is merged in one pass).
    starts.erase(std::remove_if(starts.begin() + 1, starts.end(),
                                [&](size_t start) {
                                  return start == 0 || start == terms.size() ||
                                         less(terms[start - 1], terms[start]);
                                }),
                 starts.end());
    // Merging only adjacent runs, the earlier one first on ties, keeps
    // equal terms in input order, as the stable sort does.
    mergeSortedRuns(terms, std::move(starts), less);
  }
  // Equal terms are adjacent: add them up in place, then drop zeros.
  size_t kept = 0;
  for (size_t i = 0, e = terms.size(); i < e; ++i) {
    if (kept && terms[kept - 1].first == terms[i].first) {
      auto sum = checkedAdd(terms[kept - 1].second, terms[i].second);
      if (!sum)
        return false;
      terms[kept - 1].second = *sum;
    } else {
      terms[kept++] = terms[i];
    }
  }
  terms.truncate(kept);
  llvm::erase_if(terms, [](const auto &tc) { return tc.second == 0; });
  return true;
}

/// Product of two monomial terms.
static Expr mulTerms(ExprContext &ctx, Expr a, Expr b) {
  SmallVector<Expr, 4> factors;
  ArrayRef<Expr> fa = factorsOf(a), fb = factorsOf(b);
  std::merge(fa.begin(), fa.end(), fb.begin(), fb.end(),
             std::back_inserter(factors),
             [](Expr x, Expr y) { return compareExprs(x, y) < 0; });
  return ctx.getNode(ExprKind::Mul, 0, factors, {});
}

/// If `a` and `b` differ by a constant, returns a - b.
static std::optional<int64_t> constantDifference(Expr a, Expr b) {
  if (a == b)
    return 0;
  PolyView va = viewAsPoly(a), vb = viewAsPoly(b);
  if (va.terms != vb.terms || va.coefficients != vb.coefficients)
    return std::nullopt;
  return checkedSub(va.constant, vb.constant);
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

/// linearCombination of a sum and one monomial: `constant` + `sum` + k *
/// `monomial` (the monomial first among the operands if `monomialFirst`),
/// built by inserting the monomial's term into the sum's sorted terms (a
/// binary search and one copy, where merging compares every term). The same
/// node, and the same overflows, as the general path; std::nullopt where
/// this path does not apply.
static std::optional<Expr> addMonomialToSum(Expr sum, Expr monomial, int64_t k,
                                            int64_t constant,
                                            bool monomialFirst) {
  if (sum.getKind() != ExprKind::Add || k == 0 || monomial.isConstant() ||
      monomial.getKind() == ExprKind::Add)
    return std::nullopt;
  ExprContext &ctx = sum.getContext();
  std::optional<int64_t> c = checkedAdd(constant, sum.getAddConstant());
  if (!c)
    return Expr();
  ArrayRef<Expr> terms = sum.getOperands();
  ArrayRef<int64_t> coeffs = sum.getCoefficients();
  // Where a stable merge puts it: after equal terms of the runs before it,
  // before those of the runs after it.
  auto less = [](Expr x, Expr y) { return compareTerms(x, y) < 0; };
  const Expr *at =
      monomialFirst
          ? std::lower_bound(terms.begin(), terms.end(), monomial, less)
          : std::upper_bound(terms.begin(), terms.end(), monomial, less);
  size_t pos = at - terms.begin();
  SmallVector<Expr, 8> newTerms;
  SmallVector<int64_t, 8> newCoeffs;
  newTerms.reserve(terms.size() + 1);
  newCoeffs.reserve(terms.size() + 1);
  // An equal term is next to the insertion point: the coefficients add up.
  std::optional<size_t> equal;
  if (!monomialFirst && pos > 0 && terms[pos - 1] == monomial)
    equal = pos - 1;
  else if (monomialFirst && pos < terms.size() && terms[pos] == monomial)
    equal = pos;
  if (equal) {
    std::optional<int64_t> sumCoeff = checkedAdd(coeffs[*equal], k);
    if (!sumCoeff)
      return Expr();
    newTerms.append(terms.begin(), terms.end());
    newCoeffs.append(coeffs.begin(), coeffs.end());
    if (*sumCoeff != 0) {
      newCoeffs[*equal] = *sumCoeff;
    } else {
      newTerms.erase(newTerms.begin() + *equal);
      newCoeffs.erase(newCoeffs.begin() + *equal);
    }
    return fromTerms(ctx, *c, newTerms, newCoeffs, Expr());
  }
  newTerms.append(terms.begin(), at);
  newTerms.push_back(monomial);
  newTerms.append(at, terms.end());
  newCoeffs.append(coeffs.begin(), coeffs.begin() + pos);
  newCoeffs.push_back(k);
  newCoeffs.append(coeffs.begin() + pos, coeffs.end());
  return fromTerms(ctx, *c, newTerms, newCoeffs,
                   *c == sum.getAddConstant() ? sum : Expr());
}

Expr symshape::add(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (a.isConstant() && b.isConstant()) {
    auto r = checkedAdd(a.getConstantValue(), b.getConstantValue());
    return r ? ctx.getConstant(*r) : Expr();
  }
  if (std::optional<Expr> r = addMonomialToSum(a, b, 1, 0, false))
    return *r;
  if (std::optional<Expr> r = addMonomialToSum(b, a, 1, 0, true))
    return *r;
  Poly pa = toPoly(a), pb = toPoly(b);
  auto c = checkedAdd(pa.constant, pb.constant);
  if (!c)
    return Expr();
  pa.constant = *c;
  // The terms of a canonical expression are sorted: merge the two lists.
  size_t runStarts[] = {0, pa.terms.size()};
  pa.terms.append(pb.terms.begin(), pb.terms.end());
  if (!normalizeTerms(pa.terms, runStarts))
    return Expr();
  const int64_t ones[] = {1, 1};
  Expr both[] = {a, b};
  return fromPoly(ctx, pa, extendedOperand(pa, both, ones));
}

Expr symshape::add(Expr a, int64_t b) {
  if (!a)
    return Expr();
  return add(a, a.getContext().getConstant(b));
}

Expr symshape::mul(Expr a, int64_t b) {
  if (!a)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (b == 0)
    return ctx.getConstant(0);
  if (b == 1)
    return a;
  Poly p = toPoly(a);
  auto c = checkedMul(p.constant, b);
  if (!c)
    return Expr();
  p.constant = *c;
  for (auto &tc : p.terms) {
    auto k = checkedMul(tc.second, b);
    if (!k)
      return Expr();
    tc.second = *k;
  }
  return fromPoly(ctx, p);
}

Expr symshape::mul(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (a.isConstant())
    return mul(b, a.getConstantValue());
  if (b.isConstant())
    return mul(a, b.getConstantValue());
  ExprContext &ctx = a.getContext();
  Poly pa = toPoly(a), pb = toPoly(b);
  Poly r;
  auto c = checkedMul(pa.constant, pb.constant);
  if (!c)
    return Expr();
  r.constant = *c;
  auto addScaled = [&](const Poly &p, int64_t k) {
    if (k == 0)
      return true;
    for (auto &[t, tc] : p.terms) {
      auto m = checkedMul(tc, k);
      if (!m)
        return false;
      r.terms.push_back({t, *m});
    }
    return true;
  };
  if (!addScaled(pa, pb.constant) || !addScaled(pb, pa.constant))
    return Expr();
  for (auto &[ta, ca] : pa.terms) {
    for (auto &[tb, cb] : pb.terms) {
      auto m = checkedMul(ca, cb);
      if (!m)
        return Expr();
      r.terms.push_back({mulTerms(ctx, ta, tb), *m});
    }
  }
  if (!normalizeTerms(r.terms))
    return Expr();
  return fromPoly(ctx, r);
}

Expr symshape::neg(Expr a) { return mul(a, -1); }

Expr symshape::linearCombination(ArrayRef<Expr> terms,
                                 ArrayRef<int64_t> coefficients,
                                 int64_t constant) {
  assert(terms.size() == coefficients.size() && "one coefficient per term");
  if (llvm::any_of(terms, [](Expr t) { return !t; }))
    return Expr();
  if (terms.empty())
    return Expr();
  if (terms.size() == 2) {
    if (coefficients[0] == 1)
      if (std::optional<Expr> r = addMonomialToSum(
              terms[0], terms[1], coefficients[1], constant, false))
        return *r;
    if (coefficients[1] == 1)
      if (std::optional<Expr> r = addMonomialToSum(
              terms[1], terms[0], coefficients[0], constant, true))
        return *r;
  }
  ExprContext &ctx = terms.front().getContext();
  Poly r;
  r.constant = constant;
  size_t total = 0;
  for (const Expr &t : terms)
    total += viewAsPoly(t).terms.size();
  r.terms.reserve(total);
  // The terms of each operand are a sorted run.
  SmallVector<size_t, 8> runStarts;
  for (size_t i = 0, e = terms.size(); i < e; ++i) {
    int64_t k = coefficients[i];
    if (k == 0)
      continue;
    PolyView v = viewAsPoly(terms[i]);
    auto c = checkedMul(v.constant, k);
    auto sum = c ? checkedAdd(r.constant, *c) : std::nullopt;
    if (!sum)
      return Expr();
    r.constant = *sum;
    if (v.terms.empty())
      continue;
    runStarts.push_back(r.terms.size());
    for (auto [t, tc] : llvm::zip(v.terms, v.coefficients)) {
      auto m = checkedMul(tc, k);
      if (!m)
        return Expr();
      r.terms.push_back({t, *m});
    }
  }
  if (!runStarts.empty() && !normalizeTerms(r.terms, runStarts))
    return Expr();
  return fromPoly(ctx, r, extendedOperand(r, terms, coefficients));
}

ScaledForm symshape::getScaledForm(Expr e) {
  assert(e && "null expression");
  if (e.isConstant())
    return ScaledForm{Expr(), 0, e.getConstantValue()};
  if (e.getKind() != ExprKind::Add)
    return ScaledForm{e, 1, 0};
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
  uint64_t g = 0;
  for (int64_t c : coeffs)
    g = std::gcd(g, c < 0 ? 0 - static_cast<uint64_t>(c)
                          : static_cast<uint64_t>(c));
  // Only INT64_MIN coefficients give a gcd of 2^63; 2^62 divides them.
  int64_t scale =
      g > uint64_t(INT64_MAX) ? int64_t(1) << 62 : static_cast<int64_t>(g);
  if (coeffs.front() < 0)
    scale = -scale;
  SmallVector<int64_t, 4> keyCoeffs;
  for (int64_t c : coeffs) {
    // c / scale overflows only for INT64_MIN / -1: keep that sum unscaled.
    if (c == INT64_MIN && scale == -1)
      return ScaledForm{fromPoly(e.getContext(),
                                 [&] {
                                   Poly p = toPoly(e);
                                   p.constant = 0;
                                   return p;
                                 }()),
                        1, e.getAddConstant()};
    keyCoeffs.push_back(c / scale);
  }
  Expr key;
  if (terms.size() == 1 && keyCoeffs.front() == 1)
    key = terms.front();
  else
    key = e.getContext().getNode(ExprKind::Add, 0, terms, keyCoeffs);
  return ScaledForm{key, scale, e.getAddConstant()};
}

Expr symshape::sub(Expr a, Expr b) {
  // One merge of the two term lists, without uniquing `-b` on the way.
  if (!a || !b)
    return Expr();
  const Expr terms[] = {a, b};
  const int64_t coefficients[] = {1, -1};
  return linearCombination(terms, coefficients, 0);
}

Expr symshape::sub(Expr a, int64_t b) {
  if (!a)
    return Expr();
  auto nb = checkedNeg(b);
  return nb ? add(a, *nb) : Expr();
}

namespace {
/// `a` split for a division by the positive constant `d`: a = d * quotient +
/// remainder, where `quotient` collects the terms whose coefficients are
/// multiples of `d` and the floor part of the constant, and `remainder` the
/// other terms and a constant in [0, d - 1].
struct DivSplit {
  Poly quotient;
  Poly remainder;
};
} // namespace

static DivSplit splitForDivision(const Poly &p, int64_t d) {
  DivSplit s;
  s.quotient.constant = *checkedFloorDiv(p.constant, d);
  s.remainder.constant = *checkedFloorMod(p.constant, d);
  for (auto &[t, c] : p.terms) {
    if (c % d == 0)
      s.quotient.terms.push_back({t, c / d});
    else
      s.remainder.terms.push_back({t, c});
  }
  return s;
}

/// The gcd of all coefficients and the constant of `p` and `d`.
static uint64_t contentGcd(const Poly &p, int64_t d) {
  uint64_t g = gcdMagnitude(p.constant, d);
  for (auto &tc : p.terms)
    g = gcdMagnitude(static_cast<int64_t>(g), tc.second);
  return g;
}

static Poly dividePoly(const Poly &p, int64_t g) {
  Poly r;
  r.constant = p.constant / g;
  for (auto &[t, c] : p.terms)
    r.terms.push_back({t, c / g});
  return r;
}

/// Shared shape of floordiv and ceildiv by a constant.
static Expr buildDivision(ExprKind kind, Expr a, int64_t d) {
  if (!a || d == 0)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (d < 0) {
    auto nd = checkedNeg(d);
    return nd ? buildDivision(kind, neg(a), *nd) : Expr();
  }
  if (d == 1)
    return a;
  if (a.isConstant()) {
    auto r = kind == ExprKind::FloorDiv
                 ? checkedFloorDiv(a.getConstantValue(), d)
                 : checkedCeilDiv(a.getConstantValue(), d);
    return r ? ctx.getConstant(*r) : Expr();
  }
  DivSplit s = splitForDivision(toPoly(a), d);
  Expr quotient = fromPoly(ctx, s.quotient);
  if (s.remainder.terms.empty()) {
    // The remainder is a constant in [0, d - 1].
    int64_t extra =
        (kind == ExprKind::CeilDiv && s.remainder.constant != 0) ? 1 : 0;
    return add(quotient, extra);
  }
  // Reduce the remainder and the divisor by their common content.
  int64_t g = static_cast<int64_t>(contentGcd(s.remainder, d));
  Poly rem = g > 1 ? dividePoly(s.remainder, g) : s.remainder;
  int64_t divisor = d / g;
  Expr remExpr = fromPoly(ctx, rem);
  if (divisor == 1)
    return add(quotient, remExpr);
  // (x floordiv c + k) floordiv d == (x + k * c) floordiv (c * d) for
  // c, d > 0 and all integers x, k: x floordiv c + k is (x + k * c) floordiv
  // c, and nested floors by positive constants multiply. Likewise for
  // ceildiv. A conv or pool stage of a stage ((H + 1) floordiv 2 + 1)
  // floordiv 2 is (H + 3) floordiv 4.
  if (rem.constant != 0 && rem.terms.size() == 1 && rem.terms[0].second == 1) {
    Expr inner = rem.terms[0].first;
    if (inner.getKind() == kind && inner.getOperands()[1].isConstant()) {
      int64_t c = inner.getOperands()[1].getConstantValue();
      auto shift = checkedMul(rem.constant, c);
      auto prod = checkedMul(c, divisor);
      if (c > 0 && shift && prod) {
        Expr shifted = add(inner.getOperands()[0], *shift);
        if (shifted)
          return add(quotient, buildDivision(kind, shifted, *prod));
      }
    }
  }
  // (x floordiv c) floordiv d == x floordiv (c * d) for c, d > 0; likewise
  // for ceildiv.
  if (remExpr.getKind() == kind && remExpr.getOperands()[1].isConstant()) {
    int64_t inner = remExpr.getOperands()[1].getConstantValue();
    if (auto prod = checkedMul(inner, divisor))
      return add(quotient,
                 buildDivision(kind, remExpr.getOperands()[0], *prod));
  }
  Expr ops[] = {remExpr, ctx.getConstant(divisor)};
  return add(quotient, ctx.getNode(kind, 0, ops, {}));
}

Expr symshape::floorDiv(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (b.isConstant())
    return buildDivision(ExprKind::FloorDiv, a, b.getConstantValue());
  Expr ops[] = {a, b};
  return a.getContext().getNode(ExprKind::FloorDiv, 0, ops, {});
}

Expr symshape::floorDiv(Expr a, int64_t b) {
  return a ? buildDivision(ExprKind::FloorDiv, a, b) : Expr();
}

Expr symshape::ceilDiv(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (b.isConstant())
    return buildDivision(ExprKind::CeilDiv, a, b.getConstantValue());
  Expr ops[] = {a, b};
  return a.getContext().getNode(ExprKind::CeilDiv, 0, ops, {});
}

Expr symshape::ceilDiv(Expr a, int64_t b) {
  return a ? buildDivision(ExprKind::CeilDiv, a, b) : Expr();
}

Expr symshape::mod(Expr a, int64_t d) {
  if (!a || d == 0)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (d < 0) {
    // a mod d == -((-a) mod -d).
    auto nd = checkedNeg(d);
    return nd ? neg(mod(neg(a), *nd)) : Expr();
  }
  if (d == 1)
    return ctx.getConstant(0);
  if (a.isConstant())
    return ctx.getConstant(*checkedFloorMod(a.getConstantValue(), d));
  // Reduce every coefficient and the constant modulo d.
  Poly p = toPoly(a), rem;
  rem.constant = *checkedFloorMod(p.constant, d);
  for (auto &[t, c] : p.terms)
    if (int64_t r = *checkedFloorMod(c, d))
      rem.terms.push_back({t, r});
  if (rem.terms.empty())
    return ctx.getConstant(rem.constant);
  // (g * x) mod (g * c) == g * (x mod c).
  int64_t g = static_cast<int64_t>(contentGcd(rem, d));
  if (g > 1)
    return mul(mod(fromPoly(ctx, dividePoly(rem, g)), d / g), g);
  Expr remExpr = fromPoly(ctx, rem);
  // (x mod c) mod d == x mod d when d divides c.
  if (remExpr.getKind() == ExprKind::Mod &&
      remExpr.getOperands()[1].isConstant()) {
    int64_t inner = remExpr.getOperands()[1].getConstantValue();
    if (inner > 0 && inner % d == 0)
      return mod(remExpr.getOperands()[0], d);
  }
  Expr ops[] = {remExpr, ctx.getConstant(d)};
  return ctx.getNode(ExprKind::Mod, 0, ops, {});
}

Expr symshape::mod(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (b.isConstant())
    return mod(a, b.getConstantValue());
  Expr ops[] = {a, b};
  return a.getContext().getNode(ExprKind::Mod, 0, ops, {});
}

/// Up to this many operands, buildMaxMin finds the operands of equal hash
/// by a scan (quadratic, but no allocation); above it, with a hash map.
constexpr size_t kScannedMaxMinOperands = 8;

/// Max (isMax) or min of operands, flattened, with constants folded,
/// duplicates and operands dominated by a constant difference removed.
static Expr buildMaxMin(ArrayRef<Expr> operands, bool isMax) {
  if (operands.empty() || llvm::any_of(operands, [](Expr e) { return !e; }))
    return Expr();
  ExprKind kind = isMax ? ExprKind::Max : ExprKind::Min;
  ExprContext &ctx = operands.front().getContext();
  SmallVector<Expr, 4> flat;
  std::optional<int64_t> constant;
  auto addOne = [&](Expr e) {
    if (e.isConstant()) {
      int64_t v = e.getConstantValue();
      constant = constant
                     ? (isMax ? std::max(*constant, v) : std::min(*constant, v))
                     : v;
    } else {
      flat.push_back(e);
    }
  };
  // A nested max of max is flattened unless the inner one is already wide:
  // flattening each step of a long chain max(max(...), d) would make the
  // expressions of the chain quadratic in size. Deciding by the inner
  // operand alone keeps the form independent of the operands' order.
  for (Expr e : operands) {
    if (e.getKind() == kind && e.getOperands().size() <= kMaxFlattenedWidth)
      llvm::for_each(e.getOperands(), addOne);
    else
      addOne(e);
  }
  llvm::sort(flat, [](Expr x, Expr y) { return compareExprs(x, y) < 0; });
  flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  // Drop operands that another operand dominates by a constant difference:
  // for max, x is dropped if y - x >= 0 is a constant (and symmetrically).
  // Operands with a constant difference have the same non-constant terms:
  // only those of one hash bucket are compared (linear in the operands).
  // A few operands (the common case) are compared with a scan of the
  // earlier hashes rather than a hash map, which allocates.
  SmallVector<bool, 4> dropped(flat.size(), false);
  SmallVector<llvm::hash_code, 4> hashes;
  llvm::DenseMap<llvm::hash_code, SmallVector<size_t, 1>> buckets;
  bool scan = flat.size() <= kScannedMaxMinOperands;
  SmallVector<size_t, 4> sameHash;
  for (size_t i = 0; i < flat.size(); ++i) {
    Expr e = flat[i];
    static const int64_t one = 1;
    bool sum = e.getKind() == ExprKind::Add;
    ArrayRef<Expr> terms = sum ? e.getOperands() : ArrayRef<Expr>(&flat[i], 1);
    ArrayRef<int64_t> coeffs =
        sum ? e.getCoefficients() : ArrayRef<int64_t>(&one, 1);
    llvm::hash_code h = llvm::hash_combine(llvm::hash_combine_range(terms),
                                           llvm::hash_combine_range(coeffs));
    // The earlier operands with the same hash, in order.
    sameHash.clear();
    if (scan) {
      for (size_t j = 0; j < i; ++j)
        if (hashes[j] == h)
          sameHash.push_back(j);
      hashes.push_back(h);
    } else {
      SmallVector<size_t, 1> &bucket = buckets[h];
      sameHash.append(bucket.begin(), bucket.end());
      bucket.push_back(i);
    }
    for (size_t j : sameHash) {
      if (dropped[j] || dropped[i])
        continue;
      auto diff = constantDifference(flat[j], flat[i]);
      if (!diff)
        continue;
      bool jWins = isMax ? *diff >= 0 : *diff <= 0;
      dropped[jWins ? i : j] = true;
    }
  }
  SmallVector<Expr, 4> kept;
  for (size_t i = 0; i < flat.size(); ++i)
    if (!dropped[i])
      kept.push_back(flat[i]);
  // Canonical order: symbolic operands sorted, the folded constant last.
  if (constant)
    kept.push_back(ctx.getConstant(*constant));
  if (kept.size() == 1)
    return kept.front();
  return ctx.getNode(kind, 0, kept, {});
}

/// Max or min of `operands`; of two, through the context's memo (every
/// analysis builds the max of a chain's step again, and each local analysis
/// of a pattern rebuilds the chain above it).
static Expr maxMin(ArrayRef<Expr> operands, bool isMax) {
  if (operands.size() != 2 || !operands[0] || !operands[1])
    return buildMaxMin(operands, isMax);
  return operands[0].getContext().getMemoized(
      isMax ? ExprKind::Max : ExprKind::Min, operands[0], operands[1],
      [&] { return buildMaxMin(operands, isMax); });
}

Expr symshape::max(ArrayRef<Expr> operands) {
  return maxMin(operands, /*isMax=*/true);
}

Expr symshape::min(ArrayRef<Expr> operands) {
  return maxMin(operands, /*isMax=*/false);
}
