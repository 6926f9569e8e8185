//===- Range.h - Sound integer interval arithmetic --------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Inclusive integer intervals whose ends may be unbounded. Unbounded is its own
// state (std::nullopt), never a sentinel. Every operation is sound: the result
// contains every value the operation can produce from values in the operands.
// A bound whose computation overflows int64 saturates to unbounded in its own
// direction; nothing ever wraps. `0 * inf` is 0, `inf - inf` is never formed,
// and a division by a range that contains 0 is unknown (the full range).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ANALYSIS_RANGE_H
#define SYMSHAPE_ANALYSIS_RANGE_H

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace symshape {

/// An inclusive interval [lo, hi] of integers. `lo == std::nullopt` is -inf,
/// `hi == std::nullopt` is +inf. A range with lo > hi is empty (contradictory
/// facts); operations on an empty range yield an empty range.
class Range {
public:
  /// The full range [-inf, inf].
  Range() = default;
  Range(std::optional<int64_t> lo, std::optional<int64_t> hi)
      : lo(lo), hi(hi) {}

  static Range full() { return Range(); }
  static Range point(int64_t v) { return Range(v, v); }
  static Range nonNegative() { return Range(0, std::nullopt); }
  static Range atLeast(int64_t v) { return Range(v, std::nullopt); }
  static Range atMost(int64_t v) { return Range(std::nullopt, v); }
  static Range empty() { return Range(1, 0); }

  std::optional<int64_t> getLo() const { return lo; }
  std::optional<int64_t> getHi() const { return hi; }

  bool isEmpty() const { return lo && hi && *lo > *hi; }
  bool isFull() const { return !lo && !hi; }
  bool isPoint() const { return lo && hi && *lo == *hi; }
  std::optional<int64_t> getPoint() const {
    return isPoint() ? lo : std::nullopt;
  }
  bool contains(int64_t v) const {
    return !isEmpty() && (!lo || *lo <= v) && (!hi || v <= *hi);
  }
  /// True if every value of `other` is in this range.
  bool contains(const Range &other) const;
  /// True if the range has a value >= 0 only (lo >= 0).
  bool isNonNegative() const { return lo && *lo >= 0; }
  bool isPositive() const { return lo && *lo > 0; }
  bool isNegative() const { return hi && *hi < 0; }
  bool containsZero() const { return contains(0); }

  bool operator==(const Range &other) const {
    if (isEmpty() || other.isEmpty())
      return isEmpty() == other.isEmpty();
    return lo == other.lo && hi == other.hi;
  }
  bool operator!=(const Range &other) const { return !(*this == other); }

  /// The set intersection.
  Range intersect(const Range &other) const;
  /// The smallest range containing both.
  Range join(const Range &other) const;

  /// Narrows the ends to multiples of `divisor` (>= 1).
  Range roundToMultiple(int64_t divisor) const;

  void print(llvm::raw_ostream &os) const;
  std::string str() const;

private:
  std::optional<int64_t> lo, hi;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Range &r) {
  r.print(os);
  return os;
}

Range operator+(const Range &a, const Range &b);
Range operator-(const Range &a);
Range operator-(const Range &a, const Range &b);
Range operator*(const Range &a, const Range &b);
/// Floor division; the full range if `b` contains 0.
Range floorDiv(const Range &a, const Range &b);
/// Ceiling division; the full range if `b` contains 0.
Range ceilDiv(const Range &a, const Range &b);
/// Floor modulo (sign of the divisor); the full range if `b` contains 0.
Range mod(const Range &a, const Range &b);
Range max(const Range &a, const Range &b);
Range min(const Range &a, const Range &b);
/// The range of x^n for x in `a` (n >= 1).
Range power(const Range &a, unsigned n);

} // namespace symshape

#endif // SYMSHAPE_ANALYSIS_RANGE_H
