//===- ExprPrinter.cpp - Printing expressions -----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Expr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace symshape;

namespace {
/// Binding strength of the context an expression is printed in.
enum class Prec { Sum = 0, Product = 1, Atom = 2 };
} // namespace

static void printMagnitude(llvm::raw_ostream &os, int64_t v) {
  uint64_t mag =
      v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  os << mag;
}

using SymbolPrinter = llvm::function_ref<void(llvm::raw_ostream &, unsigned)>;

static void printExpr(Expr e, llvm::raw_ostream &os, Prec prec,
                      SymbolPrinter printSymbol);

/// Prints `|coeff| * term` (or just `term`), after the sign was printed.
/// `leadingMinus` is set when the sign was a unary minus, which binds tighter
/// than floordiv/ceildiv/mod, so such a term needs parentheses.
static void printTerm(Expr term, int64_t coeff, bool leadingMinus,
                      llvm::raw_ostream &os, SymbolPrinter printSymbol) {
  bool printCoeff = coeff != 1 && coeff != -1;
  if (printCoeff) {
    printMagnitude(os, coeff);
    os << " * ";
  }
  // `k * a * b` and `-a * b` read unambiguously as products; a division or
  // mod after a coefficient or a unary minus needs parentheses.
  bool needsAtom =
      (printCoeff || leadingMinus) && term.getKind() != ExprKind::Mul;
  printExpr(term, os, needsAtom ? Prec::Atom : Prec::Product, printSymbol);
}

static void printExpr(Expr e, llvm::raw_ostream &os, Prec prec,
                      SymbolPrinter printSymbol) {
  if (!e) {
    os << "<<null>>";
    return;
  }
  switch (e.getKind()) {
  case ExprKind::Constant: {
    int64_t v = e.getConstantValue();
    if (v < 0 && prec == Prec::Atom) {
      os << '(' << v << ')';
      return;
    }
    os << v;
    return;
  }
  case ExprKind::Symbol:
    printSymbol(os, e.getSymbolPosition());
    return;
  case ExprKind::Add: {
    // A single scaled term with no constant reads as a product.
    bool isProduct = e.getOperands().size() == 1 && e.getAddConstant() == 0 &&
                     e.getCoefficients()[0] > 0;
    bool parens = isProduct ? prec == Prec::Atom : prec != Prec::Sum;
    if (parens)
      os << '(';
    bool first = true;
    // `16 - s0` reads better than `-s0 + 16`: a positive constant goes first
    // when the sum would otherwise start with a minus.
    int64_t k = e.getAddConstant();
    bool constantFirst = k > 0 && e.getCoefficients()[0] < 0;
    if (constantFirst) {
      os << k;
      first = false;
    }
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
      if (first)
        os << (c < 0 ? "-" : "");
      else
        os << (c < 0 ? " - " : " + ");
      printTerm(t, c, first && c < 0, os, printSymbol);
      first = false;
    }
    if (k != 0 && !constantFirst) {
      os << (k < 0 ? " - " : " + ");
      printMagnitude(os, k);
    }
    if (parens)
      os << ')';
    return;
  }
  case ExprKind::Mul: {
    bool parens = prec == Prec::Atom;
    if (parens)
      os << '(';
    llvm::interleave(
        e.getOperands(), os,
        [&](Expr f) { printExpr(f, os, Prec::Atom, printSymbol); }, " * ");
    if (parens)
      os << ')';
    return;
  }
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod: {
    bool parens = prec == Prec::Atom;
    if (parens)
      os << '(';
    printExpr(e.getOperands()[0], os, Prec::Atom, printSymbol);
    os << (e.getKind() == ExprKind::FloorDiv  ? " floordiv "
           : e.getKind() == ExprKind::CeilDiv ? " ceildiv "
                                              : " mod ");
    printExpr(e.getOperands()[1], os, Prec::Atom, printSymbol);
    if (parens)
      os << ')';
    return;
  }
  case ExprKind::Max:
  case ExprKind::Min:
    os << (e.getKind() == ExprKind::Max ? "max(" : "min(");
    llvm::interleaveComma(e.getOperands(), os, [&](Expr op) {
      printExpr(op, os, Prec::Sum, printSymbol);
    });
    os << ')';
    return;
  }
}

void Expr::print(llvm::raw_ostream &os) const {
  printExpr(*this, os, Prec::Sum,
            [](llvm::raw_ostream &out, unsigned pos) { out << 's' << pos; });
}

void Expr::print(llvm::raw_ostream &os, SymbolPrinter printSymbol) const {
  printExpr(*this, os, Prec::Sum, printSymbol);
}

std::string Expr::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}

void Expr::dump() const {
  print(llvm::errs());
  llvm::errs() << "\n";
}
