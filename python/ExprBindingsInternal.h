//===- ExprBindingsInternal.h - symshape.expr's C++ side --------*- C++ -*-===//
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

#ifndef SYMSHAPE_PYTHON_EXPRBINDINGSINTERNAL_H
#define SYMSHAPE_PYTHON_EXPRBINDINGSINTERNAL_H

#include "symshape/Engine/Expr.h"
#include "symshape/Engine/Interval.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

// Shared by ExprBindings.cpp (the Expr class, bindExpr), ExprConversions.cpp
// (the store, conversions, parsing, substitution) and SolverBindings.cpp
// (facts, relations, proofs).
namespace symshape::python {

//===----------------------------------------------------------------------===//
// The process-wide store (ExprConversions.cpp)
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

/// The process-wide store.
Store &store();
const SymbolInfo &symbolInfo(Expr symbol);

//===----------------------------------------------------------------------===//
// Conversions (ExprConversions.cpp)
//===----------------------------------------------------------------------===//

int64_t toInt64(pybind11::handle h, const char *what);
std::optional<int64_t> toBound(pybind11::handle h, bool upper);
pybind11::tuple intervalToPy(const Interval &r);
std::optional<Expr> asExpr(pybind11::handle h);
Expr toExpr(pybind11::handle h);
Expr checked(Expr e);
void checkDivisor(Expr divisor);
std::string show(Expr e);
const char *kindName(ExprKind k);

Expr makeSymbol(const std::string &name, pybind11::object range,
                pybind11::object multiple, bool integer);

Expr parse(const std::string &text, pybind11::object symbols);
std::string toText(Expr e, pybind11::object symbols);

Expr subs(Expr e, pybind11::handle mapping);
int64_t evaluateExpr(Expr e, pybind11::handle mapping);

//===----------------------------------------------------------------------===//
// Relations, facts, proofs (SolverBindings.cpp)
//===----------------------------------------------------------------------===//

enum class RelOp { LE, LT, GE, GT, EQ, NE };

/// The relation `a op b` of two expressions or integers; NotImplemented for
/// other operands.
pybind11::object relation(pybind11::handle a, pybind11::handle b, RelOp op);

/// ContradictionError, raised where facts are found contradictory.
void bindContradictionError(pybind11::module_ &m);
/// Expr.range, Expr.divisor and Expr.simplify, under Facts.
void bindExprSolverQueries(pybind11::class_<Expr> &expr);
/// The class Relation.
void bindRelation(pybind11::module_ &m);
/// The class Facts.
void bindFacts(pybind11::module_ &m);
/// eq, ne, le, lt, ge, gt and prove.
void bindRelationFunctions(pybind11::module_ &m);

} // namespace symshape::python

#endif // SYMSHAPE_PYTHON_EXPRBINDINGSINTERNAL_H
