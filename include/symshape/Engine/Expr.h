//===- Expr.h - Canonical symbolic integer expressions ----------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Symbolic integer expressions in one canonical normal form, uniqued in an
// ExprContext so that two expressions with the same form are the same object.
//
// The normal form:
//   * Constant(c) and Symbol(i) are leaves. Symbols are positional (`s0`,
//     `s1`, ...); what a symbol denotes and what is known about it (range,
//     divisor, size or integer) lives outside the store, in `Facts`.
//   * Add is an ordered sum of monomials with non-zero int64 coefficients and
//     an int64 constant term. A sum never holds a Constant or an Add term, and
//     a sum of one term with coefficient 1 and constant 0 is that term.
//   * Mul is a monomial: a sorted product (with repetition for powers) of at
//     least two atoms. Its coefficient is always 1; scaling lives in Add.
//   * FloorDiv, CeilDiv, Mod (floor semantics, as Python), Max and Min are
//     atoms over canonical operands. Max/Min are flattened, sorted,
//     deduplicated, with constants folded and operands that differ from another
//     operand by a constant removed when dominated.
//
// Every builder is fact-free: it applies only identities that hold for all
// integer values of the symbols. Coefficient arithmetic is checked: a result
// that does not fit int64 is the null expression, and every builder propagates
// null. Different objects mean "not known equal", never "different".
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ENGINE_EXPR_H
#define SYMSHAPE_ENGINE_EXPR_H

#include "mlir/Support/LLVM.h"
#include "symshape/Engine/Cutoffs.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace symshape {

// Common LLVM/MLIR support names, as mlir/Support/LLVM.h does for `mlir`.
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::SmallVectorImpl;
using llvm::StringRef;
using llvm::Twine;
using mlir::failed;
using mlir::failure;
using mlir::FailureOr;
using mlir::LogicalResult;
using mlir::succeeded;
using mlir::success;

class ExprContext;

class Expr;

/// The kinds of expression nodes. The order is the canonical order of atoms
/// of different kinds.
enum class ExprKind : uint8_t {
  Constant,
  Symbol,
  Add,
  Mul,
  FloorDiv,
  CeilDiv,
  Mod,
  Max,
  Min,
};

namespace detail {
/// The node an Expr points to, uniqued and immutable (ExprContext owns it).
/// Its layout is here so that the accessors below inline: they are on every
/// path of the engine.
struct ExprStorage {
  ExprKind kind;
  /// For a sum: the wrapping sum of its terms' hashes, from which the store
  /// hashes it (a sum extended by one term adds that term's hash instead of
  /// hashing every term again). 0 for other kinds.
  uint32_t termHashes;
  /// A Constant's value, a Symbol's position, an Add's constant term.
  int64_t value;
  ArrayRef<Expr> operands;
  ArrayRef<int64_t> coefficients;
  /// Positions of the symbols used, sorted, unique.
  ArrayRef<unsigned> symbols;
  ExprContext *context;
  /// For a sum built by adding one term to another sum: that sum, and the
  /// position of the added term among this node's operands (Expr::
  /// getExtendedSum). Null otherwise.
  const ExprStorage *extended;
  unsigned extensionIndex;
};
} // namespace detail

/// A handle to a uniqued expression. Cheap to copy; compares by identity,
/// which is structural equality of the canonical form. A default-constructed
/// Expr is null and stands for "not representable" (for example a coefficient
/// that overflowed int64); every operation on a null Expr yields null.
class Expr {
public:
  Expr() = default;
  explicit Expr(const detail::ExprStorage *storage) : storage(storage) {}

  explicit operator bool() const { return storage != nullptr; }
  bool operator==(Expr other) const { return storage == other.storage; }
  bool operator!=(Expr other) const { return storage != other.storage; }

  ExprKind getKind() const;
  ExprContext &getContext() const;

  bool isConstant() const { return storage && getKind() == ExprKind::Constant; }
  bool isSymbol() const { return storage && getKind() == ExprKind::Symbol; }
  /// True for the non-polynomial atoms: floordiv, ceildiv, mod, max, min.
  bool isNonPolynomialAtom() const;
  /// True if this expression may appear as a factor of a monomial (a symbol
  /// or a non-polynomial atom).
  bool isAtom() const { return isSymbol() || isNonPolynomialAtom(); }

  /// The value of a Constant.
  int64_t getConstantValue() const;
  /// The value if this is a Constant, else std::nullopt.
  std::optional<int64_t> getConstantOrNone() const {
    if (isConstant())
      return getConstantValue();
    return std::nullopt;
  }
  /// The position of a Symbol.
  unsigned getSymbolPosition() const;

  /// Operands: the terms of an Add, the factors of a Mul, the (lhs, rhs) of a
  /// division or mod, the operands of a Max or Min. Empty for leaves.
  ArrayRef<Expr> getOperands() const;
  /// The coefficients of an Add, one per term.
  ArrayRef<int64_t> getCoefficients() const;
  /// The constant term of an Add.
  int64_t getAddConstant() const;
  /// For a sum built by adding one term to another sum (a frontend's
  /// `v = v + d` chain): that shorter sum, whose terms, coefficients and
  /// constant are this one's without operand getExtensionIndex(). What is
  /// known of it carries over to this sum in constant time (the Solver's
  /// ranges, divisors and substitutions). Null where the node was built
  /// otherwise: the link is a shortcut, never needed for an answer.
  Expr getExtendedSum() const;
  /// The position of the term added to getExtendedSum() (only with one).
  unsigned getExtensionIndex() const;
  /// Sums of fewer terms are not linked (getExtendedSum), and the Solver
  /// keeps nothing for them to be extended from: walking their terms costs
  /// less than the bookkeeping.
  static constexpr size_t kMinExtendedSumTerms = 8;

  /// Number of nodes in the expression tree (shared subtrees counted each
  /// time they occur).
  size_t getTreeSize() const;
  /// 1 + the largest symbol position used, or 0 if no symbol is used.
  unsigned getNumSymbolsUsed() const;
  /// The positions of the symbols that occur in this expression, sorted and
  /// unique (stored with the node: no walk). Loop over these rather than
  /// over `0 .. getNumSymbolsUsed()`, whose length grows with the number of
  /// symbols in the context.
  llvm::ArrayRef<unsigned> getSymbolsUsed() const;
  /// True if symbol `pos` occurs in this expression (a binary search).
  bool usesSymbol(unsigned pos) const;

  void print(llvm::raw_ostream &os) const;
  /// Prints with symbols printed by `printSymbol` (for names in reports and
  /// diagnostics; the result need not parse back).
  void print(llvm::raw_ostream &os,
             llvm::function_ref<void(llvm::raw_ostream &, unsigned)>
                 printSymbol) const;
  std::string str() const;
  void dump() const;

  const void *getAsOpaquePointer() const { return storage; }
  static Expr getFromOpaquePointer(const void *ptr) {
    return Expr(static_cast<const detail::ExprStorage *>(ptr));
  }

  friend llvm::hash_code hash_value(Expr e) {
    return llvm::hash_value(e.storage);
  }

private:
  const detail::ExprStorage *storage = nullptr;
};

inline ExprKind Expr::getKind() const { return storage->kind; }
inline ExprContext &Expr::getContext() const { return *storage->context; }
inline int64_t Expr::getConstantValue() const {
  assert(isConstant() && "not a constant");
  return storage->value;
}
inline unsigned Expr::getSymbolPosition() const {
  assert(isSymbol() && "not a symbol");
  return static_cast<unsigned>(storage->value);
}
inline ArrayRef<Expr> Expr::getOperands() const { return storage->operands; }
inline ArrayRef<int64_t> Expr::getCoefficients() const {
  return storage->coefficients;
}
inline int64_t Expr::getAddConstant() const {
  assert(getKind() == ExprKind::Add && "not a sum");
  return storage->value;
}
inline Expr Expr::getExtendedSum() const {
  return storage ? Expr(storage->extended) : Expr();
}
inline unsigned Expr::getExtensionIndex() const {
  assert(getExtendedSum() && "not a sum extending another");
  return storage->extensionIndex;
}
inline ArrayRef<unsigned> Expr::getSymbolsUsed() const {
  return storage ? storage->symbols : ArrayRef<unsigned>();
}
inline unsigned Expr::getNumSymbolsUsed() const {
  return storage && !storage->symbols.empty() ? storage->symbols.back() + 1 : 0;
}

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Expr e) {
  e.print(os);
  return os;
}

/// A deterministic total order on canonical expressions, independent of
/// allocation addresses. Returns <0, 0 or >0.
int compareExprs(Expr a, Expr b);

/// Owns the uniqued expression store. Thread-safe: passes running on several
/// functions at once may build expressions concurrently. In the symshape
/// dialect, one ExprContext lives in the dialect of each MLIRContext.
class ExprContext {
public:
  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext &) = delete;
  ExprContext &operator=(const ExprContext &) = delete;

  Expr getConstant(int64_t value);
  Expr getSymbol(unsigned position);

  /// Internal: uniques a node already in canonical form. `extends`, for a
  /// sum, is a sum that it may extend by one term: a node created here keeps
  /// it as Expr::getExtendedSum() if it does (checked).
  Expr getNode(ExprKind kind, int64_t value, ArrayRef<Expr> operands,
               ArrayRef<int64_t> coefficients, Expr extends = Expr());
  /// Internal: the result of building (`kind`, `a`, `b`) with a builder of
  /// two operands, through a memo of such results (a builder is a pure
  /// function of its operands, which are uniqued).
  Expr getMemoized(ExprKind kind, Expr a, Expr b,
                   llvm::function_ref<Expr()> build);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

//===----------------------------------------------------------------------===//
// Builders. All take canonical operands, return canonical results, and
// propagate null.
//===----------------------------------------------------------------------===//

Expr add(Expr a, Expr b);
Expr add(Expr a, int64_t b);
Expr sub(Expr a, Expr b);
Expr sub(Expr a, int64_t b);
Expr mul(Expr a, Expr b);
Expr mul(Expr a, int64_t b);
Expr neg(Expr a);
/// Floor division; a null result for a zero constant divisor.
Expr floorDiv(Expr a, Expr b);
Expr floorDiv(Expr a, int64_t b);
/// Ceiling division; a null result for a zero constant divisor.
Expr ceilDiv(Expr a, Expr b);
Expr ceilDiv(Expr a, int64_t b);
/// Floor modulo (the result has the sign of the divisor, as in Python); a
/// null result for a zero constant divisor.
Expr mod(Expr a, Expr b);
Expr mod(Expr a, int64_t b);
/// An operand that is itself a max (min) of at most this many operands is
/// flattened into the max (min) being built; a wider one stays nested, so
/// that a chain max(max(...), d) builds expressions of bounded width.
constexpr size_t kMaxFlattenedWidth = cutoff<size_t>(16);

/// Max/Min of a non-empty list of expressions: nested max (min) operands of
/// at most kMaxFlattenedWidth operands flattened, operands sorted and
/// deduplicated, those another exceeds by a constant dropped, constants
/// folded into one.
Expr max(ArrayRef<Expr> operands);
Expr min(ArrayRef<Expr> operands);
inline Expr max(Expr a, Expr b) { return max(ArrayRef<Expr>{a, b}); }
inline Expr min(Expr a, Expr b) { return min(ArrayRef<Expr>{a, b}); }

/// The sum `constant + sum_i coefficients[i] * terms[i]` of canonical
/// expressions, normalized once (linear in the number of terms, where a chain
/// of `add` calls is quadratic). Null on overflow, if any term is null or if
/// there is no term.
Expr linearCombination(ArrayRef<Expr> terms, ArrayRef<int64_t> coefficients,
                       int64_t constant = 0);

/// An expression written as `scale * key + offset`. `key` is the same object
/// for every expression that differs from `e` only by a constant offset and a
/// non-zero integer factor (`b - a`, `a - b + 3` and `2 * b - 2 * a` share the
/// key `a - b` or `b - a`, whichever has a positive leading coefficient): it
/// has no constant term, its leading coefficient is positive and its
/// coefficients are coprime. For a constant `e` the key is null, the scale 0
/// and the offset the constant.
struct ScaledForm {
  Expr key;
  int64_t scale = 1;
  int64_t offset = 0;
};
/// The scaled form of a canonical, non-null expression.
ScaledForm getScaledForm(Expr e);

inline Expr operator+(Expr a, Expr b) { return add(a, b); }
inline Expr operator+(Expr a, int64_t b) { return add(a, b); }
inline Expr operator-(Expr a, Expr b) { return sub(a, b); }
inline Expr operator-(Expr a, int64_t b) { return sub(a, b); }
inline Expr operator*(Expr a, Expr b) { return mul(a, b); }
inline Expr operator*(Expr a, int64_t b) { return mul(a, b); }
inline Expr operator-(Expr a) { return neg(a); }

/// Rebuilds `e` with every symbol `i` replaced by `replacements[i]`
/// (symbols at positions >= replacements.size() are kept). The result is
/// canonical. Null if any used replacement is null.
Expr substitute(Expr e, ArrayRef<Expr> replacements);
/// Rebuilds `e` with every symbol `i` replaced by `replacement(i)`, or kept
/// where that is null. `replacement` is asked only for the symbols `e` uses.
Expr substituteSymbols(Expr e, llvm::function_ref<Expr(unsigned)> replacement);
/// Rebuilds `e` with symbol positions renumbered by `map` (old -> new).
Expr renumberSymbols(Expr e, ArrayRef<unsigned> map);

/// Evaluates `e` with symbol `i` bound to `values[i]`. std::nullopt if a
/// symbol is unbound, on int64 overflow, or on division by zero.
std::optional<int64_t> evaluate(Expr e, ArrayRef<int64_t> values);

/// Rebuilds a node of the same kind as `e` from new operands (and, for an Add,
/// the original coefficients and constant), through the canonicalizing
/// builders.
Expr rebuildWithOperands(Expr e, ArrayRef<Expr> operands);

//===----------------------------------------------------------------------===//
// Parsing.
//===----------------------------------------------------------------------===//

/// The token stream an expression is parsed from. The symshape dialect
/// implements it over MLIR's AsmParser; the engine has one over a string.
class ExprTokenSource {
public:
  virtual ~ExprTokenSource();
  /// Consumes `keyword` if it is next.
  virtual bool consumeKeyword(StringRef keyword) = 0;
  /// Consumes any bare identifier and returns it.
  virtual bool consumeIdentifier(std::string &identifier) = 0;
  /// Consumes an unsigned integer literal. Returns std::nullopt if none is
  /// next, false (after reporting an error) if it does not fit uint64_t.
  virtual std::optional<bool> consumeInteger(uint64_t &value) = 0;
  /// Consumes one of `+ - * ( ) ,`.
  virtual bool consumePunct(char punct) = 0;
  /// Reports an error at the current position. Always returns failure.
  virtual LogicalResult emitError(const llvm::Twine &message) = 0;
};

/// Parses an expression in the textual syntax:
///   expr    := term (('+' | '-') term)*
///   term    := unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*
///   unary   := '-' unary | primary
///   primary := integer | 's' digits | ('max' | 'min') '(' expr (',' expr)* ')'
///            | '(' expr ')'
FailureOr<Expr> parseExpr(ExprContext &ctx, ExprTokenSource &tokens);

/// Resolves an identifier of the text to a symbol position, or std::nullopt
/// if it names no symbol.
using SymbolResolver = llvm::function_ref<std::optional<unsigned>(StringRef)>;

/// Parses a whole string as an expression. On failure returns null and, if
/// `error` is given, stores a message in it. With `resolve`, identifiers
/// other than `max` and `min` are symbol names: each stands for the symbol
/// at the position `resolve` gives (an unknown name is an error naming it),
/// instead of the positional `s<k>` syntax.
Expr parseExpr(ExprContext &ctx, StringRef text, std::string *error = nullptr,
               SymbolResolver resolve = nullptr);

} // namespace symshape

namespace llvm {
template <> struct DenseMapInfo<symshape::Expr> {
  static symshape::Expr getEmptyKey() {
    return symshape::Expr::getFromOpaquePointer(
        DenseMapInfo<const void *>::getEmptyKey());
  }
  static symshape::Expr getTombstoneKey() {
    return symshape::Expr::getFromOpaquePointer(
        DenseMapInfo<const void *>::getTombstoneKey());
  }
  static unsigned getHashValue(symshape::Expr e) {
    return DenseMapInfo<const void *>::getHashValue(e.getAsOpaquePointer());
  }
  static bool isEqual(symshape::Expr a, symshape::Expr b) { return a == b; }
};
} // namespace llvm

#endif // SYMSHAPE_ENGINE_EXPR_H
