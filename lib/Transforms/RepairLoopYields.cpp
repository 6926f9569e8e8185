//===- RepairLoopYields.cpp - symshape-repair-loop-yields -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Whatever symshape makes of an input that the standard CPU lowering
// accepts must be accepted too. One-shot bufferization rejects an `scf.for`
// whose yielded tensor is not equivalent to its iteration argument, and
// upstream canonicalization makes such loops once a carried tensor is
// static (a full-size `insert_slice` of a fresh result into the carried
// tensor folds to that result). This pass asks upstream's One-Shot Analysis
// itself, with the standard lowering's options, and writes each such yield
// into its iteration argument (`bufferization.materialize_in_destination`).
//
//===----------------------------------------------------------------------===//

#include "symshape/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPEREPAIRLOOPYIELDSPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;

namespace {

/// A carried tensor of static shape: the value yielded for it has the
/// shape of its buffer. A dynamic one may grow or shrink from one iteration
/// to the next (a concat of a row): no buffer holds every iteration's
/// value, and such a loop lowers only where loops may return allocations.
bool isStaticTensor(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  return type && type.hasStaticShape();
}

bool carriesStaticTensor(scf::ForOp loop) {
  return llvm::any_of(loop.getRegionIterArgs(), isStaticTensor);
}

/// The options of the standard lowering's one-shot-bufferize (in place,
/// identity layouts, no allocation returned from a loop). Function
/// boundaries are not analysed: a pass on one function cannot, and a value
/// that crosses them (a call's result) is then taken as not equivalent to
/// anything, which at worst writes a yield into its iteration argument that
/// needed no writing.
bufferization::OneShotBufferizationOptions standardLoweringOptions() {
  bufferization::OneShotBufferizationOptions options;
  options.allowUnknownOps = true;
  options.allowReturnAllocsFromLoops = false;
  options.setFunctionBoundaryTypeConversion(
      bufferization::LayoutMapOption::IdentityLayoutMap);
  return options;
}

class SymShapeRepairLoopYieldsPass
    : public symshape::impl::SymShapeRepairLoopYieldsPassBase<
          SymShapeRepairLoopYieldsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<scf::ForOp> loops;
    root->walk([&](scf::ForOp loop) {
      if (carriesStaticTensor(loop))
        loops.push_back(loop);
    });
    if (loops.empty())
      return;
    bufferization::OneShotBufferizationOptions options =
        standardLoweringOptions();
    bufferization::OneShotAnalysisState state(root, options);
    {
      // The analysis reports the loops it rejects: they are what this pass
      // repairs.
      ScopedDiagnosticHandler quiet(&getContext(),
                                    [](Diagnostic &) { return success(); });
      (void)bufferization::analyzeOp(root, state);
    }
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      Operation *yield = loop.getBody()->getTerminator();
      for (auto [arg, operand] :
           llvm::zip(loop.getRegionIterArgs(), yield->getOpOperands())) {
        if (!isStaticTensor(arg) ||
            state.areEquivalentBufferizedValues(operand.get(), arg))
          continue;
        rewriter.setInsertionPoint(yield);
        auto written = bufferization::MaterializeInDestinationOp::create(
            rewriter, yield->getLoc(), operand.get(), arg);
        rewriter.modifyOpInPlace(yield,
                                 [&] { operand.set(written.getResult()); });
        if (explain)
          emitRemark(yield->getLoc())
              << "yielded tensor #" << operand.getOperandNumber()
              << " is written into the loop's iteration argument: one-shot "
                 "bufferization does not find it equivalent";
      }
    }
  }
};

} // namespace
