//===- Solver.h - Ranges, divisibility, proofs, simplification --*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The fact-dependent half of the symbolic engine. Given a set of Facts, the
// Solver computes sound ranges and known divisors of expressions, proves
// comparisons three-valued (true / false / unknown; a wrong "false" is as
// unsound as a wrong "true"), and simplifies expressions with the facts.
//
// Results are cached; the caches are dropped whenever the facts change.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ENGINE_SOLVER_H
#define SYMSHAPE_ENGINE_SOLVER_H

#include "symshape/Engine/Cutoffs.h"
#include "symshape/Engine/Expr.h"
#include "symshape/Engine/Facts.h"
#include "symshape/Engine/Interval.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace symshape {

/// The answer of a proof: the claim holds for every value the facts allow,
/// fails for every such value, or neither is proven.
enum class Verdict : uint8_t { False, True, Unknown };

inline Verdict negate(Verdict v) {
  if (v == Verdict::Unknown)
    return v;
  return v == Verdict::True ? Verdict::False : Verdict::True;
}

llvm::StringRef stringifyVerdict(Verdict v);

class Solver {
public:
  explicit Solver(const Facts &facts) : facts(facts) {}

  /// A range containing every value of `e` allowed by the facts.
  Interval getRange(Expr e);
  /// The largest known d >= 0 with d | e (0 means e is always 0; 1 means
  /// nothing is known).
  int64_t getDivisor(Expr e);

  /// e >= 0?
  Verdict proveNonNegative(Expr e);
  /// a <= b, a < b, a == b.
  Verdict proveLE(Expr a, Expr b);
  Verdict proveLT(Expr a, Expr b);
  Verdict proveEQ(Expr a, Expr b);
  Verdict proveGE(Expr a, Expr b) { return proveLE(b, a); }
  Verdict proveGT(Expr a, Expr b) { return proveLT(b, a); }
  Verdict proveNE(Expr a, Expr b) { return negate(proveEQ(a, b)); }

  /// `e` simplified with the facts: dominated max/min operands removed, exact
  /// divisions cancelled, sub-expressions with a single possible value
  /// replaced by it. The result equals `e` for every value the facts allow
  /// (where `e` is defined).
  Expr simplify(Expr e);

  /// `e` with the facts' equalities substituted.
  Expr normalize(Expr e) {
    if (!e || !facts.hasEqualities() || e.isConstant())
      return e;
    return substituteEqualities(e);
  }

  /// Limits the work of one proof (number of case splits).
  void setProofBudget(unsigned budget) { proofBudget = budget; }

  /// `a <= b` decided from the ranges of `a` and `b` alone where that is
  /// exactly what a proof finds: each is a constant or one symbol plus a
  /// constant, on different symbols, and no fact relates symbols (no
  /// equality, no range of an expression), so their values are independent,
  /// each anywhere in its range. Null where that does not hold.
  std::optional<Verdict> decideIndependentLE(Expr a, Expr b);
  /// True if a point the facts allow has `a > b`, so that `a <= b` cannot be
  /// proven: found by evaluating both, with the equalities substituted, at
  /// a few points, each symbol at a value of its range and divisor, where
  /// no fact relates the symbols left (no range of an expression, no bound
  /// symbol with a range or divisor of its own: every such point is then
  /// allowed). False says nothing.
  bool refutesLE(Expr a, Expr b);

private:
  /// What decideIndependentLE reads of one side: whether it is a constant or
  /// one symbol plus a constant (and the facts relate no symbols), which
  /// symbol, and its range.
  struct IndependentOperand {
    bool simple = false;
    std::optional<unsigned> symbol;
    Interval range;
  };
  IndependentOperand independentOperand(Expr e);
  std::optional<Verdict> decideIndependentLE(const IndependentOperand &a,
                                             const IndependentOperand &b);

  /// Drops the caches that facts added since they were filled may have made
  /// stale (inline: it is on every query, and most find nothing new).
  void syncCaches() {
    if (cachedGeneration != facts.getGeneration())
      resetCaches();
  }
  void resetCaches();
  /// normalize() where some equality may apply.
  Expr substituteEqualities(Expr e);
  Interval computeRange(Expr e);
  /// The range of a sum of at least Expr::kMinExtendedSumTerms terms from
  /// its terms' ranges, before refineSumRange.
  Interval wideSumOfTermRanges(Expr e);
  /// A sum's term, times its coefficient, as a sum's range adds it up.
  Interval scaledTermRange(Expr term, int64_t coefficient) {
    // Most coefficients are 1 (a sum of sizes): no product to bound.
    Interval r = getRange(term);
    return coefficient == 1 ? r : r * Interval::point(coefficient);
  }
  /// Narrows `r`, a range of the sum `e` computed term by term, by factoring
  /// a shared atom and by eliminating max/min/division atoms that share
  /// symbols with the rest of the sum.
  Interval refineSumRange(Expr e, Interval r);
  /// Narrows `r`, the range of a max/min from its operands' ranges, by
  /// weighted sums of two operands that cancel a shared term.
  Interval refineMaxMinRange(Expr e, Interval r);
  /// The range of a floordiv, ceildiv or mod.
  Interval divisionRange(Expr e);
  /// Takes one step of the refinement budget of the current range query;
  /// false (and the query's result is not cached) once it is spent.
  bool takeRefinementStep();
  int64_t computeDivisor(Expr e);
  Verdict nonNegative(Expr e, unsigned &budget);
  Verdict caseSplitMaxMin(Expr e, Expr atom, unsigned &budget);
  Verdict boundDivision(Expr e, Expr atom, unsigned &budget);
  Expr simplifyImpl(Expr e);
  /// True if simplifying some term of `e`, a sum of at least
  /// Expr::kMinExtendedSumTerms terms, changes it.
  bool wideSumTermsChange(Expr e);
  Expr normalizeNode(Expr e);
  /// normalizeNode of a sum of at least Expr::kMinExtendedSumTerms terms
  /// (not cached here).
  Expr normalizeWideSum(Expr e);
  Expr simplifyMaxMin(Expr e, ArrayRef<Expr> operands);
  Expr simplifyTermsWithDivisors(Expr e);
  /// `a floordiv c` or `a mod c` where the terms of the sum `a` that `c`
  /// divides leave a rest in [0, c - 1]; null where that does not hold.
  Expr splitByDivisors(ExprKind kind, Expr a, int64_t c);

  /// What wideSumOfTermRanges found of a sum, kept so that a sum extending it
  /// by one term (Expr::getExtendedSum) is computed from the added term
  /// alone. Its bounds add up in any order to the same result when no term
  /// is empty and the magnitudes of the bounds (saturating sums of |bound|,
  /// the constant's included) fit int64: no partial sum can overflow.
  struct SumRange {
    Interval range;
    bool anyEmpty = false;
    bool loUnbounded = false;
    bool hiUnbounded = false;
    uint64_t loMagnitude = 0;
    uint64_t hiMagnitude = 0;
    /// Adds what `term` contributes to the flags and magnitudes.
    void note(const Interval &term);
    /// True if every order of the terms gives the same range.
    bool isOrderFree() const;
  };

  const Facts &facts;
  uint64_t cachedGeneration = ~uint64_t(0);
  uint64_t cachedEqualityGeneration = ~uint64_t(0);
  llvm::DenseMap<Expr, Interval> rangeCache;
  /// Ranges computed after the refinement budget of the current outermost
  /// `getRange` ran out (cleared when it returns).
  llvm::DenseMap<Expr, Interval> partialRangeCache;
  /// Per normalized expression, computeDivisor's result.
  llvm::DenseMap<Expr, int64_t> divisorCache;
  /// Per sum of at least Expr::kMinExtendedSumTerms terms: its
  /// wideSumOfTermRanges, kept only where no term's range was partial
  /// (cleared with rangeCache).
  llvm::DenseMap<Expr, SumRange> sumRangeCache;
  /// Per normalized expression, its simplification; null while it is being
  /// simplified.
  llvm::DenseMap<Expr, Expr> simplifyCache;
  /// How many times simplify was re-entered on an expression being
  /// simplified (which gives it as it is): what was computed while this
  /// count did not change is final.
  uint64_t simplifyReentries = 0;
  /// Sums of at least Expr::kMinExtendedSumTerms terms each of whose terms
  /// simplifies to itself, found without re-entry (cleared with
  /// simplifyCache).
  llvm::DenseSet<Expr> termsKeptBySimplify;
  /// refutesLE's points: per point, the value of each expression evaluated,
  /// symbols included (null: undefined or overflowing).
  static constexpr unsigned kWitnessPoints = 4;
  llvm::DenseMap<Expr, std::optional<int64_t>> witnessValues[kWitnessPoints];
  std::optional<int64_t> evaluateAt(Expr e, unsigned point);
  llvm::DenseMap<Expr, Expr> normalizeCache;
  /// Per sum of at least Expr::kMinExtendedSumTerms terms whose
  /// normalization is cached: a bound on the magnitude of every sum of
  /// coefficients (and of constants) that rebuilding it adds up, in any
  /// order (saturating). Where it fits int64, no order of its terms
  /// overflows, so a sum extending it by one term is normalized as its
  /// normalization plus the term's.
  llvm::DenseMap<Expr, uint64_t> normalizeMagnitude;
  unsigned proofBudget = 64;
  /// Refinement steps an outermost `getRange` query may take: the cost of a
  /// range stays linear in the size of the expression.
  static constexpr unsigned kRangeRefinementBudget = 24;
  /// A max/min with at most this many operands has every pair of operands
  /// compared by `proveLE`; a wider one only operands whose ranges are
  /// ordered (linear time).
  static constexpr size_t kPairwiseMaxMinOperands = cutoff<size_t>(32);
  unsigned rangeBudget = 0;
  unsigned rangeDepth = 0;
  uint64_t rangeBudgetExhausted = 0;
};

/// Replaces every occurrence of the sub-expression `target` in `e` by
/// `replacement` (canonicalizing the result).
Expr replaceSubExpr(Expr e, Expr target, Expr replacement);

/// True if `target` occurs in `e`.
bool containsSubExpr(Expr e, Expr target);

} // namespace symshape

#endif // SYMSHAPE_ENGINE_SOLVER_H
