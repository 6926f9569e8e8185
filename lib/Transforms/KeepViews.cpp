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

#include "symshape/Transforms/Patterns.h"

#include "symshape/Analysis/ShapeAnalysis.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

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
/// proven equal to them by the engine with `analysis`, a fresh one: the IR
/// is being rewritten). Gives the groups of the collapse of `x` that computes
/// the expand (each a single dim where every dim is split back: `x`
/// itself), or nothing.
std::optional<SmallVector<ReassociationIndices>>
composeWithCollapse(tensor::CollapseShapeOp collapse, const Expansion &e,
                    ShapeAnalysis &analysis) {
  SmallVector<ReassociationIndices> collapsed =
      collapse.getReassociationIndices();
  if (collapsed.size() != e.groups.size())
    return std::nullopt;
  Value x = collapse.getSrc();
  SmallVector<ReassociationIndices> groups;
  for (auto [from, to] : llvm::zip(collapsed, e.groups)) {
    if (to.size() == 1) {
      groups.push_back(from);
      continue;
    }
    if (to.size() != from.size())
      return std::nullopt;
    for (auto [xDim, d] : llvm::zip(from, to)) {
      Expr dim = analysis.getDimExpr(x, xDim);
      Expr expected = analysis.getFoldResultExpr(e.sizes[d]);
      if (!dim || !expected ||
          analysis.getSolver().proveEQ(dim, expected) != Verdict::True)
        return std::nullopt;
      groups.push_back({xDim});
    }
  }
  return groups;
}

/// A size of a common refinement of two shapes: its expression and what
/// gives it in the IR (a dim of the source, an output_shape entry, or a
/// constant).
struct Factor {
  Expr expr;
  OpFoldResult size;
};

/// The common refinement of `from` (dims of one tensor) and `to` (sizes of
/// the same elements seen as another shape), each a list of (expression,
/// size): the factors, and for each side, how many consecutive factors
/// each of its dims is. Two dims are matched when the engine proves them
/// equal, a constant is split by a constant that divides it, and a
/// dynamic dim is split into another and a constant k when the engine
/// proves the product (k among the divisors of the constants of both
/// sides). Nothing when no such refinement is found.
struct Refinement {
  SmallVector<Factor> factors;
  SmallVector<unsigned> fromCounts, toCounts;
};
std::optional<Refinement> refine(ArrayRef<Factor> from, ArrayRef<Factor> to,
                                 ShapeAnalysis &analysis, MLIRContext *ctx) {
  ExprContext &exprs = analysis.getExprContext();
  Solver &solver = analysis.getSolver();
  auto equal = [&](Expr a, Expr b) {
    return solver.proveEQ(a, b) == Verdict::True;
  };
  // The candidates for k: the divisors of the product of the constants
  // (a constant that would overflow the product is left out of it).
  int64_t constants = 1;
  for (const Factor &f : llvm::concat<const Factor>(from, to)) {
    int64_t product;
    if (f.expr.isConstant() && f.expr.getConstantValue() > 1 &&
        constants <= (int64_t(1) << 20) &&
        !llvm::MulOverflow(constants, f.expr.getConstantValue(), product))
      constants = product;
  }
  SmallVector<int64_t> candidates;
  for (int64_t k = 2; k <= constants && k <= 4096; ++k)
    if (constants % k == 0)
      candidates.push_back(k);
  Refinement r;
  r.fromCounts.assign(from.size(), 0);
  r.toCounts.assign(to.size(), 0);
  size_t i = 0, j = 0;
  Factor a, b;
  bool haveA = false, haveB = false;
  auto constant = [&](int64_t v) {
    return Factor{exprs.getConstant(v),
                  IntegerAttr::get(IndexType::get(ctx), v)};
  };
  while (true) {
    if (!haveA && i < from.size()) {
      a = from[i];
      haveA = true;
    }
    if (!haveB && j < to.size()) {
      b = to[j];
      haveB = true;
    }
    if (!haveA || !haveB)
      break;
    auto take = [&](const Factor &f) {
      r.factors.push_back(f);
      ++r.fromCounts[i];
      ++r.toCounts[j];
    };
    if (equal(a.expr, b.expr)) {
      take(a.size ? a : b);
      haveA = haveB = false;
      ++i;
      ++j;
      continue;
    }
    if (a.expr.isConstant() && b.expr.isConstant()) {
      int64_t va = a.expr.getConstantValue(), vb = b.expr.getConstantValue();
      if (va > 0 && vb > 0 && va % vb == 0) {
        take(b);
        a = constant(va / vb);
        haveB = false;
        ++j;
        continue;
      }
      if (va > 0 && vb > 0 && vb % va == 0) {
        take(a);
        b = constant(vb / va);
        haveA = false;
        ++i;
        continue;
      }
      return std::nullopt;
    }
    if (a.expr.isConstant() || b.expr.isConstant())
      return std::nullopt;
    // Both dynamic: one is the other times a constant.
    bool split = false;
    for (int64_t k : candidates) {
      if (equal(b.expr, mul(a.expr, k))) {
        take(a);
        b = constant(k);
        haveA = false;
        ++i;
        split = true;
        break;
      }
      if (equal(a.expr, mul(b.expr, k))) {
        take(b);
        a = constant(k);
        haveB = false;
        ++j;
        split = true;
        break;
      }
    }
    if (!split)
      return std::nullopt;
  }
  // Both sides used up, with nothing left over.
  if (haveA || haveB || i != from.size() || j != to.size())
    return std::nullopt;
  if (llvm::is_contained(r.fromCounts, 0u) ||
      llvm::is_contained(r.toCounts, 0u))
    return std::nullopt;
  return r;
}

/// How an expand of a collapse of x regroups x's dims: the factors of
/// their common refinement, the groups of the expand of x into them, the
/// groups of the collapse of those into the result, and the refined shape.
struct RegroupPlan {
  SmallVector<Factor> factors;
  SmallVector<ReassociationIndices> expandGroups, collapseGroups;
  SmallVector<int64_t> shape;
};

/// The plan for expand(collapse(x)) by `e` through a common refinement that
/// the engine proves, whose expand of x holds one dynamic dim per group at
/// most (the lowering cannot take more); or nothing. A size of `e` that is
/// null (a group of one dim, nested) is the collapsed tensor's own dim.
std::optional<RegroupPlan> planRegroup(tensor::CollapseShapeOp collapse,
                                       const Expansion &e,
                                       ShapeAnalysis &analysis) {
  SmallVector<ReassociationIndices> collapsed =
      collapse.getReassociationIndices();
  if (collapsed.size() != e.groups.size())
    return std::nullopt;
  Value x = collapse.getSrc();
  RankedTensorType xType = collapse.getSrcType();
  MLIRContext *ctx = collapse.getContext();
  Builder b(ctx);
  RegroupPlan plan;
  for (auto [g, from, to] : llvm::enumerate(collapsed, e.groups)) {
    SmallVector<Factor> xDims, outSizes;
    for (int64_t d : from) {
      OpFoldResult size;
      if (!xType.isDynamicDim(d))
        size = b.getIndexAttr(xType.getDimSize(d));
      xDims.push_back({analysis.getDimExpr(x, d), size});
    }
    for (int64_t d : to)
      outSizes.push_back({e.sizes[d]
                              ? analysis.getFoldResultExpr(e.sizes[d])
                              : analysis.getDimExpr(collapse.getResult(), g),
                          e.sizes[d]});
    if (llvm::any_of(llvm::concat<Factor>(xDims, outSizes),
                     [](const Factor &f) { return !f.expr; }))
      return std::nullopt;
    std::optional<Refinement> r = refine(xDims, outSizes, analysis, ctx);
    if (!r)
      return std::nullopt;
    int64_t next = plan.factors.size();
    for (unsigned count : r->fromCounts) {
      ReassociationIndices group;
      for (unsigned k = 0; k < count; ++k)
        group.push_back(next++);
      plan.expandGroups.push_back(group);
    }
    next = plan.factors.size();
    for (unsigned count : r->toCounts) {
      ReassociationIndices group;
      for (unsigned k = 0; k < count; ++k)
        group.push_back(next++);
      plan.collapseGroups.push_back(group);
    }
    plan.factors.append(r->factors);
  }
  for (const Factor &f : plan.factors)
    plan.shape.push_back(f.expr.isConstant() ? f.expr.getConstantValue()
                                             : ShapedType::kDynamic);
  for (const ReassociationIndices &group : plan.expandGroups)
    if (llvm::count_if(group, [&](int64_t k) {
          return ShapedType::isDynamic(plan.shape[k]);
        }) > 1)
      return std::nullopt;
  return plan;
}

/// The groups of expand(expand(y, inner), outer) as one expand of y.
SmallVector<ReassociationIndices>
composeGroups(ArrayRef<ReassociationIndices> inner,
              ArrayRef<ReassociationIndices> outer) {
  SmallVector<ReassociationIndices> groups;
  for (const ReassociationIndices &mid : inner) {
    ReassociationIndices group;
    for (int64_t m : mid)
      llvm::append_range(group, outer[m]);
    groups.push_back(group);
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
  if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(def)) {
    ShapeAnalysis analysis(source.getContext());
    return composeWithCollapse(collapse, e, analysis) ||
           planRegroup(collapse, e, analysis);
  }
  // An expand of an expand: one expand of the inner one's source, whose
  // sizes are the outer ones (or, in a group of one, the inner one's).
  if (auto inner = dyn_cast<tensor::ExpandShapeOp>(def)) {
    if (depth == 0)
      return false;
    Expansion composed;
    composed.groups = composeGroups(inner.getReassociationIndices(), e.groups);
    SmallVector<OpFoldResult> innerSizes = inner.getMixedOutputShape();
    for (auto [m, group] : llvm::enumerate(e.groups))
      for (int64_t d : group)
        composed.sizes.push_back(e.sizes[d] ? e.sizes[d] : innerSizes[m]);
    return vanishes(inner.getSrc(), composed, depth - 1);
  }
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

/// Replaces `op` by `value`, through a tensor.cast to its type if it has
/// another one (cast-compatible: the callers checked).
void replaceWithCast(tensor::ExpandShapeOp op, Value value,
                     PatternRewriter &rewriter) {
  if (value.getType() != op.getType())
    value = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(), value);
  rewriter.replaceOp(op, value);
}

/// The patterns below match a tensor.expand_shape with a group of two or
/// more dynamic dims whose source an `SourceOp` defines, and rewrite it with
/// `rewriteView` (failure: left for the next pattern).
template <typename Derived, typename SourceOp, unsigned Benefit>
struct ViewOf : public OpRewritePattern<tensor::ExpandShapeOp> {
  ViewOf(MLIRContext *context) : OpRewritePattern(context, Benefit) {}

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto source = op.getSrc().getDefiningOp<SourceOp>();
    Expansion e = expansionOf(op);
    if (!source || !hasMultiDynamicGroup(e))
      return failure();
    return static_cast<const Derived *>(this)->rewriteView(op, source, e,
                                                           rewriter);
  }
};

/// expand(collapse(x)) that splits back dims of x (sizes proven equal) is
/// x, or a collapse of x that merges only the dims the expand leaves
/// merged.
struct ComposeExpandOfCollapse
    : public ViewOf<ComposeExpandOfCollapse, tensor::CollapseShapeOp, 3> {
  using ViewOf::ViewOf;

  LogicalResult rewriteView(tensor::ExpandShapeOp op,
                            tensor::CollapseShapeOp collapse,
                            const Expansion &e,
                            PatternRewriter &rewriter) const {
    ShapeAnalysis analysis(op.getContext());
    std::optional<SmallVector<ReassociationIndices>> groups =
        composeWithCollapse(collapse, e, analysis);
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
    replaceWithCast(op, x, rewriter);
    return success();
  }
};

/// expand(collapse(x)) that regroups x's dims another way ([B, S, 32] ->
/// [B*S*32] -> [B, S*4, 8]) is a collapse of an expand of x through their
/// common refinement ([B, S, 4, 8]), when the engine proves it and the
/// expand of x splits no dim into two dynamic ones: no dim group the
/// lowering cannot take, and no gather.
struct RegroupExpandOfCollapse
    : public ViewOf<RegroupExpandOfCollapse, tensor::CollapseShapeOp, 2> {
  using ViewOf::ViewOf;

  LogicalResult rewriteView(tensor::ExpandShapeOp op,
                            tensor::CollapseShapeOp collapse,
                            const Expansion &e,
                            PatternRewriter &rewriter) const {
    ShapeAnalysis analysis(op.getContext());
    std::optional<RegroupPlan> plan = planRegroup(collapse, e, analysis);
    if (!plan)
      return failure();
    Value x = collapse.getSrc();
    RankedTensorType xType = collapse.getSrcType();
    auto refinedType = RankedTensorType::get(
        plan->shape, xType.getElementType(), xType.getEncoding());
    RankedTensorType resultType = tensor::CollapseShapeOp::inferCollapsedType(
        refinedType, plan->collapseGroups);
    if (!tensor::CastOp::areCastCompatible(resultType, op.getType()))
      return failure();
    Location loc = op.getLoc();
    // A dynamic factor without a size is a whole dim of x (a dim split in
    // two takes its dynamic factor from the expand's sizes).
    SmallVector<OpFoldResult> outputShape;
    for (auto [xDim, group] : llvm::enumerate(plan->expandGroups))
      for (int64_t k : group) {
        if (!ShapedType::isDynamic(plan->shape[k]))
          outputShape.push_back(rewriter.getIndexAttr(plan->shape[k]));
        else if (plan->factors[k].size)
          outputShape.push_back(plan->factors[k].size);
        else
          outputShape.push_back(
              tensor::DimOp::create(rewriter, loc, x, xDim).getResult());
      }
    Value refined = tensor::ExpandShapeOp::create(
        rewriter, loc, refinedType, x, plan->expandGroups, outputShape);
    Value result = tensor::CollapseShapeOp::create(
        rewriter, loc, resultType, refined, plan->collapseGroups);
    replaceWithCast(op, result, rewriter);
    return success();
  }
};

/// An expand of an expand is one expand of the inner one's source (its
/// groups composed, the outer sizes).
struct ComposeExpandOfExpand
    : public ViewOf<ComposeExpandOfExpand, tensor::ExpandShapeOp, 3> {
  using ViewOf::ViewOf;

  LogicalResult rewriteView(tensor::ExpandShapeOp op,
                            tensor::ExpandShapeOp inner, const Expansion &,
                            PatternRewriter &rewriter) const {
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, op.getResultType(), inner.getSrc(),
        composeGroups(inner.getReassociationIndices(),
                      op.getReassociationIndices()),
        op.getMixedOutputShape());
    return success();
  }
};

/// An expand of a tensor.empty is a tensor.empty of the expand's sizes.
struct ExpandOfEmpty : public ViewOf<ExpandOfEmpty, tensor::EmptyOp, 3> {
  using ViewOf::ViewOf;

  LogicalResult rewriteView(tensor::ExpandShapeOp op, tensor::EmptyOp,
                            const Expansion &,
                            PatternRewriter &rewriter) const {
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

/// A tensor.reshape whose shape is built from sizes (tensor.from_elements,
/// as frontends write a view that is no reassociation) is a collapse of
/// every dim and an expand into those sizes: MLIR 22.1 lowers the
/// memref.reshape of a dynamic shape to nothing, and the two reshapes are
/// views (the expand, if it has two dynamic dims, meets the rewrites above
/// and, as the last resort, the gather).
struct ReshapeFromSizes : public OpRewritePattern<tensor::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto elements = op.getShape().getDefiningOp<tensor::FromElementsOp>();
    auto sourceType = dyn_cast<RankedTensorType>(op.getSource().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!elements || !sourceType || !resultType || sourceType.getRank() == 0 ||
        resultType.getRank() == 0 || resultType.hasStaticShape() ||
        elements.getElements().size() !=
            static_cast<size_t>(resultType.getRank()))
      return failure();
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes;
    for (auto [d, element] : llvm::enumerate(elements.getElements())) {
      if (!resultType.isDynamicDim(d)) {
        sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(d)));
        continue;
      }
      Value size = element;
      if (!size.getType().isIndex())
        size = arith::IndexCastOp::create(rewriter, loc,
                                          rewriter.getIndexType(), size);
      sizes.push_back(size);
    }
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, sourceType.getRank()));
    Value flat =
        tensor::CollapseShapeOp::create(rewriter, loc, op.getSource(), {all});
    ReassociationIndices allOut =
        llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()));
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, resultType, flat,
                                                       ArrayRef{allOut}, sizes);
    return success();
  }
};

} // namespace

void symshape::populateKeepViewsPatterns(RewritePatternSet &patterns) {
  patterns.add<ComposeExpandOfCollapse, RegroupExpandOfCollapse,
               ComposeExpandOfExpand, ExpandOfEmpty, ReshapeFromSizes>(
      patterns.getContext());
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                    shouldPushIntoProducer);
}
