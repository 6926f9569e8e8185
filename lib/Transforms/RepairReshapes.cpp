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
#include "mlir/Dialect/Arith/Utils/Utils.h"
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

/// A group with two or more dynamic dims becomes a tensor.generate that
/// reads each element from the source at the row-major linearized index of
/// its group: a copy, but one that the standard lowering handles (neither
/// memref.expand_shape of such a group nor memref.reshape to a dynamic shape
/// lowers to LLVM in MLIR 22.1).
struct MultiDynamicGroup : public OpRewritePattern<tensor::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getResultType();
    SmallVector<ReassociationIndices> groups = op.getReassociationIndices();
    bool bad = llvm::any_of(groups, [&](const ReassociationIndices &group) {
      return llvm::count_if(
                 group, [&](int64_t d) { return type.isDynamicDim(d); }) >= 2;
    });
    if (!bad)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> extents;
    for (OpFoldResult ofr : op.getMixedOutputShape())
      extents.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, ofr));
    SmallVector<Value> dynamicExtents;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dynamicExtents.push_back(extents[d]);
    Value source = op.getSrc();
    auto generate = tensor::GenerateOp::create(
        rewriter, loc, type, dynamicExtents,
        [&](OpBuilder &b, Location l, ValueRange indices) {
          SmallVector<Value> sourceIndices;
          for (const ReassociationIndices &group : groups) {
            Value linear = indices[group.front()];
            for (int64_t d : ArrayRef<int64_t>(group).drop_front()) {
              linear = arith::MulIOp::create(b, l, linear, extents[d]);
              linear = arith::AddIOp::create(b, l, linear, indices[d]);
            }
            sourceIndices.push_back(linear);
          }
          Value element =
              tensor::ExtractOp::create(b, l, source, sourceIndices);
          tensor::YieldOp::create(b, l, element);
        });
    rewriter.replaceOp(op, generate.getResult());
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
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
