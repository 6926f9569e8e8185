//===- TestHooks.h - Wrong rules for the certificate tests ------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Not installed. Deliberately wrong rules that the certificate tests turn on
// to check that `certify=` writes what a pass decided and that z3 refutes a
// wrong decision. No pass has an option for them: the test passes of
// test/lib (symshape-opt's `symshape-test-unsound-*`) set them while they
// run the pass they test, and they are off in every other use.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_ANALYSIS_TESTHOOKS_H
#define SYMSHAPE_LIB_ANALYSIS_TESTHOOKS_H

#include <atomic>

namespace symshape {
namespace testing {

/// symshape-simplify replaces every two-operand max by its first operand.
extern std::atomic<bool> unsoundMax;

/// The fact-using canonicalization of `symshape.apply` takes an operand
/// built from sizes as non-negative whatever its sign (the rule that made
/// `(0 - a) + b` into `b`).
extern std::atomic<bool> unsoundSizeOperands;

} // namespace testing
} // namespace symshape

#endif // SYMSHAPE_LIB_ANALYSIS_TESTHOOKS_H
