//===- KeepViews.cpp - Expands of two dynamic dims kept as views ----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// A tensor.expand_shape whose reassociation group holds two or more dynamic
// dims does not lower in MLIR 22.1; symshape-repair-reshapes' last resort
// is a gather (a copy). Before it, such an expand goes away without moving
// data:
//
// * against the collapse_shape it undoes, when the expand's sizes are
//   proven equal to the collapsed tensor's own dims (`x` itself);
// * into the tensor.empty it shapes (a tensor.empty of its sizes);
// * into the linalg op that produces its source (upstream's fold by
//   expansion: the op computes the expanded shape directly), only when
//   every expand this leaves on the op's operands goes away in one of these
//   three ways, so that no copy is traded for several.
//
//===----------------------------------------------------------------------===//

#include "KeepViews.h"

#include "symshape/Analysis/ShapeAnalysis.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace symshape;

namespace {

/// How deep a chain of linalg producers the fold by expansion goes through.
constexpr unsigned kMaxProducerDepth = 4;

/// An expand of a value: its groups and its sizes (one per result dim).
struct Expansion {
  SmallVector<ReassociationIndices> groups;
  SmallVector<OpFoldResult> sizes;
};

bool isStaticSize(OpFoldResult size) {
  return getConstantIntValue(size).has_value();
}

/// True if a group of `e` has two or more sizes that are not constants.
bool hasMultiDynamicGroup(const Expansion &e) {
  return llvm::any_of(e.groups, [&](const ReassociationIndices &group) {
    return group.size() >= 2 && llvm::count_if(group, [&](int64_t d) {
                                  return !isStaticSize(e.sizes[d]);
                                }) >= 2;
  });
}

Expansion expansionOf(tensor::ExpandShapeOp op) {
  return {op.getReassociationIndices(), op.getMixedOutputShape()};
}

/// An expand by `e` of a collapse of `x` that the facts let go: for each
/// dim of the collapsed tensor, the expand either leaves it as it is, or
/// splits it back into the dims of `x` it was made of (as many, with sizes
/// proven equal to them by the engine; a fresh analysis, since the IR is
/// being rewritten). Gives the groups of the collapse of `x` that computes
/// the expand (each a single dim where every dim is split back: `x`
/// itself), or nothing.
std::optional<SmallVector<ReassociationIndices>>
composeWithCollapse(tensor::CollapseShapeOp collapse, const Expansion &e) {
  SmallVector<ReassociationIndices> collapsed =
      collapse.getReassociationIndices();
  if (collapsed.size() != e.groups.size())
    return std::nullopt;
  Value x = collapse.getSrc();
  std::optional<ShapeAnalysis> analysis;
  SmallVector<ReassociationIndices> groups;
  for (auto [from, to] : llvm::zip(collapsed, e.groups)) {
    if (to.size() == 1) {
      groups.push_back(from);
      continue;
    }
    if (to.size() != from.size())
      return std::nullopt;
    if (!analysis)
      analysis.emplace(x.getContext());
    for (auto [xDim, d] : llvm::zip(from, to)) {
      Expr dim = analysis->getDimExpr(x, xDim);
      Expr expected = analysis->getFoldResultExpr(e.sizes[d]);
      if (!dim || !expected ||
          analysis->getSolver().proveEQ(dim, expected) != Verdict::True)
        return std::nullopt;
      groups.push_back({xDim});
    }
  }
  return groups;
}

/// True if an expand of `source` by `e` goes away without a copy: it has
/// no group of two dynamic dims, or it undoes a collapse, shapes an empty
/// tensor, or is pushed into the linalg op that produces `source` with the
/// same holding for the expands that leaves on its operands. The sizes of
/// `e` in groups of one dim may be null (they are the source's own).
bool vanishes(Value source, const Expansion &e, unsigned depth) {
  if (!hasMultiDynamicGroup(e))
    return true;
  Operation *def = source.getDefiningOp();
  if (!def)
    return false;
  if (isa<tensor::EmptyOp>(def))
    return true;
  if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(def))
    return composeWithCollapse(collapse, e).has_value();
  auto linalgOp = dyn_cast<linalg::LinalgOp>(def);
  if (!linalgOp || depth == 0 || linalgOp->getNumResults() != 1 ||
      !linalgOp.hasPureTensorSemantics() ||
      !llvm::all_of(linalgOp.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isProjectedPermutation(); }))
    return false;
  // The loop that dim g of the result is (the dim that group g of the
  // expand expands), for the groups of two or more dims.
  AffineMap resultMap =
      linalgOp.getMatchingIndexingMap(linalgOp.getDpsInitOperand(0));
  llvm::DenseMap<unsigned, unsigned> groupOfLoop;
  for (auto [g, group] : llvm::enumerate(e.groups))
    if (group.size() >= 2)
      groupOfLoop[resultMap.getDimPosition(g)] = g;
  // Each operand is expanded where its map reads an expanded loop: its dim
  // becomes the dims of that group, with the same sizes.
  for (OpOperand &operand : linalgOp->getOpOperands()) {
    AffineMap map = linalgOp.getMatchingIndexingMap(&operand);
    Expansion expansion;
    for (unsigned k = 0, n = map.getNumResults(); k < n; ++k) {
      auto it = groupOfLoop.find(map.getDimPosition(k));
      ReassociationIndices group;
      if (it == groupOfLoop.end()) {
        group.push_back(expansion.sizes.size());
        expansion.sizes.push_back(OpFoldResult());
      } else {
        for (int64_t d : e.groups[it->second]) {
          group.push_back(expansion.sizes.size());
          expansion.sizes.push_back(e.sizes[d]);
        }
      }
      expansion.groups.push_back(group);
    }
    if (!vanishes(operand.get(), expansion, depth - 1))
      return false;
  }
  return true;
}

/// The control of upstream's fold by expansion: only an expand with a
/// group of two dynamic dims, pushed into its producer, and only where
/// every expand that leaves on the producer's operands vanishes.
bool shouldPushIntoProducer(OpOperand *fused) {
  auto expand = dyn_cast<tensor::ExpandShapeOp>(fused->getOwner());
  if (!expand)
    return false;
  Expansion e = expansionOf(expand);
  return hasMultiDynamicGroup(e) &&
         isa_and_nonnull<linalg::LinalgOp>(expand.getSrc().getDefiningOp()) &&
         vanishes(expand.getSrc(), e, kMaxProducerDepth);
}

/// expand(collapse(x)) that splits back dims of x (sizes proven equal) is
/// x, or a collapse of x that merges only the dims the expand leaves
/// merged.
struct ComposeExpandOfCollapse
    : public OpRewritePattern<tensor::ExpandShapeOp> {
  ComposeExpandOfCollapse(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/3) {}

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto collapse = op.getSrc().getDefiningOp<tensor::CollapseShapeOp>();
    Expansion e = expansionOf(op);
    if (!collapse || !hasMultiDynamicGroup(e))
      return failure();
    std::optional<SmallVector<ReassociationIndices>> groups =
        composeWithCollapse(collapse, e);
    if (!groups)
      return failure();
    // Only valid ops are built: the composed type must cast to the
    // expand's.
    Value x = collapse.getSrc();
    bool merges =
        groups->size() != static_cast<size_t>(collapse.getSrcType().getRank());
    RankedTensorType type = merges
                                ? tensor::CollapseShapeOp::inferCollapsedType(
                                      collapse.getSrcType(), *groups)
                                : collapse.getSrcType();
    if (!tensor::CastOp::areCastCompatible(type, op.getType()))
      return failure();
    if (merges)
      x = tensor::CollapseShapeOp::create(rewriter, op.getLoc(), type, x,
                                          *groups);
    if (type != op.getType())
      x = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(), x);
    rewriter.replaceOp(op, x);
    return success();
  }
};

/// An expand of a tensor.empty is a tensor.empty of the expand's sizes.
struct ExpandOfEmpty : public OpRewritePattern<tensor::ExpandShapeOp> {
  ExpandOfEmpty(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/3) {}

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto empty = op.getSrc().getDefiningOp<tensor::EmptyOp>();
    if (!empty || !hasMultiDynamicGroup(expansionOf(op)))
      return failure();
    RankedTensorType type = op.getResultType();
    SmallVector<Value> dynamicSizes;
    for (auto [d, size] : llvm::enumerate(op.getMixedOutputShape()))
      if (type.isDynamicDim(d))
        dynamicSizes.push_back(
            getValueOrCreateConstantIndexOp(rewriter, op.getLoc(), size));
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, type, dynamicSizes);
    return success();
  }
};

} // namespace

void symshape::populateKeepViewsPatterns(RewritePatternSet &patterns) {
  patterns.add<ComposeExpandOfCollapse, ExpandOfEmpty>(patterns.getContext());
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                    shouldPushIntoProducer);
}
