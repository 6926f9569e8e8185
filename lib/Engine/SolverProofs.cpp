//===- SolverProofs.cpp - Three-valued proofs of comparisons --------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Solver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace symshape;

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
