//===- RangeTest.cpp - Tests of interval arithmetic -----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/Range.h"

#include "gtest/gtest.h"

using namespace symshape;

namespace {

constexpr int64_t kMax = INT64_MAX;
constexpr int64_t kMin = INT64_MIN;
const std::nullopt_t inf = std::nullopt;

TEST(RangeTest, Printing) {
  EXPECT_EQ(Range(1, 10).str(), "[1, 10]");
  EXPECT_EQ(Range(0, inf).str(), "[0, inf]");
  EXPECT_EQ(Range(inf, -3).str(), "[-inf, -3]");
  EXPECT_EQ(Range::full().str(), "[-inf, inf]");
  EXPECT_EQ(Range::empty().str(), "[empty]");
}

TEST(RangeTest, AddSub) {
  EXPECT_EQ(Range(1, 10) + Range(2, 3), Range(3, 13));
  EXPECT_EQ(Range(1, inf) + Range(2, 3), Range(3, inf));
  EXPECT_EQ(Range(inf, 1) + Range(1, inf), Range::full());
  // 16 - s over s in [1, 16] is [0, 15], not the corner box (15, 0).
  EXPECT_EQ(Range::point(16) - Range(1, 16), Range(0, 15));
  // inf - inf is never formed: [0, inf] - [0, inf] is the full range.
  EXPECT_EQ(Range(0, inf) - Range(0, inf), Range::full());
}

TEST(RangeTest, OverflowSaturatesToUnbounded) {
  EXPECT_EQ(Range(kMax, kMax) + Range::point(1), Range(inf, inf));
  EXPECT_EQ(Range(0, kMax) + Range(0, 1), Range(0, inf));
  EXPECT_EQ(Range(kMin, 0) - Range(0, 1), Range(inf, 0));
  EXPECT_EQ(-Range(kMin, 5), Range(-5, inf));
  EXPECT_EQ(Range(int64_t(1) << 40, int64_t(1) << 40) *
                Range(int64_t(1) << 40, int64_t(1) << 40),
            Range(inf, inf));
  EXPECT_EQ(Range(2, int64_t(1) << 62) * Range(2, 4), Range(4, inf));
  // A product that overflows negatively saturates the lower bound only.
  EXPECT_EQ(Range(-(int64_t(1) << 62), -1) * Range(1, 4), Range(inf, -1));
}

TEST(RangeTest, Multiplication) {
  EXPECT_EQ(Range(2, 10) * Range(2, 10), Range(4, 100));
  EXPECT_EQ(Range(-2, 3) * Range(-5, 4), Range(-15, 12));
  // 0 * inf is 0.
  EXPECT_EQ(Range::point(0) * Range::full(), Range::point(0));
  EXPECT_EQ(Range(0, 2) * Range(0, inf), Range(0, inf));
  EXPECT_EQ(Range(1, inf) * Range(-1, -1), Range(inf, -1));
  EXPECT_EQ(power(Range(-3, 2), 2), Range(0, 9));
  EXPECT_EQ(power(Range(-3, -2), 2), Range(4, 9));
  EXPECT_EQ(power(Range(-3, 2), 3), Range(-27, 8));
  EXPECT_EQ(power(Range(inf, 2), 2), Range(0, inf));
}

TEST(RangeTest, Division) {
  EXPECT_EQ(floorDiv(Range(0, 9), Range::point(2)), Range(0, 4));
  EXPECT_EQ(floorDiv(Range(-7, 7), Range::point(2)), Range(-4, 3));
  EXPECT_EQ(ceilDiv(Range(-7, 7), Range::point(2)), Range(-3, 4));
  EXPECT_EQ(floorDiv(Range(-7, 7), Range::point(-2)), Range(-4, 3));
  EXPECT_EQ(floorDiv(Range(0, 100), Range(1, inf)), Range(0, 100));
  EXPECT_EQ(floorDiv(Range(-5, 10), Range(1, inf)), Range(-5, 10));
  EXPECT_EQ(floorDiv(Range(1, inf), Range(2, 4)), Range(0, inf));
  // A divisor range containing 0: unknown.
  EXPECT_TRUE(floorDiv(Range(1, 2), Range(-1, 1)).isFull());
  EXPECT_TRUE(ceilDiv(Range(1, 2), Range(0, 4)).isFull());
  EXPECT_TRUE(mod(Range(1, 2), Range(0, 0)).isFull());
  // INT64_MIN / -1 overflows: unbounded above.
  EXPECT_EQ(floorDiv(Range::point(kMin), Range::point(-1)), Range(inf, inf));
  // inf / inf is indeterminate.
  EXPECT_TRUE(floorDiv(Range(0, inf), Range(1, inf)).isFull() ||
              floorDiv(Range(0, inf), Range(1, inf)).contains(Range(0, inf)));
}

TEST(RangeTest, Modulo) {
  EXPECT_EQ(mod(Range::full(), Range::point(8)), Range(0, 7));
  EXPECT_EQ(mod(Range(0, 5), Range::point(8)), Range(0, 5));
  EXPECT_EQ(mod(Range(0, 100), Range::point(8)), Range(0, 7));
  EXPECT_EQ(mod(Range(3, 100), Range(1, inf)), Range(0, 100));
  EXPECT_EQ(mod(Range::full(), Range::point(-4)), Range(-3, 0));
}

TEST(RangeTest, MaxMin) {
  EXPECT_EQ(max(Range(1, 5), Range(3, 4)), Range(3, 5));
  EXPECT_EQ(max(Range(inf, 5), Range(3, inf)), Range(3, inf));
  EXPECT_EQ(min(Range(1, 5), Range(inf, 4)), Range(inf, 4));
}

TEST(RangeTest, SetOperations) {
  EXPECT_EQ(Range(1, 10).intersect(Range(5, inf)), Range(5, 10));
  EXPECT_TRUE(Range(1, 3).intersect(Range(5, 6)).isEmpty());
  EXPECT_EQ(Range(1, 3).join(Range(5, 6)), Range(1, 6));
  EXPECT_EQ(Range(1, 100).roundToMultiple(8), Range(8, 96));
  EXPECT_TRUE(Range(1, 7).roundToMultiple(8).isEmpty());
  EXPECT_EQ(Range(-9, inf).roundToMultiple(4), Range(-8, inf));
  EXPECT_TRUE(Range(1, 10).contains(Range(2, 3)));
  EXPECT_FALSE(Range(1, 10).contains(Range(2, inf)));
  // Operations on an empty range stay empty.
  EXPECT_TRUE((Range::empty() + Range(1, 2)).isEmpty());
  EXPECT_TRUE((Range::empty() * Range::point(0)).isEmpty());
}

} // namespace
