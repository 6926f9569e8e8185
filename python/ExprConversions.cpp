//===- ExprConversions.cpp - Python values and expressions ----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The process-wide store of symbols, and the conversions between Python
// values and the engine's: integers, range bounds, symbols, the dialect's
// syntax with names, substitution and evaluation with Python mappings.
//
//===----------------------------------------------------------------------===//

#include "ExprBindingsInternal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <functional>
#include <limits>

namespace py = pybind11;
using namespace symshape;

namespace symshape::python {

//===----------------------------------------------------------------------===//
// The process-wide store
//===----------------------------------------------------------------------===//

/// Never destroyed: expressions may outlive the module's teardown.
Store &store() {
  static Store *s = new Store();
  return *s;
}

const SymbolInfo &symbolInfo(Expr symbol) {
  return store().symbols[symbol.getSymbolPosition()];
}

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

static py::object boundToPy(std::optional<int64_t> b, bool upper) {
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
// Parsing with names
//===----------------------------------------------------------------------===//

/// `s<digits>` -> the position, else std::nullopt.
static std::optional<unsigned> positional(StringRef ident) {
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
template <typename Fn>
static void forEachBinding(Expr e, py::handle mapping, Fn fn) {
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

} // namespace symshape::python
