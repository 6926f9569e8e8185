//===- Patterns.h - symshape's rewrite patterns for other drivers -*- C++
//-*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The rewrite patterns of symshape's passes, for a compiler that runs them
// in a driver of its own. Two kinds:
//
// * local patterns, which need nothing but the IR they match
//   (symshape-repair-reshapes' repairs and the views it keeps): add them to
//   any pattern set and run any driver;
// * decision patterns, which apply what one analysis walk of a function
//   proved (symshape-simplify's decisions, symshape-dynamic-to-static's
//   refinements). The facts an analysis uses hold only at the points of
//   its walk, so these come in rounds: a round analyses one function,
//   keeps what it proved at each op, and populates the patterns that apply
//   it, built with the round (their state comes through their
//   constructors; they work with any PatternRewriter). They are valid
//   until the IR the round analysed changes in another way: run them once
//   on each of the round's ops, in order, erasing nothing before the round
//   is applied (MLIR's greedy drivers erase the ops they find dead, which a
//   later decision may still read), or call `apply()`, which does that.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_PATTERNS_H
#define SYMSHAPE_TRANSFORMS_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

#include <memory>

namespace symshape {

/// symshape-repair-reshapes' patterns: an expand's output shape made as
/// static as its result type, rank-reducing slices made explicit (with
/// `loweringForms`), slices, pads, reshapes and concats of zero-element
/// tensors replaced by what they produce, and, with `loweringForms`, an
/// expand with a group of two or more dynamic dims kept as a view
/// (populateKeepViewsPatterns) or else rewritten as a gather; `explain`
/// remarks on each gather written.
void populateRepairReshapesPatterns(mlir::RewritePatternSet &patterns,
                                    bool loweringForms, bool explain = false);

/// Patterns that remove a tensor.expand_shape with a group of two or more
/// dynamic dims without a copy: against the collapse it undoes (sizes
/// proven equal), into the tensor.empty it shapes, or into the linalg op
/// that produces its source (upstream's fold by expansion) when the expands
/// that leaves on the op's operands go away too.
void populateKeepViewsPatterns(mlir::RewritePatternSet &patterns);

/// One round of symshape-simplify over one function: what one analysis walk
/// decided at each op (a result that is a constant, equal to a value
/// available there, or simpler to recompute; a `symshape.constrain_range`
/// that the facts before it imply), and the patterns that apply it.
class SimplifyRound {
public:
  struct Impl;
  explicit SimplifyRound(std::unique_ptr<Impl> impl);
  ~SimplifyRound();

  /// Analyses `unit` (a function, or any op whose regions are analysed
  /// together; the IR is only read) with the symbols of `symbols` (for the
  /// private callees it reads; null: none). Fails, with a diagnostic, where
  /// facts the user stated contradict each other. `explain` puts a remark on
  /// each max or min decided, saying why.
  static mlir::FailureOr<std::unique_ptr<SimplifyRound>>
  analyse(mlir::Operation *unit, const mlir::SymbolTable *symbols = nullptr,
          bool explain = false);

  /// The ops a decision was taken at, in the order of the walk.
  llvm::ArrayRef<mlir::Operation *> getOps() const;
  /// Adds the patterns that apply the decisions (one per kind of decision;
  /// they refer to this round, which must outlive them).
  void populatePatterns(mlir::RewritePatternSet &patterns);
  /// Applies the decisions with these patterns, at each op in order, then
  /// erases the decided ops left without uses; true if the IR changed.
  bool apply();

private:
  std::unique_ptr<Impl> impl;
};

/// One round of symshape-dynamic-to-static over one function: the more
/// static types one analysis walk proved for each op's results, and the
/// patterns that rebuild the ops with them (an `scf.if` whose condition is
/// decided inlined, the values `scf.for`, `scf.while` and `scf.forall`
/// carry retyped, any other op rebuilt through its
/// StaticRebuildOpInterface, or as a linalg or elementwise op on its
/// refined operands), casting back for the uses that expect the old types.
class DynamicToStaticRound {
public:
  struct Impl;
  explicit DynamicToStaticRound(std::unique_ptr<Impl> impl);
  ~DynamicToStaticRound();

  /// Analyses `unit` (reads the IR only) with the symbols of `symbols`
  /// (null: none). Fails, with a diagnostic, where facts the user stated
  /// contradict each other. A function that cannot complete under its
  /// facts has no candidates.
  static mlir::FailureOr<std::unique_ptr<DynamicToStaticRound>>
  analyse(mlir::Operation *unit, const mlir::SymbolTable *symbols = nullptr);

  /// The ops that may be rebuilt, in the order of the walk (producers
  /// first).
  llvm::ArrayRef<mlir::Operation *> getOps() const;
  /// Adds the refine patterns (they refer to this round, which must outlive
  /// them).
  void populatePatterns(mlir::RewritePatternSet &patterns);
  /// Erases the ops the patterns replaced, once they are all applied.
  void eraseReplacedOps();
  /// Applies the patterns at each op in order and erases what they
  /// replaced; true if the IR changed.
  bool apply();

private:
  std::unique_ptr<Impl> impl;
};

} // namespace symshape

#endif // SYMSHAPE_TRANSFORMS_PATTERNS_H
