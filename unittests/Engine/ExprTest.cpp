//===- ExprTest.cpp - Tests of the canonical expression store -------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Expr.h"

#include "gtest/gtest.h"

#include <atomic>
#include <functional>
#include <random>
#include <set>
#include <thread>
#include <vector>

using namespace symshape;

namespace {

class ExprTest : public ::testing::Test {
protected:
  Expr c(int64_t v) { return ctx.getConstant(v); }
  Expr s(unsigned i) { return ctx.getSymbol(i); }
  Expr parse(StringRef text) {
    std::string error;
    Expr e = parseExpr(ctx, text, &error);
    EXPECT_TRUE(e) << "failed to parse '" << text.str() << "': " << error;
    return e;
  }
  std::string canon(StringRef text) { return parse(text).str(); }

  ExprContext ctx;
};

TEST_F(ExprTest, EqualFormsAreTheSameObject) {
  EXPECT_EQ(s(0) + s(1), s(1) + s(0));
  EXPECT_EQ((s(0) + 1) * (s(1) + 1), s(0) * s(1) + s(0) + s(1) + 1);
  EXPECT_EQ(max(s(0), s(1)), max(s(1), s(0)));
  EXPECT_EQ(max(s(0), max(s(1), s(2))), max(max(s(0), s(1)), s(2)));
  EXPECT_EQ(s(0) * 2 - s(0), s(0));
  EXPECT_NE(s(0), s(1));
}

TEST_F(ExprTest, ConstantsFold) {
  EXPECT_EQ(c(2) + c(3), c(5));
  EXPECT_EQ(c(2) * c(3), c(6));
  EXPECT_EQ(floorDiv(c(-7), c(2)), c(-4));
  EXPECT_EQ(ceilDiv(c(-7), c(2)), c(-3));
  EXPECT_EQ(mod(c(-7), c(3)), c(2));
  EXPECT_EQ(mod(c(7), c(-3)), c(-2));
  EXPECT_EQ(max({c(2), c(9), c(4)}), c(9));
  EXPECT_EQ(min({c(2), c(9), c(-4)}), c(-4));
}

TEST_F(ExprTest, RelationalCancellation) {
  EXPECT_EQ((s(0) + 1) - s(0), c(1));
  EXPECT_EQ(s(0) * s(1) - s(1) * s(0), c(0));
}

TEST_F(ExprTest, MaxMinByConstantDifference) {
  EXPECT_EQ(max(s(0), s(0) + 1), s(0) + 1);
  EXPECT_EQ(min(s(0), s(0) + 1), s(0));
  EXPECT_EQ(max({s(0) - 3, s(0) + 2, s(0)}), s(0) + 2);
  // Different symbols are never decided without facts.
  EXPECT_EQ(max(s(0), s(2)).getKind(), ExprKind::Max);
  // min(s0, max(s0, s2)) needs the prover, not the store.
  EXPECT_EQ(min(s(0), max(s(0), s(2))).getKind(), ExprKind::Min);
}

TEST_F(ExprTest, ExactDivisionLeavesTheDivision) {
  EXPECT_EQ(floorDiv((s(0) * 5) * 7, 5), s(0) * 7);
  EXPECT_EQ(floorDiv(s(0) * 2 + 1, 2), s(0));
  EXPECT_EQ(mod(s(0) * 4, 4), c(0));
  EXPECT_EQ(ceilDiv(s(0) * 6, 3), s(0) * 2);
  // Not exact: the division stays an atom, never a rational.
  Expr d = floorDiv(s(0) + 1, 2);
  EXPECT_EQ(d.getKind(), ExprKind::FloorDiv);
  EXPECT_EQ(d.str(), "(s0 + 1) floordiv 2");
}

TEST_F(ExprTest, DivisionNormalization) {
  EXPECT_EQ(canon("(4 * s0) floordiv 6"), "(2 * s0) floordiv 3");
  EXPECT_EQ(canon("(s0 floordiv 2) floordiv 3"), "s0 floordiv 6");
  EXPECT_EQ(canon("(s0 ceildiv 2) ceildiv 3"), "s0 ceildiv 6");
  // A constant between the divisions moves inside: the stages of a
  // convolution network.
  EXPECT_EQ(canon("((s0 + 1) floordiv 2 + 1) floordiv 2"),
            "(s0 + 3) floordiv 4");
  EXPECT_EQ(canon("(s0 floordiv 3 + 2) floordiv 5"), "(s0 + 6) floordiv 15");
  EXPECT_EQ(canon("(s0 ceildiv 2 + 1) ceildiv 3"), "(s0 + 2) ceildiv 6");
  EXPECT_EQ(canon("(s0 floordiv 2 - 1) floordiv 2"), "(s0 + 2) floordiv 4 - 1");
  // Not with another coefficient on the inner division, nor with two.
  EXPECT_EQ(canon("(3 * (s0 floordiv 2) + 1) floordiv 2"),
            "(3 * (s0 floordiv 2) + 1) floordiv 2");
  EXPECT_EQ(canon("(s0 floordiv 2 + s1 floordiv 2 + 1) floordiv 2"),
            "(s0 floordiv 2 + s1 floordiv 2 + 1) floordiv 2");
  EXPECT_EQ(canon("(s0 mod 8) mod 4"), "s0 mod 4");
  EXPECT_EQ(canon("(s0 mod 4) mod 8"), "(s0 mod 4) mod 8");
  EXPECT_EQ(canon("(6 * s0 + 4) mod 4"), "2 * (s0 mod 2)");
  EXPECT_EQ(canon("s0 floordiv -3"), "(-s0) floordiv 3");
  EXPECT_EQ(canon("s0 floordiv 1"), "s0");
  EXPECT_EQ(canon("s0 mod 1"), "0");
}

TEST_F(ExprTest, DivisionByZeroIsNull) {
  EXPECT_FALSE(floorDiv(s(0), 0));
  EXPECT_FALSE(ceilDiv(s(0), c(0)));
  EXPECT_FALSE(mod(s(0), 0));
  // A symbolic divisor may be zero at run time: the node is kept.
  EXPECT_TRUE(floorDiv(s(0), s(1)));
}

TEST_F(ExprTest, OverflowIsNullAndPropagates) {
  Expr big = c(INT64_MAX);
  EXPECT_FALSE(big + 1);
  EXPECT_FALSE(c(INT64_MIN) - 1);
  EXPECT_FALSE(s(0) * INT64_MAX * 2);
  EXPECT_FALSE(-c(INT64_MIN));
  EXPECT_FALSE(floorDiv(c(INT64_MIN), -1));
  Expr null;
  EXPECT_FALSE(null + s(0));
  EXPECT_FALSE(max(s(0), null));
  EXPECT_FALSE(floorDiv(null, 2));
  EXPECT_TRUE(c(INT64_MIN) + 0);
}

TEST_F(ExprTest, PrintParseRoundTrip) {
  const char *cases[] = {
      "s0",
      "16 - s0",
      "2 * s1 * (s0 floordiv 3)",
      "-(s0 floordiv 2)",
      "-s0 * s1",
      "max(s0, s1, 5)",
      "min(128 * s0, 512 * s0)",
      "(s0 * s1) floordiv s2",
      "(-3) floordiv s0",
      "-((2 * s0) mod 3)",
      "s0 * s0 * s1 - 3 * s0 + 7",
      "max(s0, -3) - 1",
      "-9223372036854775808",
      "(s0 + 1) ceildiv 2 + 1",
  };
  for (const char *text : cases) {
    Expr e = parse(text);
    EXPECT_EQ(e.str(), text);
    EXPECT_EQ(parse(e.str()), e);
  }
}

TEST_F(ExprTest, ParseErrors) {
  std::string error;
  EXPECT_FALSE(parseExpr(ctx, "s0 +", &error));
  EXPECT_NE(error.find("expected an integer"), std::string::npos) << error;
  EXPECT_FALSE(parseExpr(ctx, "s0 floordiv 0", &error));
  EXPECT_NE(error.find("division by zero"), std::string::npos) << error;
  EXPECT_FALSE(parseExpr(ctx, "x + 1", &error));
  EXPECT_NE(error.find("unknown identifier 'x'"), std::string::npos) << error;
  EXPECT_FALSE(parseExpr(ctx, "s0 s1", &error));
  EXPECT_NE(error.find("trailing"), std::string::npos) << error;
  EXPECT_FALSE(parseExpr(ctx, "99999999999999999999", &error));
  EXPECT_NE(error.find("does not fit"), std::string::npos) << error;
  EXPECT_FALSE(parseExpr(ctx, "9223372036854775808", &error));
  EXPECT_TRUE(parseExpr(ctx, "-9223372036854775808", &error));
}

TEST_F(ExprTest, Evaluate) {
  Expr e = parse("max(s0, s1 + 1) * 4 - 16 - s0 floordiv 3");
  EXPECT_EQ(evaluate(e, {7, 2}), std::optional<int64_t>(4 * 7 - 16 - 2));
  EXPECT_EQ(evaluate(e, {-7, 2}), std::optional<int64_t>(4 * 3 - 16 + 3));
  EXPECT_EQ(evaluate(parse("s0 mod s1"), {7, 0}), std::nullopt);
  EXPECT_EQ(evaluate(parse("s0 * s0"), {int64_t(1) << 32}), std::nullopt);
  EXPECT_EQ(evaluate(parse("s3"), {1, 2}), std::nullopt);
}

TEST_F(ExprTest, SubstituteAndRenumber) {
  Expr e = parse("max(s0, s1) floordiv 2");
  EXPECT_EQ(substitute(e, {s(1), s(1)}), floorDiv(s(1), 2));
  EXPECT_EQ(substitute(e, {c(9), c(4)}), c(4));
  EXPECT_EQ(renumberSymbols(e, {3, 0}), parse("max(s0, s3) floordiv 2"));
  EXPECT_EQ(e.getNumSymbolsUsed(), 2u);
  EXPECT_TRUE(e.usesSymbol(1));
  EXPECT_FALSE(e.usesSymbol(2));
}

/// Canonical forms must agree with evaluation: for random expressions and
/// random values, building the expression and evaluating it equals
/// evaluating the same tree naively.
TEST_F(ExprTest, RandomBuildersAgreeWithEvaluation) {
  std::mt19937_64 rng(1234);
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  struct Node {
    Expr expr;
    std::function<std::optional<int64_t>(ArrayRef<int64_t>)> eval;
  };
  std::function<Node(int)> gen = [&](int depth) -> Node {
    if (depth == 0 || pick(4) == 0) {
      if (pick(2)) {
        int64_t v = pick(11) - 5;
        return {c(v), [v](ArrayRef<int64_t>) { return v; }};
      }
      unsigned i = pick(3);
      return {s(i), [i](ArrayRef<int64_t> x) { return x[i]; }};
    }
    Node a = gen(depth - 1), b = gen(depth - 1);
    int64_t k = pick(5) + 1;
    switch (pick(7)) {
    case 0:
      return {a.expr + b.expr, [=](ArrayRef<int64_t> x) {
                auto p = a.eval(x), q = b.eval(x);
                return p && q ? std::optional<int64_t>(*p + *q) : std::nullopt;
              }};
    case 1:
      return {a.expr - b.expr, [=](ArrayRef<int64_t> x) {
                auto p = a.eval(x), q = b.eval(x);
                return p && q ? std::optional<int64_t>(*p - *q) : std::nullopt;
              }};
    case 2:
      return {a.expr * b.expr, [=](ArrayRef<int64_t> x) {
                auto p = a.eval(x), q = b.eval(x);
                return p && q ? std::optional<int64_t>(*p * *q) : std::nullopt;
              }};
    case 3:
      return {floorDiv(a.expr, k), [=](ArrayRef<int64_t> x) {
                auto p = a.eval(x);
                if (!p)
                  return std::optional<int64_t>();
                int64_t q = *p / k;
                if (*p % k != 0 && *p < 0)
                  --q;
                return std::optional<int64_t>(q);
              }};
    case 4:
      return {mod(a.expr, k), [=](ArrayRef<int64_t> x) {
                auto p = a.eval(x);
                if (!p)
                  return std::optional<int64_t>();
                int64_t r = *p % k;
                return std::optional<int64_t>(r < 0 ? r + k : r);
              }};
    case 5:
      return {max(a.expr, b.expr), [=](ArrayRef<int64_t> x) {
                auto p = a.eval(x), q = b.eval(x);
                return p && q ? std::optional<int64_t>(std::max(*p, *q))
                              : std::nullopt;
              }};
    default:
      return {ceilDiv(a.expr, k), [=](ArrayRef<int64_t> x) {
                auto p = a.eval(x);
                if (!p)
                  return std::optional<int64_t>();
                int64_t q = *p / k;
                if (*p % k != 0 && *p > 0)
                  ++q;
                return std::optional<int64_t>(q);
              }};
    }
  };
  int checked = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    Node n = gen(4);
    ASSERT_TRUE(n.expr);
    // Round trip through text.
    ASSERT_EQ(parse(n.expr.str()), n.expr) << n.expr.str();
    for (int trial = 0; trial < 5; ++trial) {
      int64_t vals[3] = {int64_t(pick(21)) - 10, int64_t(pick(21)) - 10,
                         int64_t(pick(21)) - 10};
      auto expected = n.eval(vals);
      auto actual = evaluate(n.expr, vals);
      ASSERT_EQ(actual, expected) << n.expr.str();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 15000);
}

TEST_F(ExprTest, ConcurrentUniquing) {
  // Threads build the same expressions in different orders: every one is
  // the same object in all threads. The forms cover the lock-free caches
  // (small constants, low symbol positions), their edges and the values
  // past them, and composite nodes in every shard.
  constexpr int kThreads = 4;
  auto build = [&](int i) {
    int64_t k = i * 37 - 400;
    Expr big = c(int64_t(1) << 40) + c(k);
    Expr sym = s(static_cast<unsigned>((i * 13) % 2100));
    return max(sym * (i % 7) + s(1) + c(k), floorDiv(s(2) + big, 3));
  };
  constexpr int kForms = 600;
  std::vector<std::vector<Expr>> results(kThreads, std::vector<Expr>(kForms));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int j = 0; j < kForms; ++j) {
        int i = t % 2 ? kForms - 1 - j : (j * 7 + t) % kForms;
        results[t][i] = build(i);
      }
    });
  }
  for (auto &th : threads)
    th.join();
  for (int i = 0; i < kForms; ++i) {
    for (int t = 1; t < kThreads; ++t)
      EXPECT_EQ(results[t][i], results[0][i]) << "form " << i;
    EXPECT_EQ(results[0][i], build(i)) << "form " << i;
  }
  EXPECT_NE(results[0][0], results[0][1]);
  // The cache edges hold the right values.
  for (int64_t v : {int64_t(-65), int64_t(-64), int64_t(-1), int64_t(0),
                    int64_t(1), int64_t(1023), int64_t(1024), int64_t(1) << 40})
    EXPECT_EQ(c(v).getConstantValue(), v);
  for (unsigned p : {0u, 1023u, 1024u, 5000u})
    EXPECT_EQ(s(p).getSymbolPosition(), p);
}

TEST_F(ExprTest, DeterministicOrderAcrossContexts) {
  // The canonical order does not depend on allocation addresses: building
  // the same expression in another context, in another order, prints the
  // same.
  ExprContext other;
  Expr a = max(s(2), s(0) * s(1)) + floorDiv(s(1), 3) - s(0);
  Expr b = floorDiv(other.getSymbol(1), 3) - other.getSymbol(0) +
           max(other.getSymbol(0) * other.getSymbol(1), other.getSymbol(2));
  EXPECT_EQ(a.str(), b.str());
}

TEST_F(ExprTest, SumsExtendedByOneTermAreLinked) {
  // s0 + s2 + s3 + ... + s9: as wide as a linked sum's shorter sum must be.
  Expr p = s(0);
  for (unsigned i = 2; i < 2 + Expr::kMinExtendedSumTerms; ++i)
    p = p + s(i);
  ASSERT_EQ(p.getOperands().size(), Expr::kMinExtendedSumTerms + 1);
  // The added term sorts between the others: the link says where.
  Expr e = p + s(1);
  ASSERT_EQ(e.getExtendedSum(), p);
  EXPECT_EQ(e.getExtensionIndex(), 1u);
  // A term added first, and one with a coefficient.
  Expr f = linearCombination({s(20), e}, {5, 1});
  ASSERT_EQ(f.getExtendedSum(), e);
  EXPECT_EQ(f.getExtensionIndex(), e.getOperands().size());
  EXPECT_EQ(f.getCoefficients().back(), 5);
  // Not one term more: a constant changes, a coefficient adds up, a term
  // cancels; and a symbol or a product is not a sum.
  EXPECT_FALSE((p + 5).getExtendedSum());
  EXPECT_FALSE((p + s(0)).getExtendedSum());
  EXPECT_FALSE((e - s(0)).getExtendedSum());
  EXPECT_FALSE(s(0).getExtendedSum());
  EXPECT_FALSE((s(0) * s(1)).getExtendedSum());
  // Narrow sums are not linked.
  EXPECT_FALSE((s(0) + s(2) + s(1)).getExtendedSum());
}

TEST_F(ExprTest, SumsExtendingOneSumAreUniquedByTheirAddedTerm) {
  // A sum that extends another by one term is hashed from that sum's hash
  // and found by comparing the added term alone when the node it meets
  // extends the same sum at the same position: the store must still tell
  // apart sums that differ only in that term or its coefficient, and find
  // a sum built either way whichever way built it first.
  Expr p = s(0);
  for (unsigned i = 2; i < 2 + Expr::kMinExtendedSumTerms; ++i)
    p = p + s(i);
  Expr a = p + s(20);
  Expr b = p + s(21);
  Expr twice = linearCombination({p, s(20)}, {1, 2});
  Expr minus = linearCombination({p, s(20)}, {1, -1});
  ASSERT_EQ(a.getExtendedSum(), p);
  ASSERT_EQ(b.getExtendedSum(), p);
  ASSERT_EQ(a.getExtensionIndex(), b.getExtensionIndex());
  EXPECT_NE(a, b);
  EXPECT_NE(a, twice);
  EXPECT_NE(a, minus);
  EXPECT_NE(twice, minus);
  EXPECT_EQ(p + s(20), a);
  EXPECT_EQ(linearCombination({p, s(20)}, {1, 2}), twice);
  // The symbols used: the shorter sum's and the added term's.
  SmallVector<unsigned> expected(p.getSymbolsUsed());
  expected.push_back(20);
  EXPECT_EQ(a.getSymbolsUsed(), ArrayRef<unsigned>(expected));
  // A product added: both its symbols, one of them between the sum's.
  Expr product = p + s(30) * s(1);
  ASSERT_EQ(product.getExtendedSum(), p);
  expected.back() = 30;
  expected.push_back(1);
  llvm::sort(expected);
  EXPECT_EQ(product.getSymbolsUsed(), ArrayRef<unsigned>(expected));
  // The general path (all terms as separate operands) finds the linked
  // node; and where it builds first, the linked path finds its node.
  SmallVector<Expr> terms(p.getOperands());
  SmallVector<int64_t> ones(terms.size(), 1);
  terms.push_back(s(20));
  ones.push_back(1);
  EXPECT_EQ(linearCombination(terms, ones), a);
  terms.back() = s(22);
  Expr general = linearCombination(terms, ones);
  EXPECT_FALSE(general.getExtendedSum());
  EXPECT_EQ(p + s(22), general);
}

// A node's symbol set is the sorted union of its operands' sets, on every
// path that builds it: a sum extended by a term with few symbols or with as
// many as the sum; a few operands with sets of like sizes, or one wide set
// and a few symbols (inserted); many operands, one of them wide (the others
// inserted) or none (sorted runs merged); symbols already in the wide set.
TEST_F(ExprTest, SymbolSetsAreTheUnionOfTheOperands) {
  std::mt19937_64 rng(99);
  auto pick = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  std::function<void(Expr, std::set<unsigned> &)> collect =
      [&](Expr e, std::set<unsigned> &out) {
        if (e.isSymbol())
          out.insert(e.getSymbolPosition());
        for (Expr op : e.getOperands())
          collect(op, out);
      };
  auto check = [&](Expr e) {
    ASSERT_TRUE(e);
    std::set<unsigned> want;
    collect(e, want);
    SmallVector<unsigned> sorted(want.begin(), want.end());
    EXPECT_EQ(e.getSymbolsUsed(), ArrayRef<unsigned>(sorted)) << e.str();
  };
  auto sumOf = [&](unsigned n, unsigned range) {
    Expr sum = c(0);
    for (unsigned i = 0; i < n; ++i)
      sum = sum + s(pick(range)) * c(1 + pick(3));
    return sum;
  };
  for (int trial = 0; trial < 20; ++trial) {
    // A chain of maxes over dims, some repeated: nests once wider than
    // kMaxFlattenedWidth, and each step adds one symbol to a wide set.
    Expr chain = s(pick(300));
    for (int i = 0; i < 60; ++i) {
      chain = max({chain, s(pick(300))});
      check(chain);
    }
    // The wide max with a few dims, two to six operands, some of them in
    // its set already.
    SmallVector<Expr> few{chain};
    for (unsigned i = 0, n = 1 + pick(6); i < n; ++i) {
      few.push_back(
          pick(2)
              ? s(pick(300))
              : s(chain.getSymbolsUsed()[pick(chain.getSymbolsUsed().size())]));
      check(max(few));
      check(min(few));
    }
    // Operands with sets of like sizes: a few, and many.
    SmallVector<Expr> like;
    for (unsigned i = 0, n = 2 + pick(8); i < n; ++i) {
      like.push_back(sumOf(3 + pick(4), 40));
      check(max(like));
    }
    // A wide sum extended by terms with one symbol, with a product of two,
    // and by a sum as wide as it.
    Expr sum = sumOf(40, 200);
    check(sum);
    for (int i = 0; i < 10; ++i) {
      sum = sum + (pick(2) ? s(pick(200)) : s(pick(200)) * s(pick(200)));
      check(sum);
    }
    check(sum + sumOf(40, 200));
  }
}

TEST_F(ExprTest, AddingOneTermBuildsWhatTheGeneralPathBuilds) {
  // A sum plus one monomial is built by inserting the term; linear
  // combinations of three operands take the general path (sort and merge).
  // Both give the same node, and overflow on the same inputs, over terms
  // inserted anywhere, equal to a term (coefficients adding up or
  // cancelling) or not, and coefficients at the ends of int64.
  std::mt19937_64 rng(77);
  const int64_t coefficients[] = {1,
                                  -1,
                                  2,
                                  INT64_MAX,
                                  INT64_MIN,
                                  INT64_MAX - 1,
                                  INT64_MIN + 1,
                                  int64_t(1) << 62,
                                  -(int64_t(1) << 62)};
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  auto monomial = [&]() {
    switch (pick(3)) {
    case 0:
      return s(pick(16));
    case 1:
      return s(pick(4)) * s(pick(4));
    default:
      return max(s(pick(4)), c(static_cast<int64_t>(pick(3))));
    }
  };
  int linked = 0;
  for (int round = 0; round < 2000; ++round) {
    SmallVector<Expr> terms;
    SmallVector<int64_t> coeffs;
    for (size_t i = 0, n = 2 + pick(14); i < n; ++i) {
      terms.push_back(monomial());
      coeffs.push_back(coefficients[pick(std::size(coefficients))]);
    }
    int64_t constant = coefficients[pick(std::size(coefficients))] / 2;
    Expr sum = linearCombination(terms, coeffs, constant);
    if (!sum || sum.getKind() != ExprKind::Add)
      continue;
    Expr t = monomial();
    int64_t k = coefficients[pick(std::size(coefficients))];
    int64_t extra = pick(2) ? 0 : coefficients[pick(std::size(coefficients))];
    bool first = pick(2);
    Expr fast = first ? linearCombination({t, sum}, {k, 1}, extra)
                      : linearCombination({sum, t}, {1, k}, extra);
    // The general path: the sum's terms as separate operands.
    SmallVector<Expr> all(sum.getOperands());
    SmallVector<int64_t> allCoeffs(sum.getCoefficients());
    all.insert(first ? all.begin() : all.end(), t);
    allCoeffs.insert(first ? allCoeffs.begin() : allCoeffs.end(), k);
    Expr slow = linearCombination(all, allCoeffs, 0);
    if (slow)
      slow = linearCombination({slow, c(1)}, {1, sum.getAddConstant()}, extra);
    EXPECT_EQ(fast, slow) << (fast ? fast.str() : "null") << " vs "
                          << (slow ? slow.str() : "null");
    if (fast && fast.getExtendedSum() == sum)
      ++linked;
    if (k == 1 && extra == 0) {
      Expr added = first ? t + sum : sum + t;
      EXPECT_EQ(added, fast);
    }
  }
  EXPECT_GT(linked, 100);
}

} // namespace
