//===- IntervalTest.cpp - Tests of interval arithmetic
//-----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Interval.h"

#include "gtest/gtest.h"

using namespace symshape;

namespace {

constexpr int64_t kMax = INT64_MAX;
constexpr int64_t kMin = INT64_MIN;
const std::nullopt_t inf = std::nullopt;

TEST(IntervalTest, Printing) {
  EXPECT_EQ(Interval(1, 10).str(), "[1, 10]");
  EXPECT_EQ(Interval(0, inf).str(), "[0, inf]");
  EXPECT_EQ(Interval(inf, -3).str(), "[-inf, -3]");
  EXPECT_EQ(Interval::full().str(), "[-inf, inf]");
  EXPECT_EQ(Interval::empty().str(), "[empty]");
}

TEST(IntervalTest, AddSub) {
  EXPECT_EQ(Interval(1, 10) + Interval(2, 3), Interval(3, 13));
  EXPECT_EQ(Interval(1, inf) + Interval(2, 3), Interval(3, inf));
  EXPECT_EQ(Interval(inf, 1) + Interval(1, inf), Interval::full());
  // 16 - s over s in [1, 16] is [0, 15], not the corner box (15, 0).
  EXPECT_EQ(Interval::point(16) - Interval(1, 16), Interval(0, 15));
  // inf - inf is never formed: [0, inf] - [0, inf] is the full range.
  EXPECT_EQ(Interval(0, inf) - Interval(0, inf), Interval::full());
}

TEST(IntervalTest, OverflowSaturatesToUnbounded) {
  EXPECT_EQ(Interval(kMax, kMax) + Interval::point(1), Interval(inf, inf));
  EXPECT_EQ(Interval(0, kMax) + Interval(0, 1), Interval(0, inf));
  EXPECT_EQ(Interval(kMin, 0) - Interval(0, 1), Interval(inf, 0));
  EXPECT_EQ(-Interval(kMin, 5), Interval(-5, inf));
  EXPECT_EQ(Interval(int64_t(1) << 40, int64_t(1) << 40) *
                Interval(int64_t(1) << 40, int64_t(1) << 40),
            Interval(inf, inf));
  EXPECT_EQ(Interval(2, int64_t(1) << 62) * Interval(2, 4), Interval(4, inf));
  // A product that overflows negatively saturates the lower bound only.
  EXPECT_EQ(Interval(-(int64_t(1) << 62), -1) * Interval(1, 4),
            Interval(inf, -1));
}

TEST(IntervalTest, Multiplication) {
  EXPECT_EQ(Interval(2, 10) * Interval(2, 10), Interval(4, 100));
  EXPECT_EQ(Interval(-2, 3) * Interval(-5, 4), Interval(-15, 12));
  // 0 * inf is 0.
  EXPECT_EQ(Interval::point(0) * Interval::full(), Interval::point(0));
  EXPECT_EQ(Interval(0, 2) * Interval(0, inf), Interval(0, inf));
  EXPECT_EQ(Interval(1, inf) * Interval(-1, -1), Interval(inf, -1));
  EXPECT_EQ(power(Interval(-3, 2), 2), Interval(0, 9));
  EXPECT_EQ(power(Interval(-3, -2), 2), Interval(4, 9));
  EXPECT_EQ(power(Interval(-3, 2), 3), Interval(-27, 8));
  EXPECT_EQ(power(Interval(inf, 2), 2), Interval(0, inf));
}

TEST(IntervalTest, Division) {
  EXPECT_EQ(floorDiv(Interval(0, 9), Interval::point(2)), Interval(0, 4));
  EXPECT_EQ(floorDiv(Interval(-7, 7), Interval::point(2)), Interval(-4, 3));
  EXPECT_EQ(ceilDiv(Interval(-7, 7), Interval::point(2)), Interval(-3, 4));
  EXPECT_EQ(floorDiv(Interval(-7, 7), Interval::point(-2)), Interval(-4, 3));
  EXPECT_EQ(floorDiv(Interval(0, 100), Interval(1, inf)), Interval(0, 100));
  EXPECT_EQ(floorDiv(Interval(-5, 10), Interval(1, inf)), Interval(-5, 10));
  EXPECT_EQ(floorDiv(Interval(1, inf), Interval(2, 4)), Interval(0, inf));
  // A divisor range containing 0: unknown.
  EXPECT_TRUE(floorDiv(Interval(1, 2), Interval(-1, 1)).isFull());
  EXPECT_TRUE(ceilDiv(Interval(1, 2), Interval(0, 4)).isFull());
  EXPECT_TRUE(mod(Interval(1, 2), Interval(0, 0)).isFull());
  // INT64_MIN / -1 overflows: unbounded above.
  EXPECT_EQ(floorDiv(Interval::point(kMin), Interval::point(-1)),
            Interval(inf, inf));
}

TEST(IntervalTest, DivisionOfUnboundedRangesKeepsTheQuotientsSign) {
  // Where both are unbounded on one side, the quotient there is >= 0 for
  // operands of one sign and <= -1 for operands of opposite signs.
  EXPECT_EQ(floorDiv(Interval(0, inf), Interval(1, inf)), Interval(0, inf));
  EXPECT_EQ(floorDiv(Interval(1, inf), Interval(1, inf)), Interval(0, inf));
  EXPECT_EQ(floorDiv(Interval(inf, -1), Interval(inf, -1)), Interval(0, inf));
  EXPECT_EQ(floorDiv(Interval(1, inf), Interval(inf, -1)), Interval(inf, -1));
  EXPECT_EQ(floorDiv(Interval(inf, -1), Interval(1, inf)), Interval(inf, -1));
  // The other corners still bound it.
  EXPECT_EQ(floorDiv(Interval(inf, 5), Interval(2, inf)), Interval(inf, 2));
  EXPECT_EQ(floorDiv(Interval(-5, inf), Interval(2, inf)), Interval(-3, inf));
  EXPECT_EQ(ceilDiv(Interval(1, inf), Interval(1, inf)), Interval(1, inf));
  EXPECT_EQ(ceilDiv(Interval(0, inf), Interval(2, inf)), Interval(0, inf));
  EXPECT_TRUE(floorDiv(Interval::full(), Interval(1, inf)).isFull());
}

/// Checks floorDiv and ceilDiv against every quotient of a window of each
/// operand range: an unbounded side is sampled up to 40 past the other end
/// (or 0), with the divisor's 0 left out.
TEST(IntervalTest, DivisionContainsEveryQuotient) {
  std::optional<int64_t> ends[] = {inf, -7, -1, 0, 1, 3};
  auto window = [](std::optional<int64_t> lo, std::optional<int64_t> hi) {
    int64_t l = lo ? *lo : (hi ? std::min<int64_t>(*hi, 0) - 40 : -40);
    int64_t h = hi ? *hi : (lo ? std::max<int64_t>(*lo, 0) + 40 : 40);
    return std::make_pair(l, h);
  };
  auto floorOf = [](int64_t x, int64_t y) {
    int64_t q = x / y;
    return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
  };
  int checked = 0;
  for (std::optional<int64_t> alo : ends)
    for (std::optional<int64_t> ahi : ends)
      for (std::optional<int64_t> blo : ends)
        for (std::optional<int64_t> bhi : ends) {
          // One list gives both ends: -inf as a lower end, +inf as an
          // upper end.
          Interval a(alo, ahi), b(blo, bhi);
          if (a.isEmpty() || b.isEmpty() || b.containsZero())
            continue;
          Interval q = floorDiv(a, b), c = ceilDiv(a, b);
          auto [xl, xh] = window(alo, ahi);
          auto [yl, yh] = window(blo, bhi);
          for (int64_t x = xl; x <= xh; ++x)
            for (int64_t y = yl; y <= yh; ++y) {
              if (y == 0)
                continue;
              int64_t f = floorOf(x, y);
              ASSERT_TRUE(q.contains(Interval::point(f)))
                  << x << " / " << y << " = " << f << " not in floorDiv("
                  << a.str() << ", " << b.str() << ") = " << q.str();
              int64_t cf = -floorOf(-x, y);
              ASSERT_TRUE(c.contains(Interval::point(cf)))
                  << x << " / " << y << " = " << cf << " not in ceilDiv("
                  << a.str() << ", " << b.str() << ") = " << c.str();
              ++checked;
            }
        }
  EXPECT_GT(checked, 0);
}

TEST(IntervalTest, Modulo) {
  EXPECT_EQ(mod(Interval::full(), Interval::point(8)), Interval(0, 7));
  EXPECT_EQ(mod(Interval(0, 5), Interval::point(8)), Interval(0, 5));
  EXPECT_EQ(mod(Interval(0, 100), Interval::point(8)), Interval(0, 7));
  EXPECT_EQ(mod(Interval(3, 100), Interval(1, inf)), Interval(0, 100));
  EXPECT_EQ(mod(Interval::full(), Interval::point(-4)), Interval(-3, 0));
}

TEST(IntervalTest, MaxMin) {
  EXPECT_EQ(max(Interval(1, 5), Interval(3, 4)), Interval(3, 5));
  EXPECT_EQ(max(Interval(inf, 5), Interval(3, inf)), Interval(3, inf));
  EXPECT_EQ(min(Interval(1, 5), Interval(inf, 4)), Interval(inf, 4));
}

TEST(IntervalTest, SetOperations) {
  EXPECT_EQ(Interval(1, 10).intersect(Interval(5, inf)), Interval(5, 10));
  EXPECT_TRUE(Interval(1, 3).intersect(Interval(5, 6)).isEmpty());
  EXPECT_EQ(Interval(1, 3).join(Interval(5, 6)), Interval(1, 6));
  EXPECT_EQ(Interval(1, 100).roundToMultiple(8), Interval(8, 96));
  EXPECT_TRUE(Interval(1, 7).roundToMultiple(8).isEmpty());
  EXPECT_EQ(Interval(-9, inf).roundToMultiple(4), Interval(-8, inf));
  EXPECT_TRUE(Interval(1, 10).contains(Interval(2, 3)));
  EXPECT_FALSE(Interval(1, 10).contains(Interval(2, inf)));
  // Operations on an empty range stay empty.
  EXPECT_TRUE((Interval::empty() + Interval(1, 2)).isEmpty());
  EXPECT_TRUE((Interval::empty() * Interval::point(0)).isEmpty());
}

} // namespace
