//===- CheckedInt.h - Overflow-checked int64 arithmetic ---------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// int64 arithmetic that reports overflow instead of wrapping, and floor /
// ceiling division and floor modulo with Python semantics. Every function
// returns std::nullopt when the mathematical result does not fit int64 or is
// undefined (division by zero). Magnitudes of int64 values, and bounds on
// them that saturate at UINT64_MAX, are uint64.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ENGINE_CHECKEDINT_H
#define SYMSHAPE_ENGINE_CHECKEDINT_H

#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <optional>

namespace symshape {

inline std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (llvm::AddOverflow(a, b, r))
    return std::nullopt;
  return r;
}

inline std::optional<int64_t> checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (llvm::SubOverflow(a, b, r))
    return std::nullopt;
  return r;
}

inline std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (llvm::MulOverflow(a, b, r))
    return std::nullopt;
  return r;
}

inline std::optional<int64_t> checkedNeg(int64_t a) { return checkedSub(0, a); }

/// floor(a / b).
inline std::optional<int64_t> checkedFloorDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == INT64_MIN && b == -1))
    return std::nullopt;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

/// ceil(a / b).
inline std::optional<int64_t> checkedCeilDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == INT64_MIN && b == -1))
    return std::nullopt;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0)))
    ++q;
  return q;
}

/// a - b * floor(a / b): the result has the sign of b (Python's `%`).
inline std::optional<int64_t> checkedFloorMod(int64_t a, int64_t b) {
  if (b == 0)
    return std::nullopt;
  if (b == -1)
    return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

/// |v|, which fits uint64 for every int64 (INT64_MIN's does not fit int64).
inline uint64_t unsignedMagnitude(int64_t v) {
  return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}

/// a + b, or UINT64_MAX where that overflows (for bounds on magnitudes).
inline uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/// a * b, or UINT64_MAX where that overflows.
inline uint64_t saturatingMul(uint64_t a, uint64_t b) {
  return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/// Greatest common divisor of |a| and |b|, with gcd(0, x) = |x|. The
/// magnitude of INT64_MIN is not representable, so the result is uint64_t.
inline uint64_t gcdMagnitude(int64_t a, int64_t b) {
  uint64_t x = unsignedMagnitude(a);
  uint64_t y = unsignedMagnitude(b);
  while (y != 0) {
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  return x;
}

} // namespace symshape

#endif // SYMSHAPE_ENGINE_CHECKEDINT_H
