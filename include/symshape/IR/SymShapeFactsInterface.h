//===- SymShapeFactsInterface.h - Facts for symshape patterns ---*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// What the canonicalization patterns of symshape ops may ask about index
// values: what their def chains prove (symbol ranges and divisors, dims are
// non-negative, constrain_range). The dialect does not compute facts itself:
// the analysis layer implements this dialect interface and attaches it
// (symshape::registerFactsInterface, called by registerAllDialects). Without
// it, the patterns that need facts leave the IR alone.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_IR_SYMSHAPEFACTSINTERFACE_H
#define SYMSHAPE_IR_SYMSHAPEFACTSINTERFACE_H

#include "symshape/Engine/Expr.h"

#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/OpDefinition.h"

#include "llvm/ADT/StringRef.h"

namespace symshape {

class ApplyOp;
class ConstrainRangeOp;

/// The debug label of the canonicalization patterns that ask this interface
/// (each builds a local analysis of its op's operands): a pass can leave
/// them out of its pattern set (symshape-cleanup's `facts=false`).
inline constexpr llvm::StringLiteral kFactPatternLabel = "symshape-facts";

class SymShapeFactsInterface
    : public mlir::DialectInterface::Base<SymShapeFactsInterface> {
public:
  SymShapeFactsInterface(mlir::Dialect *dialect) : Base(dialect) {}

  /// What the single index result of `op` is proven equal to from its
  /// operands' def chains: a constant (an IntegerAttr), one of its operands,
  /// or null if neither is proven.
  virtual mlir::OpFoldResult getProvenValue(mlir::Operation *op) const = 0;

  /// The expression of `op` simplified with what is known of its operands,
  /// or null if nothing simpler is proven.
  virtual Expr simplifyApplyExpr(ApplyOp op) const = 0;

  /// Both of the above for an apply: `proven` is getProvenValue(op), and
  /// the result simplifyApplyExpr(op) where nothing is proven (null
  /// otherwise). An implementation may answer both from one analysis.
  virtual Expr simplifyApply(ApplyOp op, mlir::OpFoldResult &proven) const;

  /// True if what is known of the constrained value already implies the
  /// range and divisor `op` states.
  virtual bool isImpliedConstraint(ConstrainRangeOp op) const = 0;
};

} // namespace symshape

#endif // SYMSHAPE_IR_SYMSHAPEFACTSINTERFACE_H
