//===- InitAll.h - Register everything symshape provides --------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The one place that knows what symshape registers. symshape-opt, the
// mlir-opt plugin and the Python module all call these functions.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_INITALL_H
#define SYMSHAPE_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace symshape {

/// Registers the symshape dialect, the upstream dialects that ML pipelines
/// use (func, arith, affine, tensor, linalg, scf, cf, memref, bufferization)
/// and the interface models symshape relies on (what upstream ops mean to
/// the analysis, lib/Models/; bufferization, value bounds, inlining).
/// Idempotent: safe to call on a registry that already has them.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the symshape passes and pass pipelines only.
void registerPassesAndPipelines();

/// Registers the symshape passes and the upstream passes a symshape-opt user
/// needs around them (cleanups, inlining, bufferization, int-range
/// optimizations).
void registerAllPasses();

} // namespace symshape

#endif // SYMSHAPE_INITALL_H
