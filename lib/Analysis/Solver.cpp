//===- Solver.cpp - Ranges, divisibility, proofs, simplification ----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/Solver.h"
#include "symshape/Analysis/CheckedInt.h"

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
  divisorCache.clear();
  simplifyCache.clear();
  normalizeCache.clear();
}

Expr Solver::normalize(Expr e) {
  if (!e || !facts.hasEqualities() || e.isConstant())
    return e;
  syncCaches();
  auto it = normalizeCache.find(e);
  if (it != normalizeCache.end())
    return it->second;
  SmallVector<Expr, 8> replacements;
  bool any = false;
  ExprContext &ctx = e.getContext();
  for (unsigned i = 0, n = e.getNumSymbolsUsed(); i < n; ++i) {
    Expr eq = e.usesSymbol(i) ? facts.getEquality(i) : Expr();
    // Equalities are acyclic, so resolving them transitively terminates.
    replacements.push_back(eq ? normalize(eq) : ctx.getSymbol(i));
    any |= static_cast<bool>(eq);
  }
  Expr r = any ? substitute(e, replacements) : e;
  if (!r)
    r = e;
  normalizeCache[e] = r;
  return r;
}

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

Interval Solver::getRange(Expr e) {
  if (!e)
    return Interval::full();
  syncCaches();
  e = normalize(e);
  auto it = rangeCache.find(e);
  if (it != rangeCache.end())
    return it->second;
  Interval r = computeRange(e);
  rangeCache[e] = r;
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
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients()))
      r = r + getRange(t) * Interval::point(c);
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
    r = floorDiv(getRange(e.getOperands()[0]), getRange(e.getOperands()[1]));
    break;
  case ExprKind::CeilDiv:
    r = ceilDiv(getRange(e.getOperands()[0]), getRange(e.getOperands()[1]));
    break;
  case ExprKind::Mod:
    r = mod(getRange(e.getOperands()[0]), getRange(e.getOperands()[1]));
    break;
  case ExprKind::Max:
  case ExprKind::Min: {
    bool isMax = e.getKind() == ExprKind::Max;
    r = getRange(e.getOperands()[0]);
    for (Expr op : e.getOperands().drop_front())
      r = isMax ? max(r, getRange(op)) : min(r, getRange(op));
    break;
  }
  }
  if (const Interval *known = facts.getExprRange(e))
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
  // c * e == c * rest + k * (c * atom).
  Expr lower = add(scaledRest, mul(k > 0 ? low : high, k));
  Expr upper = add(scaledRest, mul(k > 0 ? high : low, k));
  if (nonNegative(lower, budget) == Verdict::True)
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
  for (size_t i = 0; i < operands.size(); ++i) {
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
  Expr r = e.getContext().getConstant(e.getAddConstant());
  bool changed = false;
  for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
    if (Expr q = exactQuotientTerm(t, c)) {
      r = add(r, q);
      changed = true;
    } else {
      r = add(r, mul(t, c));
    }
  }
  if (!changed || !r)
    return e;
  return simplify(r);
}
