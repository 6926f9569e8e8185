//===- DStreamPasses.cpp - dstream passes and pipeline --------------------===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//
//
// dstream-lower-stores: a dispatch store becomes a store into a
// memref.subview of its target (the memory form symshape folds reshapes
// into). dstream-lower-assumptions: ties are erased, assumptions become
// symshape.constrain_range. downstream-pipeline mixes them with upstream
// and symshape passes.
//
//===----------------------------------------------------------------------===//

#include "dstream/DStream.h"

#include "symshape/IR/SymShapeOps.h"
#include "symshape/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace dstream {
#define GEN_PASS_DEF_DSTREAMLOWERSTORESPASS
#define GEN_PASS_DEF_DSTREAMLOWERASSUMPTIONSPASS
#include "dstream/DStreamPasses.h.inc"
} // namespace dstream

using namespace mlir;
using namespace dstream;

namespace {

/// `value` with the target dims the store drops made explicit unit dims:
/// value dim k lands on kept target dim k, a dropped dim joins the group of
/// the next kept dim (or of the last one).
Value expandDroppedDims(OpBuilder &b, Location loc, Value value,
                        const llvm::SmallDenseSet<unsigned> &dropped,
                        unsigned targetRank) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> shape;
  SmallVector<OpFoldResult> outputShape;
  ReassociationIndices pending;
  unsigned k = 0;
  for (unsigned j = 0; j < targetRank; ++j) {
    pending.push_back(j);
    if (dropped.contains(j)) {
      shape.push_back(1);
      outputShape.push_back(b.getIndexAttr(1));
      continue;
    }
    shape.push_back(type.getDimSize(k));
    outputShape.push_back(tensor::getMixedSize(b, loc, value, k));
    groups.push_back(pending);
    pending.clear();
    ++k;
  }
  if (!groups.empty())
    groups.back().append(pending.begin(), pending.end());
  auto expandedType = RankedTensorType::get(shape, type.getElementType());
  return tensor::ExpandShapeOp::create(b, loc, expandedType, value, groups,
                                       outputShape);
}

/// Replaces `store` by a memref.subview of its target that receives the
/// value through bufferization.materialize_in_destination.
void lowerStore(DispatchStoreOp store) {
  OpBuilder b(store);
  Location loc = store.getLoc();
  Value value = store.getValue();
  auto targetType = cast<MemRefType>(store.getTarget().getType());
  SmallVector<OpFoldResult> offsets = store.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = store.getMixedSizes();
  SmallVector<OpFoldResult> strides = store.getMixedStrides();
  llvm::SmallDenseSet<unsigned> dropped = *store.getDroppedDims();

  MemRefType viewType = memref::SubViewOp::inferRankReducedResultType(
      store.getValue().getType().getShape(), targetType, offsets, sizes,
      strides);
  auto view = memref::SubViewOp::create(b, loc, viewType, store.getTarget(),
                                        offsets, sizes, strides);
  // memref.subview tells its dropped unit dims apart by strides. Where its
  // map is not the store's, it would pair a value dim with another target
  // dim: store the value with its dropped dims made explicit instead.
  llvm::SmallBitVector viewDropped = view.getDroppedDims();
  bool sameMap = true;
  for (unsigned j = 0, e = targetType.getRank(); j < e; ++j)
    sameMap &= viewDropped.test(j) == dropped.contains(j);
  if (!sameMap) {
    view.erase();
    value = expandDroppedDims(b, loc, value, dropped, targetType.getRank());
    viewType =
        memref::SubViewOp::inferResultType(targetType, offsets, sizes, strides);
    view = memref::SubViewOp::create(b, loc, viewType, store.getTarget(),
                                     offsets, sizes, strides);
  }
  auto materialize =
      bufferization::MaterializeInDestinationOp::create(b, loc, value, view);
  materialize.setRestrict(true);
  materialize.setWritable(true);
  store.erase();
}

struct LowerStoresPass
    : public dstream::impl::DStreamLowerStoresPassBase<LowerStoresPass> {
  void runOnOperation() override {
    SmallVector<DispatchStoreOp> stores;
    getOperation()->walk([&](DispatchStoreOp op) { stores.push_back(op); });
    for (DispatchStoreOp store : stores)
      lowerStore(store);
  }
};

struct LowerAssumptionsPass
    : public dstream::impl::DStreamLowerAssumptionsPassBase<
          LowerAssumptionsPass> {
  using DStreamLowerAssumptionsPassBase::DStreamLowerAssumptionsPassBase;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (auto tie = dyn_cast<TieShapeOp>(op)) {
        tie.replaceAllUsesWith(tie.getOperand());
        tie.erase();
      } else if (auto assume = dyn_cast<AssumeOp>(op)) {
        Value lowered = assume.getOperand();
        if (checks == symshape::CheckMode::Assert) {
          OpBuilder b(assume);
          auto range = symshape::RangeAttr::get(
              b.getContext(), assume.getLowerBound(), assume.getUpperBound());
          lowered = symshape::ConstrainRangeOp::create(
              b, assume.getLoc(), assume.getType(), assume.getOperand(), range,
              assume.getDivisorAttr());
        }
        assume.replaceAllUsesWith(lowered);
        assume.erase();
      }
    });
  }
};

} // namespace

void dstream::buildDownstreamPipeline(OpPassManager &pm,
                                      const PipelineOptions &options) {
  // The store in the memory form symshape's fold handles, then upstream CSE.
  pm.addPass(createDStreamLowerStoresPass());
  pm.addPass(createCSEPass());
  // symshape's analyses on IR that still holds the ties and assumptions:
  // their models give dims and facts.
  symshape::SymShapeSimplifyPassOptions simplify;
  simplify.explain = options.explain.getValue();
  simplify.certify = options.certify.getValue();
  pm.addPass(symshape::createSymShapeSimplifyPass(simplify));
  symshape::SymShapeFoldReshapeIntoStorePassOptions fold;
  fold.explain = options.explain.getValue();
  fold.certify = options.certify.getValue();
  fold.certifyAppend = true;
  pm.addPass(symshape::createSymShapeFoldReshapeIntoStorePass(fold));
  // Assumptions become symshape facts, checked at run time.
  DStreamLowerAssumptionsPassOptions assumptions;
  assumptions.checks = options.checks.getValue();
  pm.addPass(createDStreamLowerAssumptionsPass(assumptions));
  // The rest of symshape: infer, dynamic to static, lower, cleanups.
  symshape::PipelineOptions rest;
  rest.checks = options.checks.getValue();
  rest.certify = options.certify.getValue();
  rest.certifyAppend = true;
  symshape::buildSymShapePipeline(pm, rest);
}

void dstream::registerPasses() {
  registerDStreamPasses();
  PassPipelineRegistration<PipelineOptions>(
      "downstream-pipeline",
      "Lower dstream stores, fold reshapes into them, lower assumptions and "
      "run symshape-pipeline",
      buildDownstreamPipeline);
}
