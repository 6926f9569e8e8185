//===- Interval.cpp - Sound integer interval arithmetic
//----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Interval.h"
#include "symshape/Engine/CheckedInt.h"

#include <algorithm>
#include <cassert>

using namespace symshape;

namespace {
/// An integer extended with -inf and +inf. A finite computation that
/// overflows becomes the infinity of its sign.
struct Ext {
  enum Kind { NegInf, Finite, PosInf } kind;
  int64_t value = 0;

  static Ext neg() { return {NegInf, 0}; }
  static Ext pos() { return {PosInf, 0}; }
  static Ext of(int64_t v) { return {Finite, v}; }

  int sign() const {
    if (kind == NegInf)
      return -1;
    if (kind == PosInf)
      return 1;
    return value < 0 ? -1 : (value > 0 ? 1 : 0);
  }
  bool operator<(const Ext &o) const {
    if (kind != o.kind)
      return kind < o.kind;
    return kind == Finite && value < o.value;
  }
};
} // namespace

static Ext loExt(const Interval &r) {
  return r.getLo() ? Ext::of(*r.getLo()) : Ext::neg();
}
static Ext hiExt(const Interval &r) {
  return r.getHi() ? Ext::of(*r.getHi()) : Ext::pos();
}

/// A lower bound from an extended value: +inf can only come from an overflow
/// and saturates to unbounded (-inf).
static std::optional<int64_t> toLo(Ext e) {
  if (e.kind == Ext::Finite)
    return e.value;
  return std::nullopt;
}
/// An upper bound from an extended value: -inf saturates to unbounded (+inf).
static std::optional<int64_t> toHi(Ext e) {
  if (e.kind == Ext::Finite)
    return e.value;
  return std::nullopt;
}

static Ext extMul(Ext a, Ext b) {
  // 0 * inf = 0: a bound of 0 times an unbounded bound stays 0.
  if ((a.kind == Ext::Finite && a.value == 0) ||
      (b.kind == Ext::Finite && b.value == 0))
    return Ext::of(0);
  if (a.kind == Ext::Finite && b.kind == Ext::Finite) {
    if (auto r = checkedMul(a.value, b.value))
      return Ext::of(*r);
  }
  return a.sign() * b.sign() > 0 ? Ext::pos() : Ext::neg();
}

/// floor(a / b) for b != 0, where a or b is finite (inf / inf has no
/// value: floorDiv passes that corner over).
static Ext extFloorDiv(Ext a, Ext b) {
  assert((a.kind == Ext::Finite || b.kind == Ext::Finite) &&
         "inf / inf is indeterminate");
  if (b.kind != Ext::Finite) {
    // A finite value over an infinite one tends to 0 from one side.
    if (a.value == 0 || (a.value > 0) == (b.kind == Ext::PosInf))
      return Ext::of(0);
    return Ext::of(-1);
  }
  if (a.kind != Ext::Finite)
    return a.sign() * b.sign() > 0 ? Ext::pos() : Ext::neg();
  if (auto r = checkedFloorDiv(a.value, b.value))
    return Ext::of(*r);
  return Ext::pos(); // INT64_MIN / -1
}

bool Interval::contains(const Interval &other) const {
  if (other.isEmpty())
    return true;
  if (isEmpty())
    return false;
  bool loOk = !lo || (other.lo && *lo <= *other.lo);
  bool hiOk = !hi || (other.hi && *other.hi <= *hi);
  return loOk && hiOk;
}

Interval Interval::intersect(const Interval &other) const {
  std::optional<int64_t> l = lo, h = hi;
  if (other.lo)
    l = l ? std::max(*l, *other.lo) : other.lo;
  if (other.hi)
    h = h ? std::min(*h, *other.hi) : other.hi;
  Interval r(l, h);
  return r.isEmpty() || isEmpty() || other.isEmpty() ? Interval::empty() : r;
}

Interval Interval::join(const Interval &other) const {
  if (isEmpty())
    return other;
  if (other.isEmpty())
    return *this;
  std::optional<int64_t> l, h;
  if (lo && other.lo)
    l = std::min(*lo, *other.lo);
  if (hi && other.hi)
    h = std::max(*hi, *other.hi);
  return Interval(l, h);
}

Interval Interval::roundToMultiple(int64_t divisor) const {
  if (divisor <= 1 || isEmpty())
    return *this;
  std::optional<int64_t> l = lo, h = hi;
  if (l)
    if (auto q = checkedCeilDiv(*l, divisor))
      if (auto m = checkedMul(*q, divisor))
        l = *m;
  if (h)
    if (auto q = checkedFloorDiv(*h, divisor))
      if (auto m = checkedMul(*q, divisor))
        h = *m;
  Interval r(l, h);
  return r.isEmpty() ? Interval::empty() : r;
}

void Interval::print(llvm::raw_ostream &os) const {
  if (isEmpty()) {
    os << "[empty]";
    return;
  }
  os << '[';
  if (lo)
    os << *lo;
  else
    os << "-inf";
  os << ", ";
  if (hi)
    os << *hi;
  else
    os << "inf";
  os << ']';
}

std::string Interval::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}

Interval symshape::operator+(const Interval &a, const Interval &b) {
  if (a.isEmpty() || b.isEmpty())
    return Interval::empty();
  std::optional<int64_t> lo, hi;
  if (a.getLo() && b.getLo())
    lo = checkedAdd(*a.getLo(), *b.getLo());
  if (a.getHi() && b.getHi())
    hi = checkedAdd(*a.getHi(), *b.getHi());
  return Interval(lo, hi);
}

Interval symshape::operator-(const Interval &a) {
  if (a.isEmpty())
    return Interval::empty();
  std::optional<int64_t> lo, hi;
  if (a.getHi())
    lo = checkedNeg(*a.getHi());
  if (a.getLo())
    hi = checkedNeg(*a.getLo());
  return Interval(lo, hi);
}

Interval symshape::operator-(const Interval &a, const Interval &b) {
  if (a.isEmpty() || b.isEmpty())
    return Interval::empty();
  std::optional<int64_t> lo, hi;
  if (a.getLo() && b.getHi())
    lo = checkedSub(*a.getLo(), *b.getHi());
  if (a.getHi() && b.getLo())
    hi = checkedSub(*a.getHi(), *b.getLo());
  return Interval(lo, hi);
}

Interval symshape::operator*(const Interval &a, const Interval &b) {
  if (a.isEmpty() || b.isEmpty())
    return Interval::empty();
  Ext corners[] = {extMul(loExt(a), loExt(b)), extMul(loExt(a), hiExt(b)),
                   extMul(hiExt(a), loExt(b)), extMul(hiExt(a), hiExt(b))};
  Ext lo = *std::min_element(std::begin(corners), std::end(corners));
  Ext hi = *std::max_element(std::begin(corners), std::end(corners));
  return Interval(toLo(lo), toHi(hi));
}

Interval symshape::floorDiv(const Interval &a, const Interval &b) {
  if (a.isEmpty() || b.isEmpty())
    return Interval::empty();
  if (b.containsZero())
    return Interval::full();
  // floor(x / y) is monotone in x for a divisor of fixed sign, and monotone
  // in y for a dividend of fixed sign, so the extremes are at the corners.
  Ext xs[] = {loExt(a), hiExt(a)}, ys[] = {loExt(b), hiExt(b)};
  std::optional<Ext> lo, hi;
  for (Ext x : xs) {
    for (Ext y : ys) {
      // A corner where both are infinite bounds nothing: the divisor has a
      // fixed sign, so one of its ends is finite, and the corner of that end
      // with the same infinite dividend is already the infinite extreme on
      // that side (the quotients near the corner itself are >= 0 for
      // operands of one sign, <= -1 otherwise, within the other corners).
      if (x.kind != Ext::Finite && y.kind != Ext::Finite)
        continue;
      Ext q = extFloorDiv(x, y);
      if (!lo || q < *lo)
        lo = q;
      if (!hi || *hi < q)
        hi = q;
    }
  }
  return Interval(toLo(*lo), toHi(*hi));
}

Interval symshape::ceilDiv(const Interval &a, const Interval &b) {
  // ceil(a / b) == -floor(-a / b).
  return -floorDiv(-a, b);
}

Interval symshape::mod(const Interval &a, const Interval &b) {
  if (a.isEmpty() || b.isEmpty())
    return Interval::empty();
  if (b.containsZero())
    return Interval::full();
  // A constant divisor and a dividend within one period [q * c, q * c +
  // c - 1]: a mod c == a - q * c, exactly.
  if (std::optional<int64_t> c = b.getPoint(); c && a.getLo() && a.getHi()) {
    std::optional<int64_t> qLo = checkedFloorDiv(*a.getLo(), *c),
                           qHi = checkedFloorDiv(*a.getHi(), *c);
    if (qLo && qHi && *qLo == *qHi)
      if (std::optional<int64_t> base = checkedMul(*qLo, *c))
        if (auto lo = checkedSub(*a.getLo(), *base))
          if (auto hi = checkedSub(*a.getHi(), *base))
            return Interval(*lo, *hi);
  }
  if (b.isPositive()) {
    // In [0, b - 1]; equal to a when 0 <= a < b.
    if (a.isNonNegative() && a.getHi() && *a.getHi() < *b.getLo())
      return a;
    std::optional<int64_t> hi;
    if (b.getHi())
      hi = *b.getHi() - 1;
    if (a.isNonNegative() && a.getHi())
      hi = hi ? std::min(*hi, *a.getHi()) : a.getHi();
    return Interval(0, hi);
  }
  // b < 0: in [b + 1, 0]; equal to a when b < a <= 0.
  if (a.getHi() && *a.getHi() <= 0 && a.getLo() && *a.getLo() > *b.getHi())
    return a;
  std::optional<int64_t> lo;
  if (b.getLo())
    lo = *b.getLo() + 1;
  if (a.getHi() && *a.getHi() <= 0 && a.getLo())
    lo = lo ? std::max(*lo, *a.getLo()) : a.getLo();
  return Interval(lo, 0);
}

Interval symshape::max(const Interval &a, const Interval &b) {
  if (a.isEmpty() || b.isEmpty())
    return Interval::empty();
  std::optional<int64_t> lo, hi;
  if (a.getLo() || b.getLo())
    lo = std::max(a.getLo().value_or(INT64_MIN), b.getLo().value_or(INT64_MIN));
  if (a.getHi() && b.getHi())
    hi = std::max(*a.getHi(), *b.getHi());
  return Interval(lo, hi);
}

Interval symshape::min(const Interval &a, const Interval &b) {
  if (a.isEmpty() || b.isEmpty())
    return Interval::empty();
  std::optional<int64_t> lo, hi;
  if (a.getLo() && b.getLo())
    lo = std::min(*a.getLo(), *b.getLo());
  if (a.getHi() || b.getHi())
    hi = std::min(a.getHi().value_or(INT64_MAX), b.getHi().value_or(INT64_MAX));
  return Interval(lo, hi);
}

static Ext extPow(Ext x, unsigned n) {
  Ext r = Ext::of(1);
  for (unsigned i = 0; i < n; ++i)
    r = extMul(r, x);
  return r;
}

Interval symshape::power(const Interval &a, unsigned n) {
  if (a.isEmpty())
    return Interval::empty();
  if (n == 0)
    return Interval::point(1);
  if (n % 2 == 1)
    return Interval(toLo(extPow(loExt(a), n)), toHi(extPow(hiExt(a), n)));
  // Even power: monotone in |x|.
  Ext absLo, absHi;
  if (a.containsZero()) {
    absLo = Ext::of(0);
  } else if (a.isPositive()) {
    absLo = loExt(a);
  } else {
    absLo = hiExt(a);
  }
  Ext l = loExt(a), h = hiExt(a);
  Ext negL = l.kind == Ext::NegInf  ? Ext::pos()
             : l.value == INT64_MIN ? Ext::pos()
                                    : Ext::of(-l.value);
  absHi = negL < h ? h : negL;
  return Interval(toLo(extPow(absLo, n)), toHi(extPow(absHi, n)));
}
