//===- Cutoffs.h - Limits that bound work on pathological input -*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The cut-offs that keep the engine and the analysis linear on
// pathological input may give up facts past their limit: a sum wider than
// ShapeAnalysisConfig::maxTerms gets a symbol of its own (which keeps the
// sum's range and divisor, not its relations to other sums), a max/min
// wider than kMaxFlattenedWidth stays nested, a canonicalization pattern's
// local analysis reads kLocalDepth ops up, and so on. Each reads
// kUnlimitedCutoffs, most of them through `cutoff(limit)`. A build configured
// with -DSYMSHAPE_UNLIMITED_CUTOFFS=ON lifts all of them, for one purpose:
// bench/cutoff_facts.py compares its output with the default build's on the
// bench and the model zoo, which measures the facts the cut-offs cost
// (docs/Performance.md). It is never the build that ships: unlimited, the
// pathological inputs cost quadratic time or worse.
//
// Two kinds of limit stay in every build: the proof and range budgets
// (Solver), which bound a search per query (an exhausted budget answers
// "unknown"), and ShapeAnalysis::kMaxCallDepth, which also stops recursion.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ENGINE_CUTOFFS_H
#define SYMSHAPE_ENGINE_CUTOFFS_H

#include <limits>

namespace symshape {

#ifdef SYMSHAPE_UNLIMITED_CUTOFFS
inline constexpr bool kUnlimitedCutoffs = true;
#else
inline constexpr bool kUnlimitedCutoffs = false;
#endif

/// `limit`, or a limit no input reaches in a build with unlimited cut-offs.
template <typename T> constexpr T cutoff(T limit) {
  return kUnlimitedCutoffs ? std::numeric_limits<T>::max() / 2 : limit;
}

} // namespace symshape

#endif // SYMSHAPE_ENGINE_CUTOFFS_H
