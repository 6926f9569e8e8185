//===- Interval.h - Sound integer interval arithmetic --------------*- C++
//-*-===//
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

#ifndef SYMSHAPE_ENGINE_INTERVAL_H
#define SYMSHAPE_ENGINE_INTERVAL_H

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace symshape {

/// The no-overflow assumption (docs/Dialect.md): expressions built from
/// sizes stay below 2^62 in magnitude. A size at or past it is an error
/// where it is stated (a symbol's range, `bind=`, `profile=`) and fails the
/// entry check of a public function's dynamic dims under `checks=assert`.
constexpr int64_t kSizeLimit = int64_t(1) << 62;

/// An inclusive interval [lo, hi] of integers. `lo == std::nullopt` is -inf,
/// `hi == std::nullopt` is +inf. A range with lo > hi is empty (contradictory
/// facts); operations on an empty range yield an empty range.
class Interval {
public:
  /// The full range [-inf, inf].
  Interval() = default;
  Interval(std::optional<int64_t> lo, std::optional<int64_t> hi)
      : lo(lo), hi(hi) {}

  static Interval full() { return Interval(); }
  static Interval point(int64_t v) { return Interval(v, v); }
  static Interval nonNegative() { return Interval(0, std::nullopt); }
  static Interval atLeast(int64_t v) { return Interval(v, std::nullopt); }
  static Interval atMost(int64_t v) { return Interval(std::nullopt, v); }
  static Interval empty() { return Interval(1, 0); }

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
  bool contains(const Interval &other) const;
  /// True if the range has a value >= 0 only (lo >= 0).
  bool isNonNegative() const { return lo && *lo >= 0; }
  bool isPositive() const { return lo && *lo > 0; }
  bool isNegative() const { return hi && *hi < 0; }
  bool containsZero() const { return contains(0); }

  bool operator==(const Interval &other) const {
    if (isEmpty() || other.isEmpty())
      return isEmpty() == other.isEmpty();
    return lo == other.lo && hi == other.hi;
  }
  bool operator!=(const Interval &other) const { return !(*this == other); }

  /// The set intersection.
  Interval intersect(const Interval &other) const;
  /// The smallest range containing both.
  Interval join(const Interval &other) const;

  /// Narrows the ends to multiples of `divisor` (>= 1).
  Interval roundToMultiple(int64_t divisor) const;

  void print(llvm::raw_ostream &os) const;
  std::string str() const;

private:
  std::optional<int64_t> lo, hi;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Interval &r) {
  r.print(os);
  return os;
}

Interval operator+(const Interval &a, const Interval &b);
Interval operator-(const Interval &a);
Interval operator-(const Interval &a, const Interval &b);
Interval operator*(const Interval &a, const Interval &b);
/// Floor division; the full range if `b` contains 0.
Interval floorDiv(const Interval &a, const Interval &b);
/// Ceiling division; the full range if `b` contains 0.
Interval ceilDiv(const Interval &a, const Interval &b);
/// Floor modulo (sign of the divisor); the full range if `b` contains 0.
Interval mod(const Interval &a, const Interval &b);
Interval max(const Interval &a, const Interval &b);
Interval min(const Interval &a, const Interval &b);
/// The range of x^n for x in `a` (n >= 1).
Interval power(const Interval &a, unsigned n);

} // namespace symshape

#endif // SYMSHAPE_ENGINE_INTERVAL_H
