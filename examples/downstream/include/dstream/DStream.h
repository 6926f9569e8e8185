//===- DStream.h - The dstream dialect, its passes and models ---*- C++ -*-===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//
//
// A downstream compiler's dialect (dstream), the external models that teach
// symshape what its ops mean, its passes and its pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef DSTREAM_DSTREAM_H
#define DSTREAM_DSTREAM_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/ADT/DenseSet.h"

#include "symshape/Transforms/PassOptions.h"

#include "dstream/DStreamOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "dstream/DStreamOps.h.inc"

namespace dstream {

#define GEN_PASS_DECL
#include "dstream/DStreamPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "dstream/DStreamPasses.h.inc"

/// Attaches symshape's ShapeSemanticsOpInterface to the dstream ops
/// (lib/DStreamModels.cpp).
void registerShapeModels(mlir::DialectRegistry &registry);

/// Options of downstream-pipeline.
struct PipelineOptions : public mlir::PassPipelineOptions<PipelineOptions> {
  Option<symshape::CheckMode> checks{
      *this, "checks",
      llvm::cl::desc("What assumptions and stated facts become"),
      llvm::cl::init(symshape::CheckMode::Assert),
      llvm::cl::values(
          clEnumValN(symshape::CheckMode::Assert, "assert", "run-time checks"),
          clEnumValN(symshape::CheckMode::None, "none",
                     "no checks: they are trusted"))};
  Option<bool> explain{
      *this, "explain",
      llvm::cl::desc("Remarks for every max/min decided or kept and every "
                     "reshape-into-store fold or refusal"),
      llvm::cl::init(false)};
  Option<std::string> certify{
      *this, "certify",
      llvm::cl::desc("Write every decision of symshape's passes as an SMT-LIB "
                     "proof obligation to this file (symshape's "
                     "symshape-check-certificates runs z3 on it)"),
      llvm::cl::init("")};
};

/// dstream-lower-stores, cse, symshape-simplify and
/// symshape-fold-reshape-into-store (on the dstream ops, through their
/// models), dstream-lower-assumptions, symshape-pipeline.
void buildDownstreamPipeline(mlir::OpPassManager &pm,
                             const PipelineOptions &options);

/// Registers the dstream passes and downstream-pipeline.
void registerPasses();

} // namespace dstream

#endif // DSTREAM_DSTREAM_H
