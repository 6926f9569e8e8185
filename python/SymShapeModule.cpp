//===- SymShapeModule.cpp - The symshape Python extension -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

PYBIND11_MODULE(_symshape, m) {
  m.doc() = "symshape's C++ engine and MLIR layer (use the symshape.expr, "
            "symshape.ir and symshape.sympy modules)";
  m.attr("__version__") = SYMSHAPE_VERSION;
  symshape::python::bindExpr(m);
  symshape::python::bindIR(m);
}
