//===- ExprBindings.cpp - Expressions from Python -------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The class Expr of symshape.expr and the module's builders, and bindExpr,
// which binds the engine's half of the module from these and the parts in
// SolverBindings.cpp (see ExprBindingsInternal.h).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "ExprBindingsInternal.h"

#include "symshape/Engine/Expr.h"

#include <vector>

namespace py = pybind11;
using namespace symshape;
using namespace symshape::python;

namespace {

//===----------------------------------------------------------------------===//
// Builders with Python operands
//===----------------------------------------------------------------------===//

std::vector<Expr> operandList(py::args args, const char *what) {
  std::vector<Expr> ops;
  if (args.size() == 1 && !asExpr(args[0]) &&
      py::isinstance<py::iterable>(args[0])) {
    for (py::handle h : args[0])
      ops.push_back(toExpr(h));
  } else {
    for (py::handle h : args)
      ops.push_back(toExpr(h));
  }
  if (ops.empty())
    throw py::value_error(std::string(what) + " needs at least one operand");
  return ops;
}

Expr exprPower(Expr base, py::handle exponent) {
  int64_t n = toInt64(exponent, "exponent");
  if (n < 0)
    throw py::value_error("a negative power is not an integer expression");
  Expr r = store().ctx.getConstant(1);
  for (int64_t i = 0; i < n; ++i)
    r = checked(mul(r, base));
  return r;
}

using BinaryBuilder = Expr (*)(Expr, Expr);

template <BinaryBuilder build, bool division>
py::object binary(py::handle a, py::handle b) {
  std::optional<Expr> ea = asExpr(a), eb = asExpr(b);
  if (!ea || !eb)
    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  if (division)
    checkDivisor(*eb);
  return py::cast(checked(build(*ea, *eb)));
}

Expr addB(Expr a, Expr b) { return add(a, b); }
Expr subB(Expr a, Expr b) { return sub(a, b); }
Expr mulB(Expr a, Expr b) { return mul(a, b); }
Expr floorDivB(Expr a, Expr b) { return floorDiv(a, b); }
Expr ceilDivB(Expr a, Expr b) { return ceilDiv(a, b); }
Expr modB(Expr a, Expr b) { return mod(a, b); }

template <BinaryBuilder build, bool division>
Expr binaryFn(py::handle a, py::handle b) {
  Expr ea = toExpr(a), eb = toExpr(b);
  if (division)
    checkDivisor(eb);
  return checked(build(ea, eb));
}

} // namespace

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

/// +, -, *, //, %, /, ** and unary operators of Expr.
static void bindExprArithmetic(py::class_<Expr> &expr) {
  expr.def("__add__", binary<addB, false>, py::is_operator())
      .def(
          "__radd__",
          [](py::handle a, py::handle b) { return binary<addB, false>(b, a); },
          py::is_operator())
      .def("__sub__", binary<subB, false>, py::is_operator())
      .def(
          "__rsub__",
          [](py::handle a, py::handle b) { return binary<subB, false>(b, a); },
          py::is_operator())
      .def("__mul__", binary<mulB, false>, py::is_operator())
      .def(
          "__rmul__",
          [](py::handle a, py::handle b) { return binary<mulB, false>(b, a); },
          py::is_operator())
      .def("__floordiv__", binary<floorDivB, true>, py::is_operator())
      .def(
          "__rfloordiv__",
          [](py::handle a, py::handle b) {
            return binary<floorDivB, true>(b, a);
          },
          py::is_operator())
      .def("__mod__", binary<modB, true>, py::is_operator())
      .def(
          "__rmod__",
          [](py::handle a, py::handle b) { return binary<modB, true>(b, a); },
          py::is_operator())
      .def("__truediv__",
           [](py::handle, py::handle) -> py::object {
             throw py::type_error("symshape expressions are integers: use // "
                                  "(floordiv) or ceildiv()");
           })
      .def("__rtruediv__",
           [](py::handle, py::handle) -> py::object {
             throw py::type_error("symshape expressions are integers: use // "
                                  "(floordiv) or ceildiv()");
           })
      .def("__pow__", [](Expr a, py::handle n) { return exprPower(a, n); })
      .def("__neg__", [](Expr a) { return checked(neg(a)); })
      .def("__pos__", [](Expr a) { return a; });
}

/// ==, != and hash (canonical form); <, <=, >, >= (relations).
static void bindExprComparisons(py::class_<Expr> &expr) {
  expr.def(
          "__eq__",
          [](Expr a, py::handle b) -> py::object {
            std::optional<Expr> eb = asExpr(b);
            if (!eb)
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(a == *eb);
          },
          py::is_operator())
      .def(
          "__ne__",
          [](Expr a, py::handle b) -> py::object {
            std::optional<Expr> eb = asExpr(b);
            if (!eb)
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(a != *eb);
          },
          py::is_operator())
      .def("__hash__",
           [](Expr a) -> py::ssize_t {
             // A constant is == to its int, so it hashes like it.
             if (a.isConstant())
               return py::hash(py::int_(a.getConstantValue()));
             return static_cast<py::ssize_t>(
                 std::hash<const void *>()(a.getAsOpaquePointer()));
           })
      .def(
          "__le__",
          [](py::handle a, py::handle b) { return relation(a, b, RelOp::LE); },
          py::is_operator())
      .def(
          "__lt__",
          [](py::handle a, py::handle b) { return relation(a, b, RelOp::LT); },
          py::is_operator())
      .def(
          "__ge__",
          [](py::handle a, py::handle b) { return relation(a, b, RelOp::GE); },
          py::is_operator())
      .def(
          "__gt__",
          [](py::handle a, py::handle b) { return relation(a, b, RelOp::GT); },
          py::is_operator());
}

/// bool, int, index, str, repr and copies of an Expr.
static void bindExprProtocols(py::class_<Expr> &expr) {
  expr.def("__bool__",
           [](Expr a) {
             if (a.isConstant())
               return a.getConstantValue() != 0;
             throw py::type_error("the truth value of the symbolic "
                                  "expression '" +
                                  show(a) + "' is not known");
           })
      .def("__int__",
           [](Expr a) {
             if (!a.isConstant())
               throw py::type_error("'" + show(a) + "' is not a constant");
             return a.getConstantValue();
           })
      .def("__index__",
           [](Expr a) {
             if (!a.isConstant())
               throw py::type_error("'" + show(a) + "' is not a constant");
             return a.getConstantValue();
           })
      .def("__str__", [](Expr a) { return show(a); })
      .def("__repr__", [](Expr a) { return "Expr('" + show(a) + "')"; })
      .def("__copy__", [](Expr a) { return a; })
      .def("__deepcopy__", [](Expr a, py::handle) { return a; });
}

/// The kind, value, operands and coefficients of an Expr.
static void bindExprStructure(py::class_<Expr> &expr) {
  expr.def_property_readonly(
          "kind", [](Expr a) { return kindName(a.getKind()); },
          "One of constant, symbol, add, mul, floordiv, ceildiv, mod, max, "
          "min.")
      .def_property_readonly(
          "value",
          [](Expr a) -> py::object {
            if (a.isConstant())
              return py::int_(a.getConstantValue());
            return py::none();
          },
          "The value of a constant, else None.")
      .def_property_readonly(
          "operands",
          [](Expr a) {
            py::tuple t(a.getOperands().size());
            size_t i = 0;
            for (Expr op : a.getOperands())
              t[i++] = py::cast(op);
            return t;
          },
          "The terms of a sum, the factors of a product (repeated for "
          "powers), (lhs, rhs) of floordiv/ceildiv/mod, the operands of "
          "max/min; () for a leaf.")
      .def_property_readonly(
          "coefficients",
          [](Expr a) {
            if (a.getKind() != ExprKind::Add)
              return py::tuple();
            py::tuple t(a.getCoefficients().size());
            size_t i = 0;
            for (int64_t c : a.getCoefficients())
              t[i++] = py::int_(c);
            return t;
          },
          "The coefficient of each term of a sum; () otherwise.")
      .def_property_readonly(
          "constant_term",
          [](Expr a) -> int64_t {
            if (a.getKind() == ExprKind::Add)
              return a.getAddConstant();
            if (a.isConstant())
              return a.getConstantValue();
            return 0;
          },
          "The constant term of a sum (the value of a constant; else 0).")
      .def_property_readonly("is_constant", &Expr::isConstant)
      .def_property_readonly("is_symbol", &Expr::isSymbol);
}

/// The symbols of an Expr and the declaration of a symbol.
static void bindExprSymbols(py::class_<Expr> &expr) {
  expr.def_property_readonly(
          "symbols",
          [](Expr a) {
            py::tuple t(a.getSymbolsUsed().size());
            size_t i = 0;
            for (unsigned pos : a.getSymbolsUsed())
              t[i++] = py::cast(store().ctx.getSymbol(pos));
            return t;
          },
          "The symbols the expression uses, in creation order.")
      .def_property_readonly(
          "name",
          [](Expr a) -> py::object {
            if (!a.isSymbol())
              return py::none();
            return py::str(symbolInfo(a).name);
          },
          "The name of a symbol, else None.")
      .def_property_readonly(
          "is_size",
          [](Expr a) -> py::object {
            if (!a.isSymbol())
              return py::none();
            return py::bool_(symbolInfo(a).isSize);
          },
          "For a symbol: True for a size (non-negative), False for an "
          "integer.")
      .def_property_readonly(
          "declared_range",
          [](Expr a) -> py::object {
            if (!a.isSymbol())
              return py::none();
            const SymbolInfo &s = symbolInfo(a);
            return intervalToPy(Interval(s.lo, s.hi));
          },
          "For a symbol: the range it was declared with, (lo, hi) with "
          "-math.inf/math.inf for an unbounded end.")
      .def_property_readonly(
          "multiple_of",
          [](Expr a) -> py::object {
            if (!a.isSymbol())
              return py::none();
            return py::int_(symbolInfo(a).divisor);
          },
          "For a symbol: the divisor it was declared with (1 for none).");
}

/// subs, evaluate, to_text and tree_size of an Expr.
static void bindExprSubstitution(py::class_<Expr> &expr) {
  expr.def("subs", &subs, py::arg("mapping"),
           "The expression with symbols (keys: symbols or names) replaced by "
           "expressions or integers.")
      .def("evaluate", &evaluateExpr, py::arg("values"),
           "The value with every symbol bound (keys: symbols or names).")
      .def("to_text", &toText, py::arg("symbols") = py::none(),
           "The dialect's syntax, with symbols[i] written s<i> (default: "
           "the expression's own symbols, in order).")
      .def_property_readonly("tree_size", &Expr::getTreeSize);
}

/// Symbol, constant, parse and the builders smax, smin, floordiv, ceildiv
/// and mod.
static void bindExprFunctions(py::module_ &m) {
  m.def("Symbol", &makeSymbol, py::arg("name"), py::arg("range") = py::none(),
        py::arg("multiple_of") = py::none(), py::arg("integer") = false,
        R"doc(
A symbol: a size (non-negative, default range [0, inf]) or, with
integer=True, an integer of any sign. range=(lo, hi) with None or
math.inf for an unbounded end; multiple_of=d states d | symbol. The same
name and declaration give the same symbol.
)doc");
  m.def(
      "constant", [](py::handle v) { return toExpr(v); }, py::arg("value"),
      "The constant expression of an integer.");
  m.def("parse", &parse, py::arg("text"), py::arg("symbols") = py::none(),
        R"doc(
Parses the dialect's expression syntax (docs/Dialect.md). With a list of
symbols, s<i> is symbols[i] and a symbol's name stands for it; with a
mapping, names are looked up in it; with None, s<i> is Symbol("s<i>").
)doc");
  m.def(
      "smax",
      [](py::args args) {
        return checked(
            symshape::max(ArrayRef<Expr>(operandList(args, "smax"))));
      },
      "max of one or more expressions (torch.sym_max).");
  m.def(
      "smin",
      [](py::args args) {
        return checked(
            symshape::min(ArrayRef<Expr>(operandList(args, "smin"))));
      },
      "min of one or more expressions (torch.sym_min).");
  m.def("floordiv", &binaryFn<floorDivB, true>, py::arg("a"), py::arg("b"),
        "a floordiv b (rounds toward -inf, as Python's //).");
  m.def("ceildiv", &binaryFn<ceilDivB, true>, py::arg("a"), py::arg("b"),
        "a ceildiv b (rounds toward +inf).");
  m.def("mod", &binaryFn<modB, true>, py::arg("a"), py::arg("b"),
        "a mod b (the sign of b, as Python's %).");
}

void symshape::python::bindExpr(py::module_ &m) {
  // In the order of definition: a signature names the Python class of a type
  // only if that class is bound before it.
  bindContradictionError(m);

  py::class_<Expr> expr(m, "Expr", R"doc(
A symbolic integer expression in the engine's canonical form.

Expressions are uniqued: two expressions with the same canonical form are
the same object for the engine, so ``==`` (a bool) and ``hash`` follow the
canonical form. ``<``, ``<=``, ``>``, ``>=`` build a Relation (for prove()
and Facts); ``eq(a, b)`` builds an equality relation.
)doc");

  bindExprArithmetic(expr);
  bindExprComparisons(expr);
  bindExprProtocols(expr);
  bindExprStructure(expr);
  bindExprSymbols(expr);
  bindExprSolverQueries(expr);
  bindExprSubstitution(expr);

  bindRelation(m);
  bindFacts(m);
  bindExprFunctions(m);
  bindRelationFunctions(m);
}
