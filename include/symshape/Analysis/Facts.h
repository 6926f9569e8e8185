//===- Facts.h - What is known about symbols --------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// A set of facts about the symbols of expressions: for each symbol its kind
// (size or integer), range and divisor; ranges known for whole expressions;
// and equalities `symbol == expression`. Facts are scoped: `mark()` and
// `rollback()` undo every change made since the mark, which is how a walk in
// dominance order keeps a fact only where its source dominates.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ANALYSIS_FACTS_H
#define SYMSHAPE_ANALYSIS_FACTS_H

#include "symshape/Analysis/Expr.h"
#include "symshape/Analysis/Interval.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
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
  /// Records `lo <= e <= hi` for an expression. Symbols and expressions
  /// linear in one symbol also narrow the symbol's range. Returns false on a
  /// contradiction with what was known.
  bool addExprRange(Expr e, const Interval &range);
  /// Records `symbol == e`. Later queries see the symbol replaced by `e`.
  /// Returns false (and records nothing) if the symbol already has an
  /// equality or `e` depends on the symbol, directly or through other
  /// equalities: equalities stay acyclic.
  bool addEquality(unsigned pos, Expr e);
  /// `e` with the equalities substituted, transitively.
  Expr resolve(Expr e) const;

  SymbolFacts getSymbol(unsigned pos) const;
  /// The recorded range of `e`, if any (not a computed one).
  const Interval *getExprRange(Expr e) const;
  /// The expression symbol `pos` equals, or null.
  Expr getEquality(unsigned pos) const;
  bool hasEqualities() const { return !equalities.empty(); }

  /// A counter that changes whenever the facts change; caches key on it.
  uint64_t getGeneration() const { return generation; }

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

  /// Declarations (never undone) and scoped facts; getSymbol combines them.
  llvm::DenseMap<unsigned, SymbolFacts> declared;
  llvm::DenseMap<unsigned, SymbolFacts> symbols;
  llvm::DenseMap<Expr, Interval> exprRanges;
  llvm::DenseMap<unsigned, Expr> equalities;
  std::vector<Undo> undoLog;
  uint64_t generation = 0;
};

} // namespace symshape

#endif // SYMSHAPE_ANALYSIS_FACTS_H
