//===- SolverInternal.h - Helpers of several Solver files -------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Engine: helpers that more than one of the Solver's source
// files uses. Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_ENGINE_SOLVERINTERNAL_H
#define SYMSHAPE_LIB_ENGINE_SOLVERINTERNAL_H

#include "symshape/Engine/Expr.h"

namespace symshape::detail {

/// If every term of `a` has `b` (an atom) as a factor and `a` has no
/// constant term, returns a / b.
Expr divideByAtom(Expr a, Expr b);

} // namespace symshape::detail

#endif // SYMSHAPE_LIB_ENGINE_SOLVERINTERNAL_H
