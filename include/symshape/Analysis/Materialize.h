//===- Materialize.h - Build IR that computes an expression -----*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ANALYSIS_MATERIALIZE_H
#define SYMSHAPE_ANALYSIS_MATERIALIZE_H

#include "symshape/Engine/Expr.h"

#include "mlir/IR/Builders.h"

#include <functional>

namespace symshape {

/// How to build the IR of an expression.
struct MaterializeOptions {
  /// The value of symbol `pos` (any integer or index type; it is cast).
  std::function<mlir::Value(unsigned)> symbolValue;
  /// True if `e` is known to be non-negative (floor mod then lowers to
  /// arith.remsi).
  std::function<bool(Expr)> isNonNegative;
  /// Put `overflow<nsw>` on additions, subtractions and multiplications
  /// (size arithmetic, or ranges proven to fit).
  bool nsw = false;
};

/// Builds arith ops computing `e` as `type` (index or a signless integer) at
/// the builder's insertion point. Division and modulo keep floor semantics
/// (arith.floordivsi / ceildivsi; remsi only for a non-negative dividend).
mlir::Value materializeExpr(mlir::OpBuilder &builder, mlir::Location loc,
                            Expr e, mlir::Type type,
                            const MaterializeOptions &options);

/// Converts an integer or index value to `type` (index_cast, extsi, trunci).
mlir::Value castIntegerTo(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value value, mlir::Type type);

} // namespace symshape

#endif // SYMSHAPE_ANALYSIS_MATERIALIZE_H
