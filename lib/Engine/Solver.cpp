//===- Solver.cpp - Caches, normalization, sub-expressions ----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The Solver's caches and the substitution of the facts' equalities. Its
// queries are in SolverRanges.cpp (ranges), SolverDivisors.cpp (known
// divisors), SolverProofs.cpp (proofs) and SolverSimplify.cpp
// (simplification).
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

void Solver::resetCaches() {
  cachedGeneration = facts.getGeneration();
  rangeCache.clear();
  partialRangeCache.clear();
  sumRangeCache.clear();
  divisorCache.clear();
  simplifyCache.clear();
  termsKeptBySimplify.clear();
  for (auto &values : witnessValues)
    values.clear();
  // Normalizing substitutes the equalities and reads no other fact: a new
  // range or divisor leaves it as it was.
  if (cachedEqualityGeneration == facts.getEqualityGeneration())
    return;
  cachedEqualityGeneration = facts.getEqualityGeneration();
  normalizeCache.clear();
  normalizeMagnitude.clear();
}

Expr Solver::substituteEqualities(Expr e) {
  syncCaches();
  Expr r = normalizeNode(e);
  return r ? r : e;
}

/// The magnitudes of the constant and the coefficients of `e` read as a
/// polynomial (an atom or a product is one term with coefficient 1), added
/// up (saturating).
static uint64_t polynomialWeight(Expr e) {
  if (e.isConstant())
    return unsignedMagnitude(e.getConstantValue());
  if (e.getKind() != ExprKind::Add)
    return 1;
  uint64_t w = unsignedMagnitude(e.getAddConstant());
  for (int64_t c : e.getCoefficients())
    w = saturatingAdd(w, unsignedMagnitude(c));
  return w;
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
  } else if (e.getKind() == ExprKind::Add &&
             e.getOperands().size() >= Expr::kMinExtendedSumTerms) {
    r = normalizeWideSum(e);
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

Expr Solver::normalizeWideSum(Expr e) {
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
  // Rebuilding adds up, per atom, what each normalized term contributes,
  // and the constants; `bound` bounds every such partial sum.
  uint64_t bound = unsignedMagnitude(e.getAddConstant());
  // A sum that extends a normalized sum by one term: that sum's
  // normalization plus the term's. Where no partial sum can overflow, the
  // result is the same polynomial as the term-by-term rebuild, hence the
  // same canonical node.
  if (Expr shorter = e.getExtendedSum()) {
    auto known = normalizeMagnitude.find(shorter);
    if (known != normalizeMagnitude.end()) {
      // (Normalizing below may grow the table: the entry is read first.)
      uint64_t shorterBound = known->second;
      unsigned j = e.getExtensionIndex();
      Expr nShorter = normalizeNode(shorter);
      Expr nTerm = normalizeNode(terms[j]);
      if (nTerm)
        bound = saturatingAdd(shorterBound,
                              saturatingMul(unsignedMagnitude(coeffs[j]),
                                            polynomialWeight(nTerm)));
      if (nShorter && nTerm && bound <= static_cast<uint64_t>(INT64_MAX)) {
        Expr r = nShorter == shorter && nTerm == terms[j]
                     ? e
                     : linearCombination({nShorter, nTerm}, {1, coeffs[j]});
        normalizeMagnitude[e] = bound;
        return r;
      }
      bound = unsignedMagnitude(e.getAddConstant());
    }
  }
  // Bottom-up, each node once per set of facts (a DAG stays a DAG); null
  // if rebuilding overflows anywhere, and then the caller keeps `e`.
  SmallVector<Expr, 4> ops;
  ops.reserve(terms.size());
  bool ok = true;
  for (auto [t, c] : llvm::zip(terms, coeffs)) {
    ops.push_back(normalizeNode(t));
    if (!ops.back()) {
      ok = false;
      continue;
    }
    bound = saturatingAdd(bound, saturatingMul(unsignedMagnitude(c),
                                               polynomialWeight(ops.back())));
  }
  if (!ok)
    return Expr();
  normalizeMagnitude[e] = bound;
  return llvm::equal(ops, terms) ? e : rebuildWithOperands(e, ops);
}
