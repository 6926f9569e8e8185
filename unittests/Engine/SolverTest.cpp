//===- SolverTest.cpp - Tests of ranges, proofs and simplification --------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Solver.h"

#include "gtest/gtest.h"

#include <random>

using namespace symshape;

namespace {

const std::nullopt_t inf = std::nullopt;

class SolverTest : public ::testing::Test {
protected:
  Expr c(int64_t v) { return ctx.getConstant(v); }
  Expr s(unsigned i) { return ctx.getSymbol(i); }
  Expr parse(StringRef text) {
    std::string error;
    Expr e = parseExpr(ctx, text, &error);
    EXPECT_TRUE(e) << error;
    return e;
  }
  /// Declares s<i> a size symbol with a range.
  void size(unsigned i, Interval r = Interval::nonNegative()) {
    facts.declareSize(i);
    facts.addSymbolRange(i, r);
  }
  std::string simp(StringRef text) {
    return Solver(facts).simplify(parse(text)).str();
  }

  ExprContext ctx;
  Facts facts;
};

TEST_F(SolverTest, RangesOfDerivedSizes) {
  size(0, Interval(1, 10));
  size(1, Interval(1, 10));
  Solver solver(facts);
  EXPECT_EQ(solver.getRange(parse("s0 + 1")), Interval(2, 11));
  EXPECT_EQ(solver.getRange(parse("s0 * s1")), Interval(1, 100));
  EXPECT_EQ(solver.getRange(parse("16 - s0")), Interval(6, 15));
  EXPECT_EQ(solver.getRange(parse("max(s0, s1) * 4")), Interval(4, 40));
  EXPECT_EQ(solver.getRange(parse("s0 mod 4")), Interval(0, 3));
  EXPECT_EQ(solver.getRange(parse("(s0 + 1) floordiv 2")), Interval(1, 5));
}

TEST_F(SolverTest, DecreasingExpression) {
  size(0, Interval(1, 16));
  EXPECT_EQ(Solver(facts).getRange(parse("16 - s0")), Interval(0, 15));
}

TEST_F(SolverTest, SizeSymbolsAreNonNegativeIntegersAreNot) {
  facts.declareSize(0);
  Solver solver(facts);
  EXPECT_EQ(solver.getRange(s(0)), Interval(0, inf));
  EXPECT_EQ(solver.getRange(s(1)), Interval::full());
  EXPECT_EQ(solver.getRange(parse("s0 * s0")), Interval(0, inf));
  EXPECT_EQ(solver.getRange(parse("s1 * s1")), Interval(0, inf));
}

TEST_F(SolverTest, Divisibility) {
  size(0);
  facts.addSymbolDivisor(0, 8);
  Solver solver(facts);
  EXPECT_EQ(solver.getDivisor(s(0)), 8);
  EXPECT_EQ(solver.getDivisor(parse("3 * s0 + 16")), 8);
  EXPECT_EQ(solver.getDivisor(parse("3 * s0 + 4")), 4);
  EXPECT_EQ(solver.getDivisor(parse("s0 * s1")), 8);
  EXPECT_EQ(solver.getDivisor(parse("s0 floordiv 4")), 2);
  EXPECT_EQ(solver.getDivisor(parse("s0 floordiv 16")), 1);
  EXPECT_EQ(solver.getDivisor(parse("max(s0, 12)")), 4);
  EXPECT_EQ(solver.getDivisor(c(0)), 0);
  EXPECT_EQ(solver.getDivisor(c(INT64_MIN)), int64_t(1) << 62);
  // Ranges round to multiples of the divisor.
  facts.addSymbolRange(0, Interval(1, 100));
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval(8, 96));
}

TEST_F(SolverTest, DivisionSplitsOffWhatTheDivisorDivides) {
  // s0 a multiple of 4: (s0 floordiv 2 + 1) floordiv 2 == s0 floordiv 4 (a
  // conv's output size twice), and the remainder is the constant.
  size(0);
  facts.addSymbolDivisor(0, 4);
  EXPECT_EQ(simp("(s0 floordiv 2 + 1) floordiv 2"), simp("s0 floordiv 4"));
  EXPECT_EQ(simp("(s0 floordiv 2 + 1) mod 2"), "1");
  EXPECT_EQ(simp("(3 * s0 + s1 mod 4) floordiv 4"),
            simp("(3 * s0) floordiv 4"));
  // The negative twins: a rest that may leave [0, 1], or an odd quotient.
  auto stays = [&](StringRef text) {
    EXPECT_EQ(simp(text), parse(text).str()) << text.str();
  };
  stays("(s0 floordiv 2 + s1) floordiv 2");
  stays("(s0 floordiv 4 + 1) floordiv 2");
  stays("(s0 floordiv 2 + 1) mod 4");
}

TEST_F(SolverTest, ProverRelationalFactsBeatIntervals) {
  Solver solver(facts);
  // (s + 1) - s == 1 for an integer of unknown range.
  EXPECT_EQ(solver.proveEQ(parse("(s0 + 1) - s0"), c(1)), Verdict::True);
  EXPECT_EQ(solver.proveLT(s(0), parse("s0 + 1")), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("s0 + 1"), s(0)), Verdict::False);
  // max(a, b) >= a, min(a, b) <= b, without ranges.
  EXPECT_EQ(solver.proveGE(parse("max(s0, s1)"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("min(s0, s1)"), s(1)), Verdict::True);
  EXPECT_EQ(solver.proveLT(parse("max(s0, s1)"), s(0)), Verdict::False);
  // Undecidable without facts: unknown, never a guess.
  EXPECT_EQ(solver.proveLE(s(0), s(1)), Verdict::Unknown);
  EXPECT_EQ(solver.proveEQ(s(0), s(1)), Verdict::Unknown);
  EXPECT_EQ(solver.proveGE(parse("max(s0, s1)"), s(2)), Verdict::Unknown);
}

TEST_F(SolverTest, ProverWithRanges) {
  size(0, Interval(1, 10));
  size(1, Interval(12, 20));
  Solver solver(facts);
  EXPECT_EQ(solver.proveLT(s(0), s(1)), Verdict::True);
  EXPECT_EQ(solver.proveGE(s(0), s(1)), Verdict::False);
  EXPECT_EQ(solver.proveEQ(s(0), s(1)), Verdict::False);
  EXPECT_EQ(solver.proveLE(parse("2 * s0"), parse("s1")), Verdict::Unknown);
  EXPECT_EQ(solver.proveLE(parse("s0 * s0"), c(100)), Verdict::True);
}

TEST_F(SolverTest, ProverParity) {
  Solver solver(facts);
  // 2 * s0 + 1 is odd: never equal to 2 * s1.
  EXPECT_EQ(solver.proveEQ(parse("2 * s0 + 1"), parse("2 * s1")),
            Verdict::False);
}

TEST_F(SolverTest, ProverDivisionBounds) {
  size(0);
  Solver solver(facts);
  // 2 * (s floordiv 2) <= s, and s < 2 * (s floordiv 2) + 2.
  EXPECT_EQ(solver.proveLE(parse("2 * (s0 floordiv 2)"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLT(s(0), parse("2 * (s0 floordiv 2) + 2")),
            Verdict::True);
  EXPECT_EQ(solver.proveGE(parse("4 * (s0 ceildiv 4)"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("s0 mod 4"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLT(parse("2 * (s0 floordiv 2)"), s(0)),
            Verdict::Unknown);
}

TEST_F(SolverTest, SimplifyMaxOfSuccessor) {
  EXPECT_EQ(simp("max(s0, s0 + 1)"), "s0 + 1");
}

TEST_F(SolverTest, SimplifyMinOfMax) {
  // min(s0, max(s0, s2)) -> s0, while max(s0, s2) stays.
  EXPECT_EQ(simp("min(s0, max(s0, s2))"), "s0");
  EXPECT_EQ(simp("max(s0, s2)"), "max(s0, s2)");
  EXPECT_EQ(simp("max(s0, min(s0, s2))"), "s0");
}

// A max or min of more operands than are compared pairwise: operands that
// differ from another by a constant, and operands whose range lies below
// (above) another's whole range, are dropped in linear time; unrelated
// operands stay.
TEST_F(SolverTest, SimplifyWideMaxMin) {
  std::string maxText = "max(", minText = "min(";
  for (unsigned i = 0; i < 40; ++i) {
    size(i, Interval(10, 100));
    maxText += "s" + std::to_string(i) + ", ";
    minText += "s" + std::to_string(i) + ", ";
  }
  size(40, Interval(0, 3));
  size(41, Interval(200, 300));
  Solver solver(facts);
  // s0 <= s0 + 2; s40 <= 3 < 10 <= every s_i.
  Expr wideMax = solver.simplify(parse(maxText + "s0 + 2, s40)"));
  ASSERT_EQ(wideMax.getKind(), ExprKind::Max);
  EXPECT_EQ(wideMax.getOperands().size(), 40u);
  EXPECT_TRUE(llvm::is_contained(wideMax.getOperands(), parse("s0 + 2")));
  EXPECT_FALSE(llvm::is_contained(wideMax.getOperands(), s(0)));
  EXPECT_FALSE(llvm::is_contained(wideMax.getOperands(), s(40)));
  // s41 >= 200 > 100 >= every s_i: the max is s41.
  EXPECT_EQ(solver.simplify(parse(maxText + "s41)")), s(41));
  // min: s40 <= 3 < 10 is the min; s41 and s0 + 2 (>= s0) go.
  EXPECT_EQ(solver.simplify(parse(minText + "s41, s40)")), s(40));
  Expr wideMin = solver.simplify(parse(minText + "s0 + 2, s41)"));
  ASSERT_EQ(wideMin.getKind(), ExprKind::Min);
  EXPECT_EQ(wideMin.getOperands().size(), 40u);
  EXPECT_TRUE(llvm::is_contained(wideMin.getOperands(), s(0)));
  // Unrelated operands with overlapping ranges: nothing to drop.
  Expr plain = parse(maxText.substr(0, maxText.size() - 2) + ")");
  EXPECT_EQ(solver.simplify(plain), plain);
}

// A size computed as a DAG, v_i = max(v_{i-1} + s1, min(v_{i-1}, s0)), has
// 2^60 paths at 60 steps: its range is computed once per node (also after the
// refinement budget runs out), soundly. (This took exponential time.)
TEST_F(SolverTest, RangeOfDagShapedSize) {
  size(0, Interval(1, 10));
  size(1, Interval(1, 10));
  Expr v = s(0);
  for (int i = 0; i < 60; ++i)
    v = max(add(v, s(1)), min(v, s(0)));
  Solver solver(facts);
  // v == s0 + 60 * s1 in [61, 610].
  Interval r = solver.getRange(v);
  EXPECT_TRUE(r.contains(Interval(61, 610))) << r.str();
  EXPECT_EQ(solver.getRange(v), r);
}

TEST_F(SolverTest, SimplifyExactDivision) {
  EXPECT_EQ(simp("((5 * s0) * 7) floordiv 5"), "7 * s0");
  EXPECT_EQ(simp("(2 * s0 + 1) floordiv 2"), "s0");
  EXPECT_EQ(simp("(4 * s0) mod 4"), "0");
  // A floordiv never becomes a rational.
  EXPECT_EQ(simp("(2 * s0 + 1) floordiv 3"), "(2 * s0 + 1) floordiv 3");
}

TEST_F(SolverTest, SimplifyWithDivisorFacts) {
  size(0);
  facts.addSymbolDivisor(0, 8);
  EXPECT_EQ(simp("s0 mod 8"), "0");
  EXPECT_EQ(simp("s0 mod 4"), "0");
  EXPECT_EQ(simp("(s0 floordiv 8) * 8"), "s0");
  EXPECT_EQ(simp("(s0 floordiv 4) * 2"), "2 * (s0 floordiv 4)");
  EXPECT_EQ(simp("s0 mod 16"), "s0 mod 16");
}

TEST_F(SolverTest, SimplifyMinWithRange) {
  size(0, Interval(1, 10));
  EXPECT_EQ(simp("min(s0, 10)"), "s0");
  EXPECT_EQ(simp("max(s0, 1)"), "s0");
  EXPECT_EQ(simp("max(s0, 2)"), "max(s0, 2)");
}

TEST_F(SolverTest, NoSimplifyMinWithWiderRange) {
  size(0, Interval(1, 11));
  EXPECT_EQ(simp("min(s0, 10)"), "min(s0, 10)");
}

TEST_F(SolverTest, SimplifyMinOfScaledSizes) {
  size(0, Interval(1, inf));
  EXPECT_EQ(simp("min(128 * s0, 512 * s0)"), "128 * s0");
  EXPECT_EQ(simp("max(128 * s0, 512 * s0)"), "512 * s0");
}

TEST_F(SolverTest, NoSimplifyMinOfIntegerUnknown) {
  // x may be negative: min(x, 2 * x) stays.
  EXPECT_EQ(simp("min(s0, 2 * s0)"), "min(s0, 2 * s0)");
  facts.addSymbolRange(0, Interval(inf, 5));
  EXPECT_EQ(simp("min(s0, 2 * s0)"), "min(s0, 2 * s0)");
}

TEST_F(SolverTest, SimplifyPointRanges) {
  size(0, Interval(3, 3));
  size(1, Interval(0, 99));
  EXPECT_EQ(simp("s0 * s2"), "3 * s2");
  EXPECT_EQ(simp("s1 floordiv 100"), "0");
  EXPECT_EQ(simp("s1 mod 100"), "s1");
  EXPECT_EQ(simp("(s1 mod 4) mod 8"), "s1 mod 4");
}

TEST_F(SolverTest, SimplifySymbolicDivisor) {
  size(0);
  size(1, Interval(1, inf));
  EXPECT_EQ(simp("(s0 * s1) floordiv s1"), "s0");
  EXPECT_EQ(simp("(s0 * s1 + 3 * s1) ceildiv s1"), "s0 + 3");
  EXPECT_EQ(simp("(s0 * s1) mod s1"), "0");
  // s2 may be 0: undefined there, never simplified.
  EXPECT_EQ(simp("(s0 * s2) floordiv s2"), "(s0 * s2) floordiv s2");
}

TEST_F(SolverTest, Equalities) {
  size(0, Interval(1, 8));
  // s1 (a dim) is bound to s0 + 2.
  facts.addEquality(1, parse("s0 + 2"));
  Solver solver(facts);
  EXPECT_EQ(solver.getRange(s(1)), Interval(3, 10));
  EXPECT_EQ(solver.proveLT(s(0), s(1)), Verdict::True);
  EXPECT_EQ(solver.simplify(parse("max(s1, s0)")).str(), "s0 + 2");
  // Cycles are refused.
  EXPECT_FALSE(facts.addEquality(0, parse("s1 - 2")));
  EXPECT_FALSE(facts.addEquality(1, s(3)));
}

TEST_F(SolverTest, ScopedFacts) {
  size(0);
  Solver solver(facts);
  EXPECT_EQ(solver.proveLE(s(0), c(10)), Verdict::Unknown);
  size_t mark = facts.mark();
  facts.addSymbolRange(0, Interval(inf, 10));
  EXPECT_EQ(solver.proveLE(s(0), c(10)), Verdict::True);
  facts.rollback(mark);
  EXPECT_EQ(solver.proveLE(s(0), c(10)), Verdict::Unknown);
  EXPECT_EQ(solver.getRange(s(0)), Interval(0, inf));
}

// Normalization is cached until the equalities change: a range fact keeps
// the cache, an equality added or rolled back in a scope does not.
TEST_F(SolverTest, ScopedEqualities) {
  size(0);
  size(1);
  Solver solver(facts);
  Expr e = parse("s1 + s2");
  facts.addEquality(2, parse("s0 + 1"));
  EXPECT_EQ(solver.normalize(e), parse("s0 + s1 + 1"));
  size_t mark = facts.mark();
  facts.addEquality(1, parse("s0 * 2"));
  EXPECT_EQ(solver.normalize(e), parse("3 * s0 + 1"));
  facts.addSymbolRange(0, Interval(1, 4));
  EXPECT_EQ(solver.normalize(e), parse("3 * s0 + 1"));
  EXPECT_EQ(solver.getRange(s(1)), Interval(2, 8));
  facts.rollback(mark);
  EXPECT_EQ(solver.normalize(e), parse("s0 + s1 + 1"));
  EXPECT_EQ(solver.getRange(s(1)), Interval(0, inf));
  // A rollback that undoes only ranges keeps what the equalities give.
  mark = facts.mark();
  facts.addSymbolRange(0, Interval(inf, 3));
  EXPECT_EQ(solver.getRange(s(2)), Interval(1, 4));
  facts.rollback(mark);
  EXPECT_EQ(solver.normalize(e), parse("s0 + s1 + 1"));
  EXPECT_EQ(solver.getRange(s(2)), Interval(1, inf));
}

TEST_F(SolverTest, ContradictionsAreReported) {
  size(0, Interval(2, 10));
  EXPECT_FALSE(facts.addSymbolRange(0, Interval(12, 12)));
  // Nothing is decided under contradictory facts.
  EXPECT_EQ(Solver(facts).proveLE(s(0), c(0)), Verdict::Unknown);
}

TEST_F(SolverTest, ExpressionFacts) {
  size(0);
  // s0 + 1 <= 10 narrows s0 to [0, 9].
  EXPECT_TRUE(facts.addExprRange(parse("s0 + 1"), Interval(inf, 10)));
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval(0, 9));
  // -2 * s1 + 4 in [0, 10] narrows s1 to [-3, 2].
  EXPECT_TRUE(facts.addExprRange(parse("4 - 2 * s1"), Interval(0, 10)));
  EXPECT_EQ(Solver(facts).getRange(s(1)), Interval(-3, 2));
  // A fact on a non-linear expression is used for that expression.
  EXPECT_TRUE(facts.addExprRange(parse("s0 * s2"), Interval(0, 64)));
  EXPECT_EQ(Solver(facts).getRange(parse("s0 * s2")), Interval(0, 64));
  // A scaled non-linear term narrows the term: -(s3 mod 2) <= -1 makes
  // s3 mod 2 exactly 1, so 3 * (s3 mod 2) is 3.
  size(3);
  EXPECT_TRUE(facts.addExprRange(parse("-(s3 mod 2)"), Interval(inf, -1)));
  EXPECT_EQ(Solver(facts).getRange(parse("s3 mod 2")), Interval(1, 1));
  EXPECT_EQ(Solver(facts).getRange(parse("3 * (s3 mod 2)")), Interval(3, 3));
}

TEST_F(SolverTest, Int64Edges) {
  facts.addSymbolRange(0, Interval(INT64_MAX - 1, INT64_MAX));
  Solver solver(facts);
  // s0 + 1 may not fit int64: the bound saturates, never wraps.
  EXPECT_EQ(solver.getRange(parse("s0 + 1")), Interval(INT64_MAX, inf));
  EXPECT_EQ(solver.proveGT(parse("s0 + 1"), s(0)), Verdict::True);
  EXPECT_EQ(solver.getRange(parse("s0 * 2")), Interval(inf, inf));
}

} // namespace

namespace {

/// decideIndependentLE agrees with proveLE wherever it answers (ranges of
/// either end open or closed, negative or not, divisors, constants on
/// either side), and answers only for independent operands.
TEST_F(SolverTest, IndependentOperandsDecidedByRangesAsByProofs) {
  const std::optional<int64_t> ends[] = {inf, -5, 0, 3, 8};
  unsigned checked = 0, answered = 0;
  for (auto lo0 : ends)
    for (auto hi0 : ends)
      for (auto lo1 : ends)
        for (auto hi1 : ends) {
          if ((lo0 && hi0 && *lo0 > *hi0) || (lo1 && hi1 && *lo1 > *hi1))
            continue;
          Facts local;
          local.addSymbolRange(0, Interval(lo0, hi0));
          local.addSymbolRange(1, Interval(lo1, hi1));
          // A range without an even value leaves s1 no value: not a case.
          if (!local.addSymbolDivisor(1, 2))
            continue;
          Solver solver(local);
          for (const char *text : {"s0", "s0 + 3", "s1 - 2", "4", "-7"}) {
            for (const char *other : {"s1", "s1 + 1", "s0 - 6", "0"}) {
              Expr a = parse(text), b = parse(other);
              ++checked;
              std::optional<Verdict> quick = solver.decideIndependentLE(a, b);
              bool sameSymbol = !a.getSymbolsUsed().empty() &&
                                a.getSymbolsUsed() == b.getSymbolsUsed();
              if (sameSymbol) {
                EXPECT_FALSE(quick) << text << " <= " << other;
                continue;
              }
              ASSERT_TRUE(quick) << text << " <= " << other;
              ++answered;
              EXPECT_EQ(*quick, solver.proveLE(a, b))
                  << text << " <= " << other;
            }
          }
        }
  EXPECT_GT(answered, 1000u);
  EXPECT_GT(checked, answered);
}

/// A fact that relates symbols (an equality, a range of an expression), or
/// an operand that is more than one symbol plus a constant, leaves the
/// decision to the proof.
TEST_F(SolverTest, RelatedOperandsLeftToTheProof) {
  size(0);
  size(1);
  {
    Solver solver(facts);
    EXPECT_EQ(solver.decideIndependentLE(s(0), s(1)), Verdict::Unknown);
    EXPECT_FALSE(solver.decideIndependentLE(parse("2 * s0"), s(1)));
    EXPECT_FALSE(solver.decideIndependentLE(parse("s0 + s1"), s(1)));
    EXPECT_FALSE(solver.decideIndependentLE(parse("max(s0, 2)"), s(1)));
  }
  facts.addExprRange(parse("s1 - s0"), Interval::atLeast(0));
  Solver related(facts);
  EXPECT_FALSE(related.decideIndependentLE(s(0), s(1)));
  EXPECT_EQ(related.proveLE(s(0), s(1)), Verdict::True);
  // Through simplification: max(s0, s1) is s1 only by the fact.
  EXPECT_EQ(related.simplify(parse("max(s0, s1)")), s(1));
  Facts equal;
  equal.declareSize(0);
  equal.declareSize(1);
  equal.addEquality(1, parse("s0 + 2"));
  Solver withEquality(equal);
  EXPECT_FALSE(withEquality.decideIndependentLE(s(0), s(1)));
  EXPECT_EQ(withEquality.proveLE(s(0), s(1)), Verdict::True);
}

} // namespace

namespace {

/// refutesLE finds points where `a > b` only where no proof of `a <= b`
/// exists: over pairs of max/min/division expressions and facts (ranges
/// open or closed, negative or not, divisors, a symbol bound to an
/// expression), it never refutes what proveLE proves, and it refutes most
/// of what is not true.
TEST_F(SolverTest, RefutationsNeverContradictProofs) {
  const char *exprs[] = {"s0",
                         "s1 + 3",
                         "max(s0, s1 + 1)",
                         "min(s0 + 2, s2)",
                         "max(s2 + 1, min(s0 + 5, s1 + 7))",
                         "min(s1 + 4, max(s2 + 1, min(s0 + 5, s1 + 7)))",
                         "s0 floordiv 2 + 1",
                         "(s1 + s2) mod 3",
                         "s0 * 2 - s2",
                         "7"};
  const std::optional<int64_t> ends[] = {inf, -4, 0, 6};
  unsigned refuted = 0, notTrue = 0;
  for (auto lo : ends)
    for (auto hi : ends) {
      if (lo && hi && *lo > *hi)
        continue;
      for (bool bound : {false, true}) {
        Facts local;
        local.addSymbolRange(0, Interval(lo, hi));
        local.declareSize(1);
        if (!local.addSymbolDivisor(2, 3))
          continue;
        if (bound)
          local.addEquality(3, parse("s1 + 2"));
        Solver solver(local);
        for (const char *x : exprs)
          for (const char *y : exprs) {
            std::string yText = bound ? std::string(y) + " + s3 - s3" : y;
            Expr a = parse(x), b = parse(yText);
            bool refutes = solver.refutesLE(a, b);
            Verdict proof = solver.proveLE(a, b);
            EXPECT_FALSE(refutes && proof == Verdict::True)
                << x << " <= " << yText;
            notTrue += proof != Verdict::True;
            refuted += refutes;
          }
      }
    }
  EXPECT_GT(refuted, notTrue / 2);
}

/// A fact that relates the symbols, or a bound symbol with a range of its
/// own, leaves every decision to the proof.
TEST_F(SolverTest, RefutationsOnlyOverIndependentSymbols) {
  size(0);
  size(1);
  {
    Solver solver(facts);
    EXPECT_TRUE(solver.refutesLE(s(0), s(1)));
    EXPECT_FALSE(solver.refutesLE(s(0), parse("s0 + 1")));
  }
  Facts related = facts;
  related.addExprRange(parse("s1 - s0"), Interval::atLeast(0));
  EXPECT_FALSE(Solver(related).refutesLE(s(0), s(1)));
  Facts boundWithRange;
  boundWithRange.declareSize(0);
  boundWithRange.addSymbolRange(1, Interval(0, 4));
  boundWithRange.addEquality(1, parse("s0 - 3"));
  EXPECT_FALSE(Solver(boundWithRange).refutesLE(s(1), c(0)));
}

/// A sum extending another is normalized from the shorter one only where
/// no order of its terms can overflow.
TEST_F(SolverTest, ExtendedSumNormalizedInTermOrder) {
  // s0 + s2 cancels once normalized; s1 sorts between them. Term by term,
  // s0 + s1 + s2 adds 2^62 + 2^62 first and overflows (normalization keeps
  // the sum as it is); from the normalized s0 + s2 it would not.
  int64_t big = int64_t(1) << 62;
  facts.addEquality(0, s(5) * big);
  facts.addEquality(1, s(5) * big);
  facts.addEquality(2, s(5) * -big);
  // Wide enough to be linked: s0 + s2 + s10 + ... + s16.
  Expr rest = s(10);
  for (unsigned i = 11; i < 10 + Expr::kMinExtendedSumTerms - 1; ++i)
    rest = rest + s(i);
  Expr shorter = s(0) + s(2) + rest;
  Expr e = shorter + s(1);
  ASSERT_EQ(e.getExtendedSum(), shorter);
  Solver solver(facts);
  EXPECT_EQ(solver.normalize(shorter), rest);
  EXPECT_EQ(solver.normalize(e), e);
  EXPECT_EQ(Solver(facts).normalize(e), e);
}

/// A sum extending another takes its range and divisor from the shorter
/// one's, where the order of the terms cannot matter.
TEST_F(SolverTest, ExtendedSumRangeAndDivisorInTermOrder) {
  // s0 + s2 + s10 + ... + s16, every filler in [0, 4] and a multiple of 2.
  Expr rest = s(10);
  facts.addSymbolRange(10, Interval(0, 4));
  facts.addSymbolDivisor(10, 2);
  for (unsigned i = 11; i < 10 + Expr::kMinExtendedSumTerms - 1; ++i) {
    facts.addSymbolRange(i, Interval(0, 4));
    facts.addSymbolDivisor(i, 2);
    rest = rest + s(i);
  }
  // Term by term, s0 + s1 passes INT64_MAX before s2 brings the sum down:
  // the upper bound is lost. Added to the bound of s0 + s2 it would not be.
  facts.addSymbolRange(0, Interval(INT64_MAX - 8, INT64_MAX - 8));
  facts.addSymbolRange(1, Interval(10, 10));
  facts.addSymbolRange(2, Interval(-100, -100));
  Expr shorter = s(0) + s(2) + rest;
  Expr e = shorter + s(1);
  ASSERT_EQ(e.getExtendedSum(), shorter);
  {
    Solver solver(facts);
    EXPECT_EQ(solver.getRange(shorter),
              Interval(INT64_MAX - 108,
                       INT64_MAX - 108 +
                           4 * int64_t(Expr::kMinExtendedSumTerms - 1)));
    EXPECT_EQ(solver.getRange(e).getHi(), std::nullopt);
    EXPECT_EQ(solver.getRange(e), Solver(facts).getRange(e));
  }
  // The divisor: the shorter sum's gcd and the added term's.
  Facts even;
  for (unsigned i : {0u, 2u, 1u})
    even.addSymbolDivisor(i, 4);
  for (unsigned i = 10; i < 10 + Expr::kMinExtendedSumTerms - 1; ++i)
    even.addSymbolDivisor(i, 2);
  Solver solver(even);
  EXPECT_EQ(solver.getDivisor(shorter), 2);
  EXPECT_EQ(solver.getDivisor(e), 2);
  EXPECT_EQ(solver.getDivisor(shorter + s(3) * 3), 1);
}

/// A sum that extends a sum by one term (Expr::getExtendedSum) takes the
/// shorter sum's range, divisor, normalization and simplification from the
/// Solver's caches. The same chain of sums built in a second context
/// without links (each sum from its terms at once), under the same facts
/// and asked the same queries in the same order, is computed term by term:
/// both agree, over ranges and coefficients near the ends of int64 (where
/// adding the terms in another order would overflow), unbounded and point
/// ranges, divisors and equalities.
TEST_F(SolverTest, ExtendedSumsAgreeWithTermByTerm) {
  std::mt19937_64 rng(2024);
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  // Mostly small ranges and coefficients, so that a few boundary ones put
  // a sum's bounds or coefficients near the ends of int64 (where the order
  // of the terms decides whether a partial sum overflows), not past them.
  const Interval smallRanges[] = {Interval(0, 10),     Interval(1, 1000),
                                  Interval(3, 3),      Interval::atLeast(0),
                                  Interval::atMost(5), Interval(-7, 7)};
  const Interval boundaryRanges[] = {
      Interval::full(), Interval(INT64_MAX - 8, INT64_MAX),
      Interval(INT64_MIN, INT64_MIN + 8),
      Interval(-(int64_t(1) << 62), int64_t(1) << 62),
      Interval(int64_t(1) << 61, int64_t(1) << 62)};
  const int64_t smallCoefficients[] = {1, 1, 1, -1, 2, 3};
  const int64_t boundaryCoefficients[] = {int64_t(1) << 61, -(int64_t(1) << 62),
                                          INT64_MAX, INT64_MIN, INT64_MAX / 3};
  auto range = [&] {
    return pick(5) ? smallRanges[pick(std::size(smallRanges))]
                   : boundaryRanges[pick(std::size(boundaryRanges))];
  };
  auto coefficient = [&] {
    return pick(6)
               ? smallCoefficients[pick(std::size(smallCoefficients))]
               : boundaryCoefficients[pick(std::size(boundaryCoefficients))];
  };
  constexpr unsigned kSymbols = 24;
  // What a round builds, drawn once and built in both contexts.
  struct Term {
    unsigned kind, a, b;
    int64_t coefficient;
  };
  struct Symbol {
    bool isSize;
    Interval range;
    int64_t divisor;
  };
  struct Equality {
    unsigned symbol, other;
    int64_t coefficient, constant;
  };
  int linkedAnswers = 0;
  for (int round = 0; round < 400; ++round) {
    SmallVector<Symbol> symbols;
    for (unsigned i = 0; i < kSymbols; ++i)
      symbols.push_back({pick(2) == 0, range(),
                         pick(4) == 0 ? 1 + static_cast<int64_t>(pick(4)) : 1});
    // Some symbols equal a sum of later ones (acyclic).
    SmallVector<Equality> equalities;
    for (unsigned i = 0; i + 2 < kSymbols; ++i)
      if (pick(3) == 0)
        equalities.push_back(
            {i, static_cast<unsigned>(i + 1 + pick(kSymbols - i - 1)),
             coefficient(), static_cast<int64_t>(pick(5))});
    auto term = [&] {
      return Term{static_cast<unsigned>(pick(6)),
                  static_cast<unsigned>(pick(kSymbols)),
                  static_cast<unsigned>(pick(kSymbols)), coefficient()};
    };
    SmallVector<Term> terms;
    for (size_t i = 0; i < Expr::kMinExtendedSumTerms + 1 + 12; ++i)
      terms.push_back(term());
    int64_t constant = static_cast<int64_t>(pick(7)) - 3;
    size_t firstWidth = Expr::kMinExtendedSumTerms + 1;

    auto build = [&](ExprContext &ctx, Facts &facts, bool linked) {
      for (unsigned i = 0; i < kSymbols; ++i) {
        if (symbols[i].isSize)
          facts.declareSize(i);
        facts.addSymbolRange(i, symbols[i].range);
        if (symbols[i].divisor > 1)
          facts.addSymbolDivisor(i, symbols[i].divisor);
      }
      for (const Equality &eq : equalities)
        facts.addEquality(eq.symbol,
                          linearCombination({ctx.getSymbol(eq.other),
                                             ctx.getSymbol(kSymbols - 1)},
                                            {eq.coefficient, 1}, eq.constant));
      SmallVector<Expr> monomials;
      SmallVector<int64_t> coeffs;
      for (const Term &t : terms) {
        Expr a = ctx.getSymbol(t.a);
        monomials.push_back(t.kind == 0 ? a * ctx.getSymbol(t.b)
                            : t.kind == 1
                                ? floorDiv(a, ctx.getConstant(2 + t.b % 3))
                                : a);
        coeffs.push_back(t.coefficient);
      }
      SmallVector<Expr> chain;
      Expr sum =
          linearCombination(ArrayRef(monomials).take_front(firstWidth),
                            ArrayRef(coeffs).take_front(firstWidth), constant);
      for (size_t n = firstWidth; sum && n <= terms.size(); ++n) {
        chain.push_back(sum);
        if (n == terms.size())
          break;
        // Linked: the sum before plus one term. Not: every term at once.
        sum = linked ? linearCombination({sum, monomials[n]}, {1, coeffs[n]})
                     : linearCombination(ArrayRef(monomials).take_front(n + 1),
                                         ArrayRef(coeffs).take_front(n + 1),
                                         constant);
      }
      return chain;
    };
    ExprContext linkedCtx, plainCtx;
    Facts linkedFacts, plainFacts;
    SmallVector<Expr> linked = build(linkedCtx, linkedFacts, true);
    SmallVector<Expr> plain = build(plainCtx, plainFacts, false);
    ASSERT_EQ(linked.size(), plain.size());
    Solver withLinks(linkedFacts), termByTerm(plainFacts);
    auto str = [](Expr e) { return e ? e.str() : std::string("null"); };
    for (size_t i = 0; i < linked.size(); ++i) {
      Expr a = linked[i], b = plain[i];
      ASSERT_EQ(str(a), str(b));
      EXPECT_FALSE(b.getExtendedSum());
      linkedAnswers += static_cast<bool>(a.getExtendedSum());
      EXPECT_EQ(withLinks.getRange(a), termByTerm.getRange(b)) << str(a);
      EXPECT_EQ(withLinks.getDivisor(a), termByTerm.getDivisor(b)) << str(a);
      EXPECT_EQ(str(withLinks.normalize(a)), str(termByTerm.normalize(b)))
          << str(a);
      EXPECT_EQ(str(withLinks.simplify(a)), str(termByTerm.simplify(b)))
          << str(a);
    }
  }
  EXPECT_GT(linkedAnswers, 1000);
}

} // namespace
