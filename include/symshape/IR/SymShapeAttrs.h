//===- SymShapeAttrs.h - symshape attributes --------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_IR_SYMSHAPEATTRS_H
#define SYMSHAPE_IR_SYMSHAPEATTRS_H

#include "symshape/Engine/Expr.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include <optional>

#define GET_ATTRDEF_CLASSES
#include "symshape/IR/SymShapeAttrs.h.inc"

namespace symshape {

/// Parses an expression from MLIR assembly (the body of `#symshape.expr<...>`
/// or an expression written inline in an op).
mlir::FailureOr<Expr> parseExpr(mlir::AsmParser &parser);

/// Parses `[lo, hi]` where `lo` may be `-inf` and `hi` may be `inf`.
mlir::ParseResult parseRangeBody(mlir::AsmParser &parser,
                                 std::optional<int64_t> &lo,
                                 std::optional<int64_t> &hi);
/// Prints `[lo, hi]`.
void printRangeBody(llvm::raw_ostream &os, std::optional<int64_t> lo,
                    std::optional<int64_t> hi);

} // namespace symshape

#endif // SYMSHAPE_IR_SYMSHAPEATTRS_H
