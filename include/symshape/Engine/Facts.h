//===- Facts.h - What is known about symbols --------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// A set of facts about the symbols of expressions: for each symbol its kind
// (size or integer), range and divisor; ranges known for whole expressions;
// and equalities `symbol == expression`.
//
// A range of an expression is stored for its scaled form (see
// `getScaledForm`): `e == scale * key + offset` is recorded as a range of
// `key`, rounded inward to integers, and read back through the same form. So
// a fact holds in every spelling: `y - x <= 0`, `x - y >= 0`,
// `x - y - 1 >= -1` and `2 * x - 2 * y >= 0` are one fact about one key. Facts
// are scoped: `mark()` and `rollback()` undo every change made since the mark,
// which is how a walk in dominance order keeps a fact only where its source
// dominates.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ENGINE_FACTS_H
#define SYMSHAPE_ENGINE_FACTS_H

#include "symshape/Engine/Expr.h"
#include "symshape/Engine/Interval.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

namespace symshape {

/// What is known about one symbol.
struct SymbolFacts {
  /// A size symbol is non-negative; an integer unknown may have any sign.
  bool isSize = false;
  /// The known range (already intersected with [0, inf] for sizes).
  Interval range;
  /// A known divisor (>= 1).
  int64_t divisor = 1;
};

class Facts {
public:
  /// Declarations: facts intrinsic to a symbol (its kind, the range and
  /// divisor it is declared with). They hold everywhere and are never undone
  /// by `rollback`. Each returns false if the symbol then has no value.
  bool declareSize(unsigned pos);
  bool declareSymbolRange(unsigned pos, const Interval &range);
  bool declareSymbolDivisor(unsigned pos, int64_t divisor);

  /// Intersects the range of symbol `pos` with `range`. Returns false if the
  /// result is empty (contradiction); the fact is recorded anyway.
  bool addSymbolRange(unsigned pos, const Interval &range);
  /// Records that `divisor` (>= 1) divides symbol `pos`. Returns false if
  /// the symbol's range then contains no value.
  bool addSymbolDivisor(unsigned pos, int64_t divisor);
  /// Records `lo <= e <= hi` for an expression (with the equalities
  /// substituted), keyed on its scaled form so that every spelling that
  /// differs by a constant offset or a non-zero factor finds it. A fact on
  /// `c * t + k` narrows the term `t` (a symbol's range if `t` is a symbol);
  /// `max(...) <= hi` and `min(...) >= lo` narrow every operand; a range of
  /// `a floordiv c` or `a ceildiv c` (c > 0) narrows `a`. Returns false on a
  /// contradiction with what was known.
  bool addExprRange(Expr e, const Interval &range);
  /// Records `symbol == e`. Later queries see the symbol replaced by `e`, and
  /// the range known for the symbol is recorded for `e`. Returns false (and
  /// records nothing) if the symbol already has an equality or `e` depends on
  /// the symbol, directly or through other equalities: equalities stay
  /// acyclic.
  bool addEquality(unsigned pos, Expr e);
  /// `e` with the equalities substituted, transitively.
  Expr resolve(Expr e) const;

  SymbolFacts getSymbol(unsigned pos) const;
  /// Whether symbol `pos` is declared a size (`getSymbol(pos).isSize`, in
  /// constant time).
  bool isSizeSymbol(unsigned pos) const {
    return pos < sizeSymbols.size() && sizeSymbols.test(pos);
  }
  /// What symbol `pos` is declared with (its kind, declared range and
  /// divisor), without the scoped facts or anything derived from them.
  SymbolFacts getDeclaration(unsigned pos) const;
  /// The recorded range of `e`, if any (not a computed one): the range
  /// recorded for the scaled form's key, scaled back. `e` is looked up as
  /// given; substitute the equalities first (`resolve`) where they may apply.
  std::optional<Interval> getExprRange(Expr e) const;
  /// The expression symbol `pos` equals, or null.
  Expr getEquality(unsigned pos) const;
  bool hasEqualities() const { return !equalities.empty(); }
  /// Whether a range is recorded for some expression (a fact that may
  /// relate several symbols).
  bool hasExprRanges() const { return !exprRanges.empty(); }

  /// A counter that changes whenever the facts change; caches key on it.
  uint64_t getGeneration() const { return generation; }
  /// A counter that changes whenever the equalities change (a subset of the
  /// changes `getGeneration` counts): what depends on the equalities alone,
  /// such as their substitution, keys on it.
  uint64_t getEqualityGeneration() const { return equalityGeneration; }

  /// Scoping: everything added after `mark()` is undone by `rollback(mark)`.
  size_t mark() const { return undoLog.size(); }
  void rollback(size_t mark);

private:
  struct SymbolUndo {
    unsigned pos;
    bool existed;
    SymbolFacts old;
  };
  struct ExprUndo {
    Expr expr;
    bool existed;
    Interval old;
  };
  struct EqualityUndo {
    unsigned pos;
  };
  using Undo = std::variant<SymbolUndo, ExprUndo, EqualityUndo>;

  SymbolFacts &symbolForUpdate(unsigned pos);
  /// Records the range of a scaled-form key.
  bool addKeyRange(Expr key, const Interval &range);
  /// The ranges of operands that a range of `key` implies.
  bool narrowOperands(Expr key, const Interval &range);

  /// Declarations (never undone) and scoped facts; getSymbol combines them.
  llvm::DenseMap<unsigned, SymbolFacts> declared;
  llvm::DenseMap<unsigned, SymbolFacts> symbols;
  /// The symbols declared sizes.
  llvm::BitVector sizeSymbols;
  /// Ranges of scaled-form keys (never a symbol or a constant).
  llvm::DenseMap<Expr, Interval> exprRanges;
  llvm::DenseMap<unsigned, Expr> equalities;
  std::vector<Undo> undoLog;
  uint64_t generation = 0;
  uint64_t equalityGeneration = 0;
};

} // namespace symshape

#endif // SYMSHAPE_ENGINE_FACTS_H
