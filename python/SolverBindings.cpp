//===- SolverBindings.cpp - Facts, relations and proofs -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// symshape.expr's Facts (the engine's Facts and a Solver over them),
// Relation, prove(), and the queries of an expression under facts.
//
//===----------------------------------------------------------------------===//

#include "ExprBindingsInternal.h"

#include "symshape/Engine/Facts.h"
#include "symshape/Engine/Solver.h"

#include "llvm/ADT/DenseSet.h"

#include <memory>

namespace py = pybind11;
using namespace symshape;
using namespace symshape::python;

namespace {

/// Thrown when facts are found contradictory; a Python ContradictionError.
struct ContradictionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

//===----------------------------------------------------------------------===//
// Facts
//===----------------------------------------------------------------------===//

class PyFacts {
public:
  PyFacts() = default;
  PyFacts(const PyFacts &other)
      : facts(other.facts), solver(facts), declared(other.declared) {}

  /// Declares the symbols `e` uses (their kind, range and divisor).
  void declare(Expr e) {
    for (unsigned pos : e.getSymbolsUsed()) {
      if (!declared.insert(pos).second)
        continue;
      const SymbolInfo &s = store().symbols[pos];
      if (s.isSize)
        facts.declareSize(pos);
      facts.declareSymbolRange(pos, Interval(s.lo, s.hi));
      if (s.divisor > 1)
        facts.declareSymbolDivisor(pos, s.divisor);
    }
  }

  Facts facts;
  Solver solver{facts};

private:
  llvm::DenseSet<unsigned> declared;
};

/// The facts of a query without explicit facts: the declarations only.
PyFacts &declarationsOnly() {
  static PyFacts *f = new PyFacts();
  return *f;
}

PyFacts &factsOr(PyFacts *f) { return f ? *f : declarationsOnly(); }

//===----------------------------------------------------------------------===//
// Relations
//===----------------------------------------------------------------------===//

struct Relation {
  Expr lhs, rhs;
  RelOp op;
};

const char *relOpText(RelOp op) {
  switch (op) {
  case RelOp::LE:
    return "<=";
  case RelOp::LT:
    return "<";
  case RelOp::GE:
    return ">=";
  case RelOp::GT:
    return ">";
  case RelOp::EQ:
    return "==";
  case RelOp::NE:
    return "!=";
  }
  return "?";
}

RelOp negateOp(RelOp op) {
  switch (op) {
  case RelOp::LE:
    return RelOp::GT;
  case RelOp::LT:
    return RelOp::GE;
  case RelOp::GE:
    return RelOp::LT;
  case RelOp::GT:
    return RelOp::LE;
  case RelOp::EQ:
    return RelOp::NE;
  case RelOp::NE:
    return RelOp::EQ;
  }
  return op;
}

Relation makeRelation(py::handle a, py::handle b, RelOp op) {
  return Relation{toExpr(a), toExpr(b), op};
}

py::object verdictToPy(Verdict v) {
  if (v == Verdict::Unknown)
    return py::none();
  return py::bool_(v == Verdict::True);
}

py::object prove(const Relation &r, PyFacts *f) {
  PyFacts &F = factsOr(f);
  F.declare(r.lhs);
  F.declare(r.rhs);
  Solver &s = F.solver;
  switch (r.op) {
  case RelOp::LE:
    return verdictToPy(s.proveLE(r.lhs, r.rhs));
  case RelOp::LT:
    return verdictToPy(s.proveLT(r.lhs, r.rhs));
  case RelOp::GE:
    return verdictToPy(s.proveGE(r.lhs, r.rhs));
  case RelOp::GT:
    return verdictToPy(s.proveGT(r.lhs, r.rhs));
  case RelOp::EQ:
    return verdictToPy(s.proveEQ(r.lhs, r.rhs));
  case RelOp::NE:
    return verdictToPy(s.proveNE(r.lhs, r.rhs));
  }
  return py::none();
}

/// Adds `lo <= e <= hi` and checks that the range of `e` is not empty.
bool addRange(PyFacts &F, Expr e, const Interval &range) {
  if (!e)
    return true; // Not representable: nothing recorded, which is weaker.
  bool ok = e.isSymbol() ? F.facts.addSymbolRange(e.getSymbolPosition(), range)
                         : F.facts.addExprRange(e, range);
  return ok && !F.solver.getRange(e).isEmpty();
}

void addRelation(PyFacts &F, const Relation &r) {
  F.declare(r.lhs);
  F.declare(r.rhs);
  size_t mark = F.facts.mark();
  bool ok = true;
  switch (r.op) {
  case RelOp::LE:
    ok = addRange(F, sub(r.rhs, r.lhs), Interval::atLeast(0));
    break;
  case RelOp::LT:
    ok = addRange(F, sub(r.rhs, r.lhs), Interval::atLeast(1));
    break;
  case RelOp::GE:
    ok = addRange(F, sub(r.lhs, r.rhs), Interval::atLeast(0));
    break;
  case RelOp::GT:
    ok = addRange(F, sub(r.lhs, r.rhs), Interval::atLeast(1));
    break;
  case RelOp::EQ: {
    ok = addRange(F, sub(r.lhs, r.rhs), Interval::point(0));
    // A symbol equal to an expression is also substituted by it, so that
    // every later query sees the equality.
    if (ok) {
      if (r.lhs.isSymbol() && r.lhs != r.rhs)
        (void)F.facts.addEquality(r.lhs.getSymbolPosition(), r.rhs);
      else if (r.rhs.isSymbol())
        (void)F.facts.addEquality(r.rhs.getSymbolPosition(), r.lhs);
      ok = !F.solver.getRange(sub(r.lhs, r.rhs)).isEmpty();
    }
    break;
  }
  case RelOp::NE:
    throw py::value_error("a fact 'a != b' cannot be stated: facts are "
                          "ranges, divisors and equalities (state a < b or "
                          "a > b)");
  }
  if (!ok) {
    F.facts.rollback(mark);
    throw ContradictionError("the fact " + show(r.lhs) + " " + relOpText(r.op) +
                             " " + show(r.rhs) +
                             " contradicts the facts (not added)");
  }
}

void assumeRange(PyFacts &F, py::handle eh, py::handle lo, py::handle hi) {
  Expr e = toExpr(eh);
  F.declare(e);
  Interval r(toBound(lo, false), toBound(hi, true));
  size_t mark = F.facts.mark();
  if (r.isEmpty() || !addRange(F, e, r)) {
    F.facts.rollback(mark);
    throw ContradictionError("the range " + r.str() + " of " + show(e) +
                             " contradicts the facts (not added)");
  }
}

void assumeMultiple(PyFacts &F, const Expr &e, py::handle d) {
  int64_t divisor = toInt64(d, "divisor");
  if (divisor < 1)
    throw py::value_error("a divisor must be >= 1");
  if (!e.isSymbol())
    throw py::value_error("assume_multiple takes a symbol (a divisor of an "
                          "expression follows from its symbols'): got " +
                          show(e));
  F.declare(e);
  size_t mark = F.facts.mark();
  if (!F.facts.addSymbolDivisor(e.getSymbolPosition(), divisor) ||
      F.solver.getRange(e).isEmpty()) {
    F.facts.rollback(mark);
    throw ContradictionError(show(e) + " cannot be a multiple of " +
                             std::to_string(divisor) +
                             " under the facts (not added)");
  }
}

} // namespace

py::object symshape::python::relation(py::handle a, py::handle b, RelOp op) {
  std::optional<Expr> ea = asExpr(a), eb = asExpr(b);
  if (!ea || !eb)
    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::cast(Relation{*ea, *eb, op});
}

//===----------------------------------------------------------------------===//
// The module: facts, relations, proofs
//===----------------------------------------------------------------------===//

void symshape::python::bindContradictionError(py::module_ &m) {
  // Never destroyed: a Python object must not be released after the
  // interpreter is gone.
  static auto *contradiction = new py::exception<ContradictionError>(
      m, "ContradictionError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const ContradictionError &e) {
      PyErr_SetString(contradiction->ptr(), e.what());
    }
  });
}

void symshape::python::bindExprSolverQueries(py::class_<Expr> &expr) {
  expr.def(
          "range",
          [](Expr a, PyFacts *f) {
            PyFacts &F = factsOr(f);
            F.declare(a);
            return intervalToPy(F.solver.getRange(a));
          },
          py::arg("facts") = py::none(),
          "A range (lo, hi) containing every value the expression takes "
          "under the facts (default: the symbols' declarations); "
          "-math.inf/math.inf for an unbounded end.")
      .def(
          "divisor",
          [](Expr a, PyFacts *f) {
            PyFacts &F = factsOr(f);
            F.declare(a);
            return F.solver.getDivisor(a);
          },
          py::arg("facts") = py::none(),
          "The largest known d with d | e under the facts (0: e is 0).")
      .def(
          "simplify",
          [](Expr a, PyFacts *f) {
            PyFacts &F = factsOr(f);
            F.declare(a);
            return checked(F.solver.simplify(a));
          },
          py::arg("facts") = py::none(),
          "The expression simplified with the facts: equal to it for every "
          "value the facts allow.");
}

void symshape::python::bindRelation(py::module_ &m) {
  py::class_<Relation>(m, "Relation", R"doc(
A comparison of two expressions, built by <, <=, >, >=, eq() and ne().
It has no truth value: ask prove(), or add it to Facts.
)doc")
      .def_property_readonly("lhs", [](const Relation &r) { return r.lhs; })
      .def_property_readonly("rhs", [](const Relation &r) { return r.rhs; })
      .def_property_readonly("op",
                             [](const Relation &r) { return relOpText(r.op); })
      .def("__invert__",
           [](const Relation &r) {
             return Relation{r.lhs, r.rhs, negateOp(r.op)};
           })
      .def("__bool__",
           [](const Relation &r) -> bool {
             throw py::type_error(
                 "the relation '" + show(r.lhs) + " " + relOpText(r.op) + " " +
                 show(r.rhs) +
                 "' has no truth value: use prove() (True/False/None); "
                 "== on expressions compares canonical forms");
           })
      .def("__str__",
           [](const Relation &r) {
             return show(r.lhs) + " " + relOpText(r.op) + " " + show(r.rhs);
           })
      .def("__repr__", [](const Relation &r) {
        return "Relation('" + show(r.lhs) + " " + relOpText(r.op) + " " +
               show(r.rhs) + "')";
      });
}

void symshape::python::bindFacts(py::module_ &m) {
  py::class_<PyFacts>(m, "Facts", R"doc(
What is known about symbols beyond their declarations: relations between
expressions (a <= b, a < b, eq(a, b), ...), ranges of expressions and
divisors of symbols. Every query with these facts also uses the
declarations of the symbols it mentions.
)doc")
      .def(py::init([](py::args relations) {
             auto f = std::make_unique<PyFacts>();
             for (py::handle r : relations)
               addRelation(*f, r.cast<Relation>());
             return f;
           }),
           "Facts(*relations)")
      .def(
          "add",
          [](PyFacts &f, const Relation &r) -> PyFacts & {
            addRelation(f, r);
            return f;
          },
          py::return_value_policy::reference_internal,
          "Adds a relation (not !=). Raises ContradictionError, and adds "
          "nothing, if the facts are found contradictory.")
      .def(
          "assume_range",
          [](PyFacts &f, py::handle e, py::handle lo,
             py::handle hi) -> PyFacts & {
            assumeRange(f, e, lo, hi);
            return f;
          },
          py::arg("expr"), py::arg("lo") = py::none(),
          py::arg("hi") = py::none(),
          py::return_value_policy::reference_internal,
          "Adds lo <= expr <= hi (None or an infinity: unbounded).")
      .def(
          "assume_multiple",
          [](PyFacts &f, Expr e, py::handle d) -> PyFacts & {
            assumeMultiple(f, e, d);
            return f;
          },
          py::arg("symbol"), py::arg("divisor"),
          py::return_value_policy::reference_internal,
          "Adds that `divisor` divides the symbol.")
      .def("copy", [](const PyFacts &f) { return PyFacts(f); })
      .def("_mark", [](const PyFacts &f) { return f.facts.mark(); })
      .def("_rollback",
           [](PyFacts &f, size_t mark) { f.facts.rollback(mark); });
}

void symshape::python::bindRelationFunctions(py::module_ &m) {
  m.def(
      "eq",
      [](py::handle a, py::handle b) { return makeRelation(a, b, RelOp::EQ); },
      py::arg("a"), py::arg("b"), "The relation a == b.");
  m.def(
      "ne",
      [](py::handle a, py::handle b) { return makeRelation(a, b, RelOp::NE); },
      py::arg("a"), py::arg("b"), "The relation a != b (for prove()).");
  m.def(
      "le",
      [](py::handle a, py::handle b) { return makeRelation(a, b, RelOp::LE); },
      py::arg("a"), py::arg("b"), "The relation a <= b.");
  m.def(
      "lt",
      [](py::handle a, py::handle b) { return makeRelation(a, b, RelOp::LT); },
      py::arg("a"), py::arg("b"), "The relation a < b.");
  m.def(
      "ge",
      [](py::handle a, py::handle b) { return makeRelation(a, b, RelOp::GE); },
      py::arg("a"), py::arg("b"), "The relation a >= b.");
  m.def(
      "gt",
      [](py::handle a, py::handle b) { return makeRelation(a, b, RelOp::GT); },
      py::arg("a"), py::arg("b"), "The relation a > b.");
  m.def("prove", &prove, py::arg("relation"), py::arg("facts") = py::none(),
        R"doc(
Proves a relation under the facts (default: the symbols' declarations):
True if it holds for every value the facts allow, False if it fails for
every such value, None if neither is proven.
)doc");
}
