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

/// A terminator operand of a loop that one-shot bufferization requires to
/// be equivalent to a block argument: an `scf.for` yield operand and its
/// iteration argument; an `scf.while` condition argument and the `before`
/// region's argument of its position, a yield operand and the `after`
/// region's (the pairs upstream's verifyAnalysis checks).
struct CarriedPair {
  OpOperand *operand;
  BlockArgument arg;
  /// The operand's position among the values the terminator passes on.
  unsigned index;
};

/// The pairs of `terminator`'s `operands` with `block`'s arguments from
/// `firstArg` on, where both are static tensors of one type.
void collectPairs(MutableOperandRange operands, Block *block, unsigned firstArg,
                  SmallVectorImpl<CarriedPair> &pairs) {
  for (auto [i, operand] : llvm::enumerate(operands)) {
    if (firstArg + i >= block->getNumArguments())
      break;
    BlockArgument arg = block->getArgument(firstArg + i);
    if (isStaticTensor(arg) && operand.get().getType() == arg.getType())
      pairs.push_back({&operand, arg, static_cast<unsigned>(i)});
  }
}

/// The pairs of a loop that carries static tensors (empty otherwise).
SmallVector<CarriedPair> carriedPairs(Operation *op) {
  SmallVector<CarriedPair> pairs;
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    collectPairs(yield.getResultsMutable(), loop.getBody(),
                 loop.getNumInductionVars(), pairs);
  } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    scf::ConditionOp condition = loop.getConditionOp();
    collectPairs(condition.getArgsMutable(), loop.getBeforeBody(), 0, pairs);
    scf::YieldOp yield = loop.getYieldOp();
    collectPairs(yield.getResultsMutable(), loop.getAfterBody(), 0, pairs);
  }
  return pairs;
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
    SmallVector<CarriedPair> pairs;
    root->walk([&](Operation *op) {
      if (isa<scf::ForOp, scf::WhileOp>(op))
        pairs.append(carriedPairs(op));
    });
    // Unchanged IR keeps its analyses, and the pass manager skips verifying
    // it again.
    if (pairs.empty())
      return markAllAnalysesPreserved();
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
    // Each pair is repaired right before its terminator, where the block
    // argument is read by nothing after the write.
    IRRewriter rewriter(&getContext());
    bool changed = false;
    for (auto [operand, arg, index] : pairs) {
      if (state.areEquivalentBufferizedValues(operand->get(), arg))
        continue;
      changed = true;
      Operation *terminator = operand->getOwner();
      rewriter.setInsertionPoint(terminator);
      auto written = bufferization::MaterializeInDestinationOp::create(
          rewriter, terminator->getLoc(), operand->get(), arg);
      rewriter.modifyOpInPlace(terminator, [&, operand = operand] {
        operand->set(written.getResult());
      });
      if (!explain)
        continue;
      bool whileYield = isa<scf::WhileOp>(terminator->getParentOp()) &&
                        isa<scf::YieldOp>(terminator);
      emitRemark(terminator->getLoc())
          << (isa<scf::ConditionOp>(terminator) ? "forwarded" : "yielded")
          << " tensor #" << index << " is written into the loop's "
          << (whileYield ? "'after' region argument" : "iteration argument")
          << ": one-shot bufferization does not find it equivalent";
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
