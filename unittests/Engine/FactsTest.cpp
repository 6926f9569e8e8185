//===- FactsTest.cpp - Tests of facts in every spelling and tight ranges --===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// A relational fact is one fact however it is written: every spelling of
// `y <= x` (`x - y >= 0`, `y - x <= 0`, `x - y - 1 >= -1`, `2 * x - 2 * y >=
// 0`, ...) decides the same comparisons and simplifies the same max/min. And
// ranges are as tight as they are sound: each refinement is checked against
// the exact range by enumeration.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Solver.h"

#include "gtest/gtest.h"

#include <functional>

using namespace symshape;

namespace symshape {
/// Intervals print as [lo, hi] in test failures.
void PrintTo(const Interval &r, std::ostream *os) { *os << r.str(); }
} // namespace symshape

namespace {

const std::nullopt_t inf = std::nullopt;

class FactsTest : public ::testing::Test {
protected:
  Expr c(int64_t v) { return ctx.getConstant(v); }
  Expr s(unsigned i) { return ctx.getSymbol(i); }
  Expr parse(StringRef text) {
    std::string error;
    Expr e = parseExpr(ctx, text, &error);
    EXPECT_TRUE(e) << error;
    return e;
  }
  void size(unsigned i, Interval r = Interval::nonNegative()) {
    facts.declareSize(i);
    facts.addSymbolRange(i, r);
  }
  std::string simp(StringRef text) {
    return Solver(facts).simplify(parse(text)).str();
  }
  /// The exact range of `e` over the box of symbol ranges `box` (every
  /// symbol bounded; points where `e` is undefined are skipped).
  Interval exactRange(Expr e, ArrayRef<std::pair<int64_t, int64_t>> box) {
    std::optional<int64_t> lo, hi;
    SmallVector<int64_t> x(box.size());
    std::function<void(size_t)> rec = [&](size_t i) {
      if (i == box.size()) {
        if (std::optional<int64_t> v = evaluate(e, x)) {
          lo = lo ? std::min(*lo, *v) : *v;
          hi = hi ? std::max(*hi, *v) : *v;
        }
        return;
      }
      for (x[i] = box[i].first; x[i] <= box[i].second; ++x[i])
        rec(i + 1);
    };
    rec(0);
    return lo ? Interval(lo, hi) : Interval::empty();
  }
  /// With only the integer symbols of ranges `box` known, expects the
  /// computed range of `text` to be exactly the enumerated one.
  void expectExactRange(StringRef text,
                        ArrayRef<std::pair<int64_t, int64_t>> box) {
    facts = Facts();
    for (unsigned i = 0; i < box.size(); ++i)
      facts.addSymbolRange(i, Interval(box[i].first, box[i].second));
    Expr e = parse(text);
    EXPECT_EQ(Solver(facts).getRange(e), exactRange(e, box)) << text.str();
  }

  ExprContext ctx;
  Facts facts;
};

//===----------------------------------------------------------------------===//
// Facts hold in every spelling
//===----------------------------------------------------------------------===//

/// One spelling of a fact: `lo <= expr <= hi`.
struct Spelling {
  const char *expr;
  std::optional<int64_t> lo, hi;
};

/// Every spelling of s1 <= s0 (y0 <= x0).
const Spelling kLessEqual[] = {
    {"s0 - s1", 0, inf},
    {"s1 - s0", inf, 0},
    {"s0 - s1 - 1", -1, inf},
    {"s1 - s0 + 1", inf, 1},
    {"2 * s0 - 2 * s1", 0, inf},
    {"2 * s1 - 2 * s0", inf, 0},
    {"3 * s1 - 3 * s0 + 5", inf, 5},
    // 2 * (s0 - s1) >= -1 means s0 - s1 >= 0 for integers.
    {"2 * s0 - 2 * s1", -1, inf},
    {"-s1 + s0 + 7", 7, inf},
};

/// Every spelling of s1 < s0.
const Spelling kLess[] = {
    {"s0 - s1", 1, inf},          {"s1 - s0", inf, -1},
    {"s0 - s1 - 1", 0, inf},      {"s1 - s0 + 1", inf, 0},
    {"2 * s1 - 2 * s0", inf, -1}, {"4 * s0 - 4 * s1 + 2", 3, inf},
};

/// Every spelling of s1 == s0.
const Spelling kEqual[] = {
    {"s0 - s1", 0, 0},
    {"s1 - s0 + 3", 3, 3},
    {"2 * s1 - 2 * s0", -1, 1},
};

class SpellingTest : public FactsTest,
                     public ::testing::WithParamInterface<bool> {
protected:
  /// Integer unknowns or (with the parameter) size symbols s0, s1, s2.
  void declare() {
    if (GetParam())
      for (unsigned i = 0; i < 3; ++i)
        facts.declareSize(i);
  }
  void add(const Spelling &sp) {
    EXPECT_TRUE(facts.addExprRange(parse(sp.expr), Interval(sp.lo, sp.hi)))
        << sp.expr;
  }
  /// Mimics the `a != b` fact of ShapeAnalysis: it narrows only an excluded
  /// end of the range known for b - a.
  void addNotEqual(Expr a, Expr b) {
    Expr d = b - a;
    Interval r = Solver(facts).getRange(d);
    if (r.getLo() && *r.getLo() == 0)
      facts.addExprRange(d, Interval::atLeast(1));
    else if (r.getHi() && *r.getHi() == 0)
      facts.addExprRange(d, Interval::atMost(-1));
  }
};

TEST_P(SpellingTest, LessEqualInEverySpelling) {
  for (const Spelling &sp : kLessEqual) {
    SCOPED_TRACE(sp.expr);
    facts = Facts();
    declare();
    add(sp);
    Solver solver(facts);
    EXPECT_EQ(solver.proveLE(s(1), s(0)), Verdict::True);
    EXPECT_EQ(solver.proveGE(s(0), s(1)), Verdict::True);
    EXPECT_EQ(solver.proveLT(s(0), s(1)), Verdict::False);
    EXPECT_EQ(solver.proveLE(parse("s1 + 4"), parse("s0 + 4")), Verdict::True);
    EXPECT_EQ(solver.proveLE(parse("2 * s1"), parse("2 * s0")), Verdict::True);
    EXPECT_EQ(solver.proveNonNegative(parse("s0 - s1")), Verdict::True);
    // Not decided: s0 == s1 is allowed, so is s0 > s1.
    EXPECT_EQ(solver.proveLE(s(0), s(1)), Verdict::Unknown);
    EXPECT_EQ(solver.proveLT(s(1), s(0)), Verdict::Unknown);
    EXPECT_EQ(solver.proveEQ(s(0), s(1)), Verdict::Unknown);
    EXPECT_EQ(solver.getRange(parse("s0 - s1")), Interval(0, inf));
    EXPECT_EQ(solver.getRange(parse("s1 - s0 - 3")), Interval(inf, -3));
    EXPECT_EQ(solver.getRange(parse("6 * s1 - 6 * s0")), Interval(inf, 0));
    EXPECT_EQ(solver.simplify(parse("max(s0, s1)")), s(0));
    EXPECT_EQ(solver.simplify(parse("min(s0, s1)")), s(1));
    EXPECT_EQ(solver.simplify(parse("max(s0 + 2, s1 + 2)")).str(), "s0 + 2");
    EXPECT_EQ(solver.simplify(parse("min(s0, max(s0, s1))")), s(0));
    // Must not fire: a difference the fact says nothing about.
    EXPECT_EQ(solver.proveLE(s(1), s(2)), Verdict::Unknown);
    EXPECT_EQ(solver.proveLE(s(2), s(0)), Verdict::Unknown);
    EXPECT_EQ(solver.proveLE(parse("s1 + s2"), s(0)), Verdict::Unknown);
    if (!GetParam()) { // s0 may be negative: s1 == s0 == -1 > 2 * s0.
      EXPECT_EQ(solver.proveLE(s(1), parse("2 * s0")), Verdict::Unknown);
    }
    EXPECT_EQ(solver.simplify(parse("max(s0, s2)")).str(), "max(s0, s2)");
    EXPECT_EQ(solver.simplify(parse("max(s1, s2)")).str(), "max(s1, s2)");
    EXPECT_EQ(solver.simplify(parse("max(s0, s1 + 1)")).str(),
              "max(s0, s1 + 1)");
  }
}

TEST_P(SpellingTest, LessInEverySpelling) {
  for (const Spelling &sp : kLess) {
    SCOPED_TRACE(sp.expr);
    facts = Facts();
    declare();
    add(sp);
    Solver solver(facts);
    EXPECT_EQ(solver.proveLT(s(1), s(0)), Verdict::True);
    EXPECT_EQ(solver.proveLE(parse("s1 + 1"), s(0)), Verdict::True);
    EXPECT_EQ(solver.proveLE(s(0), s(1)), Verdict::False);
    EXPECT_EQ(solver.proveEQ(s(0), s(1)), Verdict::False);
    EXPECT_EQ(solver.proveEQ(s(1), s(0)), Verdict::False);
    EXPECT_EQ(solver.simplify(parse("max(s0, s1 + 1)")), s(0));
    EXPECT_EQ(solver.simplify(parse("min(s0 - 1, s1)")), s(1));
    // Must not fire: s0 == s1 + 1 is allowed, so is s0 > s1 + 1.
    EXPECT_EQ(solver.proveLT(parse("s1 + 1"), s(0)), Verdict::Unknown);
    EXPECT_EQ(solver.simplify(parse("max(s0, s1 + 2)")).str(),
              "max(s0, s1 + 2)");
  }
}

TEST_P(SpellingTest, EqualInEverySpelling) {
  for (const Spelling &sp : kEqual) {
    SCOPED_TRACE(sp.expr);
    facts = Facts();
    declare();
    add(sp);
    Solver solver(facts);
    EXPECT_EQ(solver.proveEQ(s(0), s(1)), Verdict::True);
    EXPECT_EQ(solver.proveEQ(parse("3 * s1 + 1"), parse("3 * s0 + 1")),
              Verdict::True);
    EXPECT_EQ(solver.proveLT(s(0), s(1)), Verdict::False);
    EXPECT_EQ(solver.getRange(parse("s0 - s1")), Interval(0, 0));
    Expr m = solver.simplify(parse("max(s0, s1)"));
    EXPECT_TRUE(m == s(0) || m == s(1)) << m.str();
    EXPECT_EQ(solver.proveEQ(s(0), s(2)), Verdict::Unknown);
  }
}

TEST_P(SpellingTest, NotEqualNarrowsInEitherOrientation) {
  // s1 <= s0 in any spelling, then s0 != s1 written either way round: the
  // excluded end makes it s1 < s0.
  for (const Spelling &sp : kLessEqual) {
    for (bool swap : {false, true}) {
      SCOPED_TRACE(std::string(sp.expr) + (swap ? " swapped" : ""));
      facts = Facts();
      declare();
      add(sp);
      if (swap)
        addNotEqual(s(1), s(0));
      else
        addNotEqual(s(0), s(1));
      Solver solver(facts);
      EXPECT_EQ(solver.proveLT(s(1), s(0)), Verdict::True);
      EXPECT_EQ(solver.proveEQ(s(0), s(1)), Verdict::False);
      EXPECT_EQ(solver.simplify(parse("max(s0, s1 + 1)")), s(0));
    }
  }
  // Must not fire: with no known end at 0, != is not a range fact.
  facts = Facts();
  declare();
  addNotEqual(s(0), s(1));
  EXPECT_EQ(Solver(facts).proveLT(s(1), s(0)), Verdict::Unknown);
  EXPECT_EQ(Solver(facts).proveEQ(s(1), s(0)), Verdict::Unknown);
}

INSTANTIATE_TEST_SUITE_P(IntegersAndSizes, SpellingTest,
                         ::testing::Values(false, true));

TEST_F(FactsTest, SpellingsCombine) {
  // s0 - s1 in [2, 10] and 2 * s1 - 2 * s0 in [-14, -6] are facts about one
  // key: together s0 - s1 in [3, 7].
  EXPECT_TRUE(facts.addExprRange(parse("s0 - s1"), Interval(2, 10)));
  EXPECT_TRUE(facts.addExprRange(parse("2 * s1 - 2 * s0"), Interval(-14, -6)));
  EXPECT_EQ(Solver(facts).getRange(parse("s1 - s0")), Interval(-7, -3));
  // A contradicting spelling is reported.
  EXPECT_FALSE(facts.addExprRange(parse("s1 - s0 + 1"), Interval(0, inf)));
}

TEST_F(FactsTest, IntegerRoundingOfScaledFacts) {
  // 2 * x == 1 has no integer solution.
  EXPECT_FALSE(facts.addExprRange(parse("2 * s0"), Interval(1, 1)));
  facts = Facts();
  // 3 * (s0 - s1) in [1, 5] means s0 - s1 in [1, 1].
  EXPECT_TRUE(facts.addExprRange(parse("3 * s0 - 3 * s1"), Interval(1, 5)));
  EXPECT_EQ(Solver(facts).getRange(parse("s1 - s0")), Interval(-1, -1));
  EXPECT_EQ(Solver(facts).proveEQ(s(0), parse("s1 + 1")), Verdict::True);
}

TEST_F(FactsTest, NonLinearKeys) {
  // The key is the whole linear part, non-linear terms included.
  EXPECT_TRUE(facts.addExprRange(parse("s0 * s1 - s2"), Interval(inf, 4)));
  Solver solver(facts);
  EXPECT_EQ(solver.proveLE(parse("s0 * s1"), parse("s2 + 4")), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("2 * s0 * s1 - 2 * s2"), c(8)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("s0 * s1"), parse("s2 + 3")),
            Verdict::Unknown);
  EXPECT_EQ(solver.proveLE(parse("s0 * s1"), s(2)), Verdict::Unknown);
}

TEST_F(FactsTest, ScaledFactsAtTheInt64Edges) {
  constexpr int64_t kMax = INT64_MAX, kMin = INT64_MIN;
  // 3 * (s0 - s1) + (kMax - 2) >= kMax - 2 is s0 >= s1.
  Expr e = parse("3 * s0 - 3 * s1") + (kMax - 2);
  EXPECT_TRUE(facts.addExprRange(e, Interval::atLeast(kMax - 2)));
  EXPECT_EQ(Solver(facts).proveLE(s(1), s(0)), Verdict::True);
  EXPECT_EQ(Solver(facts).getRange(e), Interval(kMax - 2, inf));
  // A bound whose translation overflows int64 is dropped, never wrapped:
  // s0 - s1 + 10 <= kMin + 5 says s0 - s1 <= kMin - 5, not representable.
  facts = Facts();
  EXPECT_TRUE(
      facts.addExprRange(parse("s0 - s1 + 10"), Interval(kMin, kMin + 5)));
  EXPECT_EQ(Solver(facts).getRange(parse("s0 - s1")), Interval::full());
  // An INT64_MIN coefficient: the key keeps a factor that fits.
  facts = Facts();
  Expr big = mul(s(0), kMin);
  ASSERT_TRUE(big);
  ScaledForm f = getScaledForm(big);
  EXPECT_EQ(mul(f.key, f.scale), big);
  EXPECT_TRUE(facts.addExprRange(big, Interval(kMin, 0)));
  Interval r = Solver(facts).getRange(big);
  EXPECT_TRUE(r.contains(kMin) && r.contains(0)) << r.str();
  // -x for x == kMin does not fit: a sum with coefficient kMin and a
  // negative leading coefficient is kept unscaled.
  Expr mixed = add(mul(s(0), kMin), s(1));
  ASSERT_TRUE(mixed);
  ScaledForm g = getScaledForm(mixed);
  EXPECT_EQ(add(mul(g.key, g.scale), g.offset), mixed);
}

TEST_F(FactsTest, ScaledForm) {
  // 6 - 4 * s0 + 6 * s1 == -2 * (2 * s0 - 3 * s1) + 6.
  ScaledForm f = getScaledForm(parse("6 - 4 * s0 + 6 * s1"));
  EXPECT_EQ(f.key.str(), "2 * s0 - 3 * s1");
  EXPECT_EQ(f.scale, -2);
  EXPECT_EQ(f.offset, 6);
  // Every spelling of the same linear part has the same key.
  for (StringRef text :
       {"3 * s1 - 2 * s0", "4 * s0 - 6 * s1 + 1", "-2 * s0 + 3 * s1 - 7"})
    EXPECT_EQ(getScaledForm(parse(text)).key, f.key) << text.str();
  EXPECT_NE(getScaledForm(parse("2 * s0 + 3 * s1")).key, f.key);
  ScaledForm atom = getScaledForm(parse("max(s0, s1)"));
  EXPECT_EQ(atom.key.str(), "max(s0, s1)");
  EXPECT_EQ(atom.scale, 1);
  EXPECT_EQ(atom.offset, 0);
  ScaledForm constant = getScaledForm(c(5));
  EXPECT_FALSE(constant.key);
  EXPECT_EQ(constant.offset, 5);
}

TEST_F(FactsTest, ScopedSpellings) {
  size_t mark = facts.mark();
  facts.addExprRange(parse("2 * s1 - 2 * s0"), Interval(inf, 0));
  EXPECT_EQ(Solver(facts).proveLE(s(1), s(0)), Verdict::True);
  facts.rollback(mark);
  EXPECT_EQ(Solver(facts).proveLE(s(1), s(0)), Verdict::Unknown);
}

TEST_F(FactsTest, FactsNarrowOperands) {
  // max(s0, s1) <= 5 bounds both; max(s0, s1) >= 2 bounds neither.
  facts.addExprRange(parse("max(s0, s1)"), Interval(2, 5));
  Solver solver(facts);
  EXPECT_EQ(solver.getRange(s(0)), Interval(inf, 5));
  EXPECT_EQ(solver.getRange(s(1)), Interval(inf, 5));
  facts = Facts();
  facts.addExprRange(parse("min(s0, s1 + 1)"), Interval(2, 5));
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval(2, inf));
  EXPECT_EQ(Solver(facts).getRange(s(1)), Interval(1, inf));
  // s0 floordiv 4 in [2, 3] iff s0 in [8, 15]; s0 ceildiv 4 in [2, 3] iff
  // s0 in [5, 12].
  facts = Facts();
  facts.addExprRange(parse("s0 floordiv 4"), Interval(2, 3));
  facts.addExprRange(parse("s1 ceildiv 4"), Interval(2, 3));
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval(8, 15));
  EXPECT_EQ(Solver(facts).getRange(s(1)), Interval(5, 12));
  // Must not narrow: a symbolic divisor, and min <= hi.
  facts = Facts();
  facts.addExprRange(parse("s0 floordiv s2"), Interval(2, 3));
  facts.addExprRange(parse("min(s1, 7)"), Interval(inf, 3));
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval::full());
  EXPECT_EQ(Solver(facts).getRange(s(1)), Interval::full());
}

TEST_F(FactsTest, EqualityCarriesTheSymbolsFacts) {
  // s1 (a dim in [3, 5], a multiple of 4 later) is bound to s0 + 2 or s0.
  size(1, Interval(3, 5));
  EXPECT_TRUE(facts.addEquality(1, parse("s0 + 2")));
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval(1, 3));
  facts.addSymbolRange(1, Interval(inf, 4));
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval(1, 2));
  facts = Facts();
  size(1, Interval(1, 8));
  facts.addSymbolDivisor(1, 4);
  EXPECT_TRUE(facts.addEquality(1, s(0)));
  EXPECT_EQ(Solver(facts).getDivisor(s(0)), 4);
  EXPECT_EQ(Solver(facts).getRange(s(0)), Interval(4, 8));
}

//===----------------------------------------------------------------------===//
// Ranges as tight as they are sound
//===----------------------------------------------------------------------===//

TEST_F(FactsTest, FactoredProduct) {
  // (16 - batch) * seq is 16 * seq - batch * seq in the canonical form;
  // bounded term by term it was [-224, 510].
  size(0, Interval(1, 8));
  size(1, Interval(2, 32));
  EXPECT_EQ(Solver(facts).getRange(parse("(16 - s0) * s1")), Interval(16, 480));
  EXPECT_EQ(Solver(facts).getRange(parse("s1 * s0 - 2 * s1 + 3")),
            Interval(-29, 195));
}

TEST_F(FactsTest, FactoringIsExactWhereItShouldBe) {
  expectExactRange("s0 * s1 - 2 * s1 + 5", {{2, 4}, {0, 10}});
  expectExactRange("s0 * s1 - s0", {{-2, 3}, {-1, 1}});
  expectExactRange("s0 * s2 + s1 * s2 - 3 * s2", {{0, 2}, {1, 3}, {-2, 2}});
}

TEST_F(FactsTest, FactoringStaysSound) {
  // Factoring by one atom treats the cofactor's symbols independently:
  // sound, not always exact.
  facts.addSymbolRange(0, Interval(-3, 3));
  facts.addSymbolRange(1, Interval(-2, 2));
  Expr e = parse("s0 * s1 - s0 * s0 + s1");
  Interval r = Solver(facts).getRange(e);
  EXPECT_TRUE(r.contains(exactRange(e, {{-3, 3}, {-2, 2}}))) << r.str();
}

TEST_F(FactsTest, DivisionAgainstItsOwnDividend) {
  expectExactRange("s0 - s0 floordiv 2", {{0, 10}});
  expectExactRange("s0 - s0 ceildiv 2", {{0, 10}});
  expectExactRange("s0 + s0 mod 2", {{0, 9}});
  expectExactRange("(s0 + 1) floordiv 2 - s0 floordiv 2", {{-7, 9}});
  expectExactRange("5 - 2 * s0 + (3 * s0) floordiv 2", {{-6, 0}});
  expectExactRange("s0 - s0 mod 4", {{-5, 13}});
}

TEST_F(FactsTest, MaxMinDistributeOverASum) {
  expectExactRange("max(s0, s1) - s0", {{0, 10}, {0, 10}});
  expectExactRange("s0 - min(s0, s1, 6)", {{4, 6}, {4, 10}});
  expectExactRange("-s1 + max(s0, 3) + min(s1, 2)", {{3, 5}, {-6, 1}});
}

TEST_F(FactsTest, MaxMinWithCancellingOperands) {
  expectExactRange("max(s0, 4 - s0)", {{0, 8}});
  expectExactRange("min(s0, 1 - s0)", {{-3, 2}});
  expectExactRange("max(s2 - s0, -3 * s2) - 3", {{3, 6}, {0, 0}, {0, 5}});
}

TEST_F(FactsTest, Quadratics) {
  expectExactRange("s0 * s0 - 6 * s0 + 14", {{0, 5}});
  expectExactRange("3 * s0 * s0 + 18 * s0", {{-2, -1}});
  expectExactRange("-s0 * s0 + 3 * s0 + s1", {{-4, 4}, {0, 2}});
  // Unbounded: a convex parabola has a minimum and no maximum.
  facts = Facts();
  EXPECT_EQ(Solver(facts).getRange(parse("s0 * s0 - 6 * s0 + 14")),
            Interval(5, inf));
  EXPECT_EQ(Solver(facts).getRange(parse("-s0 * s0 - 1")), Interval(inf, -1));
}

TEST_F(FactsTest, ModOfAFewMultiples) {
  // s0 is a multiple of 64 in [64, 512]: s0 mod 128 is 0 or 64.
  size(0, Interval(64, 512));
  facts.addSymbolDivisor(0, 64);
  EXPECT_EQ(Solver(facts).getRange(parse("s0 mod 128")), Interval(0, 64));
  // s0 mod 2 of the constant-range value 3 is 1.
  facts = Facts();
  facts.addSymbolRange(0, Interval(3, 3));
  facts.addSymbolRange(1, Interval(9, 11));
  EXPECT_EQ(Solver(facts).getRange(parse("(s1 * 0 + s0 * 5) mod 4")),
            Interval(3, 3));
  EXPECT_EQ(Solver(facts).getRange(parse("s1 mod 8")), Interval(1, 3));
  EXPECT_EQ(Solver(facts).getRange(parse("s1 mod 10")), Interval(0, 9));
}

TEST_F(FactsTest, SymbolicSelfDivision) {
  facts.addSymbolRange(0, Interval(-5, -1));
  facts.addSymbolRange(1, Interval(2, 3));
  Solver solver(facts);
  EXPECT_EQ(solver.getRange(parse("s0 floordiv s0")), Interval(1, 1));
  EXPECT_EQ(solver.getRange(parse("(s0 * s1) floordiv s0")), Interval(2, 3));
  EXPECT_EQ(solver.getRange(parse("(s0 * s1) mod s0")), Interval(0, 0));
  // Must not: s2 may be 0 (the division is undefined there; its range is
  // unknown).
  EXPECT_EQ(solver.getRange(parse("(s2 * s1) floordiv s2")), Interval::full());
}

//===----------------------------------------------------------------------===//
// Division proofs with integer rounding
//===----------------------------------------------------------------------===//

TEST_F(FactsTest, DivisionProofsRound) {
  size(0, Interval(1, inf));
  Solver solver(facts);
  // 2 * (h floordiv 2 + 1 - h) <= 2 - h + ... : c * e >= h - 2 >= -1 means
  // e >= 0 for an integer e.
  EXPECT_EQ(solver.proveLE(parse("s0 floordiv 2 + 1"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLT(parse("s0 floordiv 2"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("(s0 + 1) floordiv 2"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("s0 floordiv 3 + 1"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("s0 ceildiv 2"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("s0 mod 2"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveGT(parse("s0 floordiv 2"), s(0)), Verdict::False);
  EXPECT_EQ(solver.proveGE(parse("s0 floordiv 2"), parse("s0 + 1")),
            Verdict::False);
  EXPECT_EQ(solver.getRange(parse("s0 - s0 floordiv 2 - 1")), Interval(0, inf));
  // Must not prove: h == 1 breaks h floordiv 2 + 1 < h, h == 2 breaks
  // h floordiv 2 + 2 <= h.
  EXPECT_EQ(solver.proveLT(parse("s0 floordiv 2 + 1"), s(0)), Verdict::Unknown);
  EXPECT_EQ(solver.proveLE(parse("s0 floordiv 2 + 2"), s(0)), Verdict::Unknown);
  EXPECT_EQ(solver.proveLT(parse("s0 ceildiv 2"), s(0)), Verdict::Unknown);
}

TEST_F(FactsTest, DivisionProofsRoundMustNotFireAtZero) {
  // h in [0, inf]: h == 0 breaks h floordiv 2 + 1 <= h.
  size(0);
  Solver solver(facts);
  EXPECT_EQ(solver.proveLE(parse("s0 floordiv 2 + 1"), s(0)), Verdict::Unknown);
  EXPECT_EQ(solver.proveLT(parse("s0 floordiv 2"), s(0)), Verdict::Unknown);
  EXPECT_EQ(solver.proveLE(parse("s0 ceildiv 2"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLE(parse("s0 mod 3"), s(0)), Verdict::True);
  EXPECT_EQ(solver.proveLT(parse("s0 mod 3"), s(0)), Verdict::Unknown);
  // An integer unknown may be negative: h floordiv 2 <= h fails at -1.
  EXPECT_EQ(solver.proveLE(parse("s1 floordiv 2"), s(1)), Verdict::Unknown);
  EXPECT_EQ(solver.proveLE(parse("s1 floordiv 2 + 1"), s(1)), Verdict::Unknown);
  facts.addSymbolRange(1, Interval(inf, -2));
  EXPECT_EQ(Solver(facts).proveLE(parse("s1 floordiv 2 + 1"), s(1)),
            Verdict::False);
}

TEST_F(FactsTest, DivisionProofsAgainstTheDividendOfAGroup) {
  // ceildiv against its dividend at the lower end: s0 >= 2 gives
  // s0 ceildiv 2 < s0 (2 * e >= s0 - 3 >= -1).
  size(0, Interval(2, inf));
  EXPECT_EQ(Solver(facts).proveLT(parse("s0 ceildiv 2"), s(0)), Verdict::True);
  EXPECT_EQ(Solver(facts).proveLE(parse("s0 ceildiv 2 + 1"), s(0)),
            Verdict::True);
  // Must not: s0 == 2 breaks s0 ceildiv 2 + 2 <= s0.
  EXPECT_EQ(Solver(facts).proveLE(parse("s0 ceildiv 2 + 2"), s(0)),
            Verdict::Unknown);
}

} // namespace
