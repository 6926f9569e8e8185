//===- ArgDimFacts.h - What argument attributes state of a dim --*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The one reader of `symshape.dim_ranges` and `symshape.dim_divisors` for
// the passes (the dialect's verifier checks their form).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_ARGDIMFACTS_H
#define SYMSHAPE_LIB_TRANSFORMS_ARGDIMFACTS_H

#include "symshape/IR/SymShapeAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <utility>

namespace symshape {

/// The range and divisor that `symshape.dim_ranges`/`dim_divisors` of
/// argument `i` of `func` state for dim `d`: null where none (a `unit`
/// entry, no attribute), and a divisor of 1 is none.
inline std::pair<RangeAttr, mlir::IntegerAttr>
getArgDimFacts(mlir::FunctionOpInterface func, unsigned i, int64_t d) {
  auto entry = [&](llvm::StringRef name) -> mlir::Attribute {
    auto array = func.getArgAttrOfType<mlir::ArrayAttr>(i, name);
    return array && d < static_cast<int64_t>(array.size()) ? array[d]
                                                           : mlir::Attribute();
  };
  auto range = llvm::dyn_cast_or_null<RangeAttr>(entry("symshape.dim_ranges"));
  auto divisor =
      llvm::dyn_cast_or_null<mlir::IntegerAttr>(entry("symshape.dim_divisors"));
  if (divisor && divisor.getInt() == 1)
    divisor = {};
  return {range, divisor};
}

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_ARGDIMFACTS_H
