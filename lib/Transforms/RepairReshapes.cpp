//===- RepairReshapes.cpp - symshape-repair-reshapes ----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Two forms of tensor.expand_shape that MLIR 22.1 accepts but mishandles
// (docs/Passes.md): a static result dim with an SSA output_shape entry, and
// a reassociation group with two or more dynamic dims.
//
//===----------------------------------------------------------------------===//

#include "symshape/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPEREPAIRRESHAPESPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

namespace {

/// output_shape entries of static result dims become their static sizes.
struct StaticOutputShape : public OpRewritePattern<tensor::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getResultType();
    SmallVector<OpFoldResult> shape = op.getMixedOutputShape();
    bool changed = false;
    for (int64_t i = 0; i < type.getRank(); ++i) {
      if (type.isDynamicDim(i) || !isa<Value>(shape[i]))
        continue;
      shape[i] = rewriter.getIndexAttr(type.getDimSize(i));
      changed = true;
    }
    if (!changed)
      return failure();
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, type, op.getSrc(), op.getReassociationIndices(), shape);
    return success();
  }
};

/// A group with two or more dynamic dims becomes a tensor.reshape with a
/// shape tensor.
struct MultiDynamicGroup : public OpRewritePattern<tensor::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getResultType();
    bool bad = llvm::any_of(op.getReassociationIndices(), [&](auto group) {
      return llvm::count_if(group, [&](int64_t d) {
               return type.isDynamicDim(d);
             }) >= 2;
    });
    if (!bad)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> extents;
    for (OpFoldResult ofr : op.getMixedOutputShape()) {
      if (auto v = dyn_cast<Value>(ofr))
        extents.push_back(v);
      else
        extents.push_back(arith::ConstantIndexOp::create(
            rewriter, loc, cast<IntegerAttr>(cast<Attribute>(ofr)).getInt()));
    }
    Value shape = tensor::FromElementsOp::create(rewriter, loc, extents);
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, type, op.getSrc(),
                                                   shape);
    return success();
  }
};

class SymShapeRepairReshapesPass
    : public symshape::impl::SymShapeRepairReshapesPassBase<
          SymShapeRepairReshapesPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<StaticOutputShape, MultiDynamicGroup>(&getContext());
    // Only these two patterns run: no folding, no other canonicalization.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
