//===- Bindings.h - The parts of the symshape Python extension --*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The extension `symshape._symshape` is one pybind11 module in two parts:
// the symbolic engine (ExprBindings.cpp, ExprConversions.cpp and
// SolverBindings.cpp, used by symshape.expr) and MLIR modules and pass
// pipelines (IRBindings.cpp, used by symshape.ir). The pure-Python modules
// of the package give both their public names.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PYTHON_BINDINGS_H
#define SYMSHAPE_PYTHON_BINDINGS_H

#include <pybind11/pybind11.h>

namespace symshape::python {

/// Expressions, symbols, relations, facts and proofs.
void bindExpr(pybind11::module_ &m);

/// Parsing, verifying and printing modules; pass pipelines; diagnostics;
/// the facts report.
void bindIR(pybind11::module_ &m);

} // namespace symshape::python

#endif // SYMSHAPE_PYTHON_BINDINGS_H
