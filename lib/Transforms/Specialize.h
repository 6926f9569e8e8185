//===- Specialize.h - bind= and profile= ------------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The user assumptions of symshape-specialize, which
// symshape-dynamic-to-static also applies when given bind=/profile=.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_SPECIALIZE_H
#define SYMSHAPE_LIB_TRANSFORMS_SPECIALIZE_H

#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace symshape {

/// Applies `bind=` and `profile=` entries to every function of `module`:
/// bound argument dims become static (checked with cf.assert at the entry
/// if `withChecks`), profiled public functions are versioned. Malformed or
/// contradicting entries are errors prefixed with `pass`.
mlir::LogicalResult specializeModule(mlir::ModuleOp module,
                                     llvm::ArrayRef<std::string> bind,
                                     llvm::ArrayRef<std::string> profile,
                                     bool withChecks, llvm::StringRef pass);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_SPECIALIZE_H
