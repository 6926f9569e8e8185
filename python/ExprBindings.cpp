//===- ExprBindings.cpp - The symbolic engine from Python -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// symshape.expr over the engine (include/symshape/Engine):
//   * one process-wide ExprContext, so that an expression is one uniqued
//     object and Python's == and hash are the engine's identity;
//   * a process-wide table of symbols. A symbol is its name together with
//     its declaration (size or integer, range, divisor), as a sympy symbol
//     is its name together with its assumptions: Symbol("n", range=(1, 8))
//     twice is one symbol, and a different declaration of "n" is another
//     symbol that prints the same;
//   * Facts: the engine's Facts and a Solver over them. Every query first
//     declares the symbols it mentions (never undone), so a Facts object
//     holds the symbols' declarations plus what was added to it.
//
// Nothing here releases the GIL: the GIL serializes access to the tables.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "symshape/Engine/Expr.h"
#include "symshape/Engine/Facts.h"
#include "symshape/Engine/Interval.h"
#include "symshape/Engine/Solver.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace py = pybind11;
using namespace symshape;

namespace {

//===----------------------------------------------------------------------===//
// The process-wide store
//===----------------------------------------------------------------------===//

struct SymbolInfo {
  std::string name;
  bool isSize = true;
  std::optional<int64_t> lo, hi;
  int64_t divisor = 1;
};

using SymbolKey = std::tuple<std::string, bool, std::optional<int64_t>,
                             std::optional<int64_t>, int64_t>;

struct Store {
  ExprContext ctx;
  std::vector<SymbolInfo> symbols;
  std::map<SymbolKey, unsigned> index;
};

/// Never destroyed: expressions may outlive the module's teardown.
Store &store() {
  static Store *s = new Store();
  return *s;
}

const SymbolInfo &symbolInfo(Expr symbol) {
  return store().symbols[symbol.getSymbolPosition()];
}

/// Thrown when facts are found contradictory; a Python ContradictionError.
struct ContradictionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// The int64 value of a Python integer (or an object with __index__).
int64_t toInt64(py::handle h, const char *what) {
  PyObject *index = PyNumber_Index(h.ptr());
  if (!index)
    throw py::error_already_set();
  py::object owned = py::reinterpret_steal<py::object>(index);
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
  if (overflow)
    throw py::value_error(std::string(what) + " does not fit in 64 bits: " +
                          py::str(h).cast<std::string>());
  if (v == -1 && PyErr_Occurred())
    throw py::error_already_set();
  return v;
}

/// A range bound: None or an infinity of the right sign for unbounded, an
/// integer (or an integral float) otherwise.
std::optional<int64_t> toBound(py::handle h, bool upper) {
  if (h.is_none())
    return std::nullopt;
  if (PyFloat_Check(h.ptr())) {
    double d = PyFloat_AsDouble(h.ptr());
    if (std::isinf(d)) {
      if ((d > 0) != upper)
        throw py::value_error(upper ? "an upper bound cannot be -inf"
                                    : "a lower bound cannot be +inf");
      return std::nullopt;
    }
    if (d != std::floor(d) || std::fabs(d) >= 9.2e18)
      throw py::value_error("a range bound must be an integer, got " +
                            py::str(h).cast<std::string>());
    return static_cast<int64_t>(d);
  }
  return toInt64(h, "range bound");
}

py::object boundToPy(std::optional<int64_t> b, bool upper) {
  if (!b)
    return py::float_(upper ? std::numeric_limits<double>::infinity()
                            : -std::numeric_limits<double>::infinity());
  return py::int_(*b);
}

py::tuple intervalToPy(const Interval &r) {
  return py::make_tuple(boundToPy(r.getLo(), false),
                        boundToPy(r.getHi(), true));
}

/// An expression from an Expr or an integer; std::nullopt for anything else.
std::optional<Expr> asExpr(py::handle h) {
  if (py::isinstance<Expr>(h))
    return h.cast<Expr>();
  if (PyBool_Check(h.ptr()) || !PyIndex_Check(h.ptr()) ||
      PyFloat_Check(h.ptr()))
    return std::nullopt;
  return store().ctx.getConstant(toInt64(h, "integer"));
}

Expr toExpr(py::handle h) {
  if (std::optional<Expr> e = asExpr(h))
    return *e;
  throw py::type_error("expected a symshape expression or an integer, got " +
                       py::str(py::type::handle_of(h)).cast<std::string>());
}

Expr checked(Expr e) {
  if (!e)
    throw py::value_error(
        "expression is not representable: int64 overflow of a coefficient");
  return e;
}

void checkDivisor(Expr divisor) {
  if (divisor.isConstant() && divisor.getConstantValue() == 0)
    throw py::value_error("division by zero in expression");
}

std::string show(Expr e) {
  std::string s;
  llvm::raw_string_ostream os(s);
  e.print(os, [](llvm::raw_ostream &out, unsigned pos) {
    out << store().symbols[pos].name;
  });
  return s;
}

const char *kindName(ExprKind k) {
  switch (k) {
  case ExprKind::Constant:
    return "constant";
  case ExprKind::Symbol:
    return "symbol";
  case ExprKind::Add:
    return "add";
  case ExprKind::Mul:
    return "mul";
  case ExprKind::FloorDiv:
    return "floordiv";
  case ExprKind::CeilDiv:
    return "ceildiv";
  case ExprKind::Mod:
    return "mod";
  case ExprKind::Max:
    return "max";
  case ExprKind::Min:
    return "min";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Symbols
//===----------------------------------------------------------------------===//

Expr makeSymbol(const std::string &name, py::object range, py::object multiple,
                bool integer) {
  if (name.empty())
    throw py::value_error("a symbol needs a non-empty name");
  SymbolInfo info;
  info.name = name;
  info.isSize = !integer;
  if (!range.is_none()) {
    py::sequence seq = py::reinterpret_borrow<py::sequence>(range);
    if (!py::isinstance<py::sequence>(range) || py::len(seq) != 2)
      throw py::value_error("range must be a pair (lo, hi); use None or "
                            "math.inf for an unbounded end");
    info.lo = toBound(seq[0], /*upper=*/false);
    info.hi = toBound(seq[1], /*upper=*/true);
  }
  if (!multiple.is_none())
    info.divisor = toInt64(multiple, "multiple_of");
  std::string where = "symbol '" + name + "': ";
  if (info.divisor < 1)
    throw py::value_error(where + "multiple_of must be >= 1");
  if (info.isSize) {
    if (info.hi && *info.hi < 0)
      throw py::value_error(where + "a size cannot have a negative range "
                                    "(use integer=True for an integer)");
    if (info.lo && *info.lo < 0)
      throw py::value_error(where + "a size is non-negative: the range must "
                                    "start at 0 or above (use integer=True "
                                    "for an integer)");
    if (!info.lo)
      info.lo = 0;
  }
  Interval r(info.lo, info.hi);
  if (r.isEmpty())
    throw py::value_error(where + "empty range " + r.str());
  if (r.roundToMultiple(info.divisor).isEmpty())
    throw py::value_error(where + "the range " + r.str() +
                          " has no multiple of " +
                          std::to_string(info.divisor));
  Store &s = store();
  SymbolKey key{info.name, info.isSize, info.lo, info.hi, info.divisor};
  auto it = s.index.find(key);
  if (it != s.index.end())
    return s.ctx.getSymbol(it->second);
  unsigned pos = s.symbols.size();
  s.symbols.push_back(info);
  s.index.emplace(key, pos);
  return s.ctx.getSymbol(pos);
}

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

enum class RelOp { LE, LT, GE, GT, EQ, NE };

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

py::object relation(py::handle a, py::handle b, RelOp op) {
  std::optional<Expr> ea = asExpr(a), eb = asExpr(b);
  if (!ea || !eb)
    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::cast(Relation{*ea, *eb, op});
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

//===----------------------------------------------------------------------===//
// Parsing with names
//===----------------------------------------------------------------------===//

/// `s<digits>` -> the position, else std::nullopt.
std::optional<unsigned> positional(StringRef ident) {
  if (ident.size() < 2 || ident[0] != 's' ||
      !llvm::all_of(ident.drop_front(), llvm::isDigit))
    return std::nullopt;
  unsigned k;
  if (ident.drop_front().getAsInteger(10, k))
    return std::nullopt;
  return k;
}

Expr parse(const std::string &text, py::object symbols) {
  std::vector<Expr> locals;
  std::map<std::string, unsigned, std::less<>> byName;
  std::function<std::optional<unsigned>(StringRef)> resolve;
  std::string outOfRange;
  if (symbols.is_none()) {
    // `s<i>` is the plain size symbol named "s<i>".
    resolve = [&](StringRef ident) -> std::optional<unsigned> {
      if (!positional(ident))
        return std::nullopt;
      auto [it, inserted] = byName.try_emplace(ident.str(), locals.size());
      if (inserted)
        locals.push_back(makeSymbol(ident.str(), py::none(), py::none(),
                                    /*integer=*/false));
      return it->second;
    };
  } else if (py::isinstance<py::dict>(symbols) ||
             py::hasattr(symbols, "keys")) {
    // By name, from a mapping name -> symbol.
    py::object items = symbols.attr("items")();
    for (py::handle item : items) {
      auto pair = item.cast<py::tuple>();
      Expr e = toExpr(pair[1]);
      byName[py::str(pair[0]).cast<std::string>()] = locals.size();
      locals.push_back(e);
    }
    resolve = [&](StringRef ident) -> std::optional<unsigned> {
      auto it = byName.find(ident);
      if (it == byName.end())
        return std::nullopt;
      return it->second;
    };
  } else {
    // A sequence: `s<i>` is its i-th element (the dialect's positional
    // syntax); other identifiers are the names of its symbols.
    for (py::handle h : symbols) {
      Expr e = toExpr(h);
      if (e.isSymbol())
        byName.try_emplace(symbolInfo(e).name, locals.size());
      locals.push_back(e);
    }
    resolve = [&](StringRef ident) -> std::optional<unsigned> {
      if (std::optional<unsigned> k = positional(ident)) {
        if (*k < locals.size())
          return *k;
        outOfRange = ident.str();
        return std::nullopt;
      }
      auto it = byName.find(ident);
      if (it == byName.end())
        return std::nullopt;
      return it->second;
    };
  }
  std::string msg;
  Expr e = parseExpr(store().ctx, text, &msg, resolve);
  if (!e) {
    if (!outOfRange.empty())
      msg = "symbol " + outOfRange +
            " out of range: " + std::to_string(locals.size()) +
            " symbols given (" + msg + ")";
    throw py::value_error("cannot parse '" + text + "': " + msg);
  }
  return checked(substitute(e, locals));
}

/// The dialect syntax, `s<i>` standing for symbols[i].
std::string toText(Expr e, py::object symbols) {
  llvm::DenseMap<unsigned, unsigned> index;
  if (symbols.is_none()) {
    unsigned i = 0;
    for (unsigned pos : e.getSymbolsUsed())
      index[pos] = i++;
  } else {
    unsigned i = 0;
    for (py::handle h : symbols) {
      Expr s = toExpr(h);
      if (!s.isSymbol())
        throw py::value_error("to_text: symbols must be symbols, got " +
                              show(s));
      index.try_emplace(s.getSymbolPosition(), i++);
    }
    for (unsigned pos : e.getSymbolsUsed())
      if (!index.count(pos))
        throw py::value_error("to_text: symbol '" + store().symbols[pos].name +
                              "' is not in the given symbols");
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  e.print(os, [&](llvm::raw_ostream &out, unsigned pos) {
    out << 's' << index.lookup(pos);
  });
  return s;
}

//===----------------------------------------------------------------------===//
// Substitution and evaluation
//===----------------------------------------------------------------------===//

/// Calls `fn(position, value)` for every entry of a mapping whose key is a
/// symbol or the name of symbols of `e`.
template <typename Fn> void forEachBinding(Expr e, py::handle mapping, Fn fn) {
  py::object items = mapping.attr("items")();
  for (py::handle item : items) {
    auto pair = item.cast<py::tuple>();
    py::handle key = pair[0];
    if (py::isinstance<py::str>(key)) {
      std::string name = key.cast<std::string>();
      for (unsigned pos : e.getSymbolsUsed())
        if (store().symbols[pos].name == name)
          fn(pos, pair[1]);
      continue;
    }
    Expr s = toExpr(key);
    if (!s.isSymbol())
      throw py::value_error("a key must be a symbol or a name, got " + show(s));
    fn(s.getSymbolPosition(), pair[1]);
  }
}

Expr subs(Expr e, py::handle mapping) {
  llvm::DenseMap<unsigned, Expr> repl;
  forEachBinding(e, mapping,
                 [&](unsigned pos, py::handle v) { repl[pos] = toExpr(v); });
  return checked(
      substituteSymbols(e, [&](unsigned pos) { return repl.lookup(pos); }));
}

int64_t evaluateExpr(Expr e, py::handle mapping) {
  std::vector<int64_t> values(e.getNumSymbolsUsed(), 0);
  llvm::DenseSet<unsigned> bound;
  forEachBinding(e, mapping, [&](unsigned pos, py::handle v) {
    if (pos < values.size()) {
      values[pos] = toInt64(v, "value");
      bound.insert(pos);
    }
  });
  for (unsigned pos : e.getSymbolsUsed())
    if (!bound.count(pos))
      throw py::key_error("no value for symbol '" + store().symbols[pos].name +
                          "'");
  std::optional<int64_t> v = evaluate(e, values);
  if (!v)
    throw py::value_error("cannot evaluate " + show(e) +
                          ": division by zero or int64 overflow");
  return *v;
}

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

void symshape::python::bindExpr(py::module_ &m) {
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

  py::class_<Expr> expr(m, "Expr", R"doc(
A symbolic integer expression in the engine's canonical form.

Expressions are uniqued: two expressions with the same canonical form are
the same object for the engine, so ``==`` (a bool) and ``hash`` follow the
canonical form. ``<``, ``<=``, ``>``, ``>=`` build a Relation (for prove()
and Facts); ``eq(a, b)`` builds an equality relation.
)doc");

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
      .def("__pos__", [](Expr a) { return a; })
      .def(
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
          py::is_operator())
      .def("__bool__",
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
      .def("__deepcopy__", [](Expr a, py::handle) { return a; })
      .def_property_readonly(
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
      .def_property_readonly("is_symbol", &Expr::isSymbol)
      .def_property_readonly(
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
          "For a symbol: the divisor it was declared with (1 for none).")
      .def(
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
          "value the facts allow.")
      .def("subs", &subs, py::arg("mapping"),
           "The expression with symbols (keys: symbols or names) replaced by "
           "expressions or integers.")
      .def("evaluate", &evaluateExpr, py::arg("values"),
           "The value with every symbol bound (keys: symbols or names).")
      .def("to_text", &toText, py::arg("symbols") = py::none(),
           "The dialect's syntax, with symbols[i] written s<i> (default: "
           "the expression's own symbols, in order).")
      .def_property_readonly("tree_size", &Expr::getTreeSize);

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
