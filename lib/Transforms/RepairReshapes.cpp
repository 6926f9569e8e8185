//===- RepairReshapes.cpp - symshape-repair-reshapes ----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Forms that MLIR 22.1 accepts but mishandles (docs/Passes.md): ambiguous
// rank-reducing slices, two forms of tensor.expand_shape (a static result dim
// with an SSA output_shape entry, a reassociation group with two or more
// dynamic dims), concat operands with a static 0 extent, and slices, pads
// and reshapes that read or write no element.
//
//===----------------------------------------------------------------------===//

#include "FailingChecks.h"
#include "GreedyRewrite.h"
#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

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
  /// The last resort: after the patterns that keep the view
  /// (populateKeepViewsPatterns).
  MultiDynamicGroup(MLIRContext *context, bool explain)
      : OpRewritePattern(context, /*benefit=*/0), explain(explain) {}

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
    if (explain)
      emitRemark(loc)
          << "copy: this view has two or more dynamic dims in one group, "
             "which MLIR 22.1 cannot lower, and becomes a gather "
             "(tensor.generate): it undoes no collapse that the sizes are "
             "proven to match, shapes no tensor.empty, and its producer is "
             "not a linalg op whose operands take the view without a copy";
    return success();
  }

private:
  bool explain;
};

//===----------------------------------------------------------------------===//
// Rank-reducing slices
//===----------------------------------------------------------------------===//

/// True if no folding can turn `v` into a constant: an argument of a
/// function's entry block, or a dynamic dim of one (the signature is fixed).
static bool isFixedSize(Value v) {
  auto isFunctionArgument = [](Value x) {
    auto arg = dyn_cast<BlockArgument>(x);
    return arg && arg.getOwner()->isEntryBlock() &&
           isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  };
  if (isFunctionArgument(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!isa_and_nonnull<tensor::DimOp, memref::DimOp>(def))
    return false;
  std::optional<int64_t> index = getConstantIntValue(def->getOperand(1));
  auto type = dyn_cast<ShapedType>(def->getOperand(0).getType());
  return index && type && type.hasRank() && *index >= 0 &&
         *index < type.getRank() && type.isDynamicDim(*index) &&
         isFunctionArgument(def->getOperand(0));
}

/// True if the upstream folders of a rank-reducing slice may retype it
/// wrongly. Once constant sizes are folded, those folders recompute which
/// unit dims are dropped as the *leading* ones (the "canonical" rank-reduced
/// type) and cast to the old type. That changes the result's dims when a
/// kept dim that is or may become 1 (by folding) precedes a dropped dim with a
/// dim of another size in between: `[%c1, %n, 1]` of `2x?x3` to `?x?` is `1 x
/// n`, retyped `n x 1` (MLIR 22.1; docs/Passes.md). Removing one unit dim or
/// another gives the same shape exactly when only unit dims lie between.
static bool mayBeRetypedWrongly(ArrayRef<OpFoldResult> sizes,
                                const llvm::SmallBitVector &dropped) {
  auto isStaticOne = [&](unsigned i) {
    std::optional<int64_t> c = getConstantIntValue(sizes[i]);
    return c && *c == 1 && isa<Attribute>(sizes[i]);
  };
  auto mayBeOne = [&](unsigned i) {
    std::optional<int64_t> c = getConstantIntValue(sizes[i]);
    if (c)
      return *c == 1;
    return !isFixedSize(cast<Value>(sizes[i]));
  };
  // Scan left to right: `candidate` is set once a kept dim that may be 1 is
  // seen, `blocked` once a dim other than a static 1 follows it.
  bool candidate = false, blocked = false;
  for (unsigned i = 0; i < sizes.size(); ++i) {
    if (dropped.test(i)) {
      if (blocked)
        return true;
      continue;
    }
    if (candidate && !isStaticOne(i))
      blocked = true;
    if (mayBeOne(i))
      candidate = true;
  }
  return false;
}

/// True if MLIR 22.1 cannot tell which unit dims a rank-reducing slice drops
/// once it is bufferized. `memref.subview` finds them by matching the
/// strides of the source's unit dims against the result's, but it takes the
/// source's strides without the subview's own: with more constant unit
/// sizes than dropped dims and a stride other than a constant 1 the match
/// can fail, and `memref.dim` of the subview then reads an empty answer (a
/// crash in the lowering's folders). `[%n, 1, 1, 1]` by `[2, 1, 1, 1]` of
/// `?x1x3x4` to `?x1x1` is one.
static bool hasAmbiguousStridedDrop(ArrayRef<OpFoldResult> sizes,
                                    ArrayRef<OpFoldResult> strides,
                                    const llvm::SmallBitVector &dropped) {
  auto isOne = [](OpFoldResult ofr) { return isConstantIntValue(ofr, 1); };
  if (static_cast<size_t>(llvm::count_if(sizes, isOne)) == dropped.count())
    return false;
  return !llvm::all_of(strides, isOne);
}

/// The reassociation that maps a full-rank slice type onto its rank-reduced
/// form: each kept dim with the dropped dims that follow it (leading dropped
/// dims join the first group).
static SmallVector<ReassociationIndices>
rankReductionGroups(const llvm::SmallBitVector &dropped) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (unsigned i = 0; i < dropped.size(); ++i) {
    if (dropped.test(i)) {
      if (groups.empty())
        pending.push_back(i);
      else
        groups.back().push_back(i);
      continue;
    }
    groups.push_back(pending);
    groups.back().push_back(i);
    pending.clear();
  }
  return groups;
}

/// Whether a rank-reducing slice is better made explicit: upstream folders
/// may retype it wrongly, or (`forLowering`) its bufferized form may not know
/// its dropped dims.
template <typename OpTy>
static bool needsExplicitRankReduction(OpTy op, ArrayRef<OpFoldResult> sizes,
                                       const llvm::SmallBitVector &dropped,
                                       bool forLowering) {
  return mayBeRetypedWrongly(sizes, dropped) ||
         (forLowering &&
          hasAmbiguousStridedDrop(sizes, op.getMixedStrides(), dropped));
}

/// A rank-reducing `tensor.extract_slice` that upstream folders may retype
/// wrongly (or, with `forLowering`, whose bufferized form would not know its
/// dropped dims) becomes a full-rank slice followed by an explicit
/// `tensor.collapse_shape` of its unit dims: same elements, same shape, and
/// nothing left for the folders to reinterpret.
struct ExplicitRankReducingExtract
    : public OpRewritePattern<tensor::ExtractSliceOp> {
  ExplicitRankReducingExtract(MLIRContext *context, bool forLowering)
      : OpRewritePattern(context), forLowering(forLowering) {}

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getResultType();
    if (resultType.getRank() == op.getSourceType().getRank())
      return rewriter.notifyMatchFailure(op, "not rank-reducing");
    SmallVector<OpFoldResult> sizes = op.getMixedSizes();
    llvm::SmallBitVector dropped = op.getDroppedDims();
    if (!needsExplicitRankReduction(op, sizes, dropped, forLowering))
      return rewriter.notifyMatchFailure(op, "dropped dims are unambiguous");
    Location loc = op.getLoc();
    RankedTensorType fullType =
        tensor::ExtractSliceOp::inferResultType(op.getSourceType(), sizes);
    Value full = tensor::ExtractSliceOp::create(
        rewriter, loc, fullType, op.getSource(), op.getMixedOffsets(), sizes,
        op.getMixedStrides());
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, loc, full, rankReductionGroups(dropped));
    if (collapsed.getType() != resultType)
      collapsed = tensor::CastOp::create(rewriter, loc, resultType, collapsed);
    rewriter.replaceOp(op, collapsed);
    return success();
  }

private:
  bool forLowering;
};

/// The twin for a rank-reducing `tensor.insert_slice`: the source is
/// expanded to the full-rank slice type (after a cast that makes static what
/// the sizes make static) and inserted without rank reduction.
struct ExplicitRankReducingInsert
    : public OpRewritePattern<tensor::InsertSliceOp> {
  ExplicitRankReducingInsert(MLIRContext *context, bool forLowering)
      : OpRewritePattern(context), forLowering(forLowering) {}

  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType sourceType = op.getSourceType();
    if (sourceType.getRank() == op.getDestType().getRank())
      return rewriter.notifyMatchFailure(op, "not rank-reducing");
    SmallVector<OpFoldResult> sizes = op.getMixedSizes();
    llvm::SmallBitVector dropped = op.getDroppedDims();
    if (!needsExplicitRankReduction(op, sizes, dropped, forLowering))
      return rewriter.notifyMatchFailure(op, "dropped dims are unambiguous");
    Location loc = op.getLoc();
    RankedTensorType fullType =
        tensor::ExtractSliceOp::inferResultType(op.getDestType(), sizes);
    SmallVector<int64_t> keptShape;
    for (unsigned i = 0; i < dropped.size(); ++i)
      if (!dropped.test(i))
        keptShape.push_back(fullType.getDimSize(i));
    Value source = op.getSource();
    auto keptType = RankedTensorType::get(keptShape, fullType.getElementType(),
                                          sourceType.getEncoding());
    if (keptType != sourceType)
      source = tensor::CastOp::create(rewriter, loc, keptType, source);
    Value expanded = tensor::ExpandShapeOp::create(
        rewriter, loc, fullType, source, rankReductionGroups(dropped), sizes);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, expanded, op.getDest(), op.getMixedOffsets(), sizes,
        op.getMixedStrides());
    return success();
  }

private:
  bool forLowering;
};

/// Replaces `op`'s single result by `value`, through a cast if the types
/// differ.
static LogicalResult replaceByCast(Operation *op, Value value,
                                   PatternRewriter &rewriter) {
  Type type = op->getResult(0).getType();
  if (value.getType() == type) {
    rewriter.replaceOp(op, value);
    return success();
  }
  if (!tensor::CastOp::areCastCompatible(value.getType(), type))
    return failure();
  rewriter.replaceOpWithNewOp<tensor::CastOp>(op, type, value);
  return success();
}

static SmallVector<int64_t> knownShape(Value value, unsigned depth = 4);

/// Replaces `op`, whose single tensor result has no element, by a
/// tensor.empty of its shape (its dynamic sizes reified from its operands,
/// or static where knownShape knows them: a 0 the lowering would otherwise
/// only see once folding has run).
static LogicalResult replaceByEmpty(Operation *op, PatternRewriter &rewriter) {
  ReifiedRankedShapedTypeDims shapes;
  if (failed(reifyResultShapes(rewriter, op, shapes)))
    return failure();
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  // The static dims of the result type win over reified ones.
  SmallVector<OpFoldResult> sizes = shapes.front();
  SmallVector<int64_t> known = knownShape(op->getResult(0));
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!ShapedType::isDynamic(known[d]))
      sizes[d] = rewriter.getIndexAttr(known[d]);
  Value empty = tensor::EmptyOp::create(rewriter, op->getLoc(), sizes,
                                        type.getElementType());
  return replaceByCast(op, empty, rewriter);
}

/// True if a slice of `extent` at `offset` can only be empty in a program
/// that is defined: the extent is a static 0, or the offset is static and at
/// or past the static extent. MLIR 22.1 rejects both forms when it lowers
/// the slice ("offset 0 is out-of-bounds: 0 >= 0"), although nothing is
/// read or written.
static bool isEmptySliceDim(OpFoldResult offset, int64_t extent) {
  if (extent == 0)
    return true;
  std::optional<int64_t> o = getConstantIntValue(offset);
  return o && !ShapedType::isDynamic(extent) && *o >= extent;
}

/// The shape of `value` with the static dims it is known to have through
/// casts, destination-style ties (a linalg.fill writing into a cast of a
/// 0x3 tensor.empty is 0x3, whatever its type says), selects (a static dim
/// of both operands, up to `depth` selects deep), concats (a static dim of
/// an operand, or the sum of theirs along the concat dim) and the constant
/// sizes of a tensor.empty: what the lowering sees once folding and
/// bufferization have made those dims static and folded the casts (and a
/// select of one buffer).
/// The value `v` has the shape of, one step back: a tensor.cast's source
/// or a destination-style op's tied init; null for anything else.
static Value tiedSource(Value v) {
  Operation *def = v.getDefiningOp();
  if (auto castOp = dyn_cast_if_present<tensor::CastOp>(def))
    return castOp.getSource();
  if (auto dps = dyn_cast_if_present<DestinationStyleOpInterface>(def))
    if (OpOperand *init = dps.getTiedOpOperand(cast<OpResult>(v)))
      return init->get();
  return Value();
}

static SmallVector<int64_t> knownShape(Value value, unsigned depth) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  for (Value v = value; v;) {
    auto vType = dyn_cast<RankedTensorType>(v.getType());
    if (!vType || vType.getRank() != type.getRank())
      break;
    for (auto [known, dim] : llvm::zip(shape, vType.getShape()))
      if (ShapedType::isDynamic(known))
        known = dim;
    Operation *def = v.getDefiningOp();
    if (auto empty = dyn_cast_if_present<tensor::EmptyOp>(def)) {
      // A constant size: folding makes it a static dim.
      for (auto [known, size] : llvm::zip(shape, empty.getMixedSizes()))
        if (std::optional<int64_t> c = getConstantIntValue(size);
            ShapedType::isDynamic(known) && c && *c >= 0)
          known = *c;
      v = Value();
    } else if (auto castOp = dyn_cast_if_present<tensor::CastOp>(def)) {
      v = castOp.getSource();
    } else if (auto loop = dyn_cast_if_present<LoopLikeOpInterface>(def)) {
      // A loop result whose body yields its iteration argument back
      // (through casts and destination-style ties) has the init's shape.
      BlockArgument iterArg = loop.getTiedLoopRegionIterArg(cast<OpResult>(v));
      OpOperand *yielded =
          iterArg ? loop.getTiedLoopYieldedValue(iterArg) : nullptr;
      Value y = yielded ? yielded->get() : Value();
      for (unsigned step = 0; y && y != iterArg && step < 8; ++step)
        y = tiedSource(y);
      v = y && y == iterArg ? loop.getTiedLoopInit(iterArg)->get() : Value();
    } else if (Value tied = tiedSource(v)) {
      // A destination-style op's result (a cast was taken above).
      v = tied;
    } else if (auto select = dyn_cast_if_present<arith::SelectOp>(def);
               select && depth > 0) {
      SmallVector<int64_t> a = knownShape(select.getTrueValue(), depth - 1),
                           b = knownShape(select.getFalseValue(), depth - 1);
      for (auto [known, x, y] : llvm::zip(shape, a, b))
        if (ShapedType::isDynamic(known) && x == y)
          known = x;
      v = Value();
    } else if (auto concat = dyn_cast_if_present<tensor::ConcatOp>(def);
               concat && depth > 0) {
      // Along the other dims every operand has the result's size; along the
      // concat dim the result is the sum. The operands are looked at through
      // their chains only (no select or concat of them: a bounded cost).
      int64_t along = concat.getDim();
      std::optional<int64_t> sum = 0;
      for (Value input : concat.getInputs()) {
        SmallVector<int64_t> in = knownShape(input, /*depth=*/0);
        for (auto [d, known] : llvm::enumerate(shape))
          if (int64_t(d) != along && ShapedType::isDynamic(known))
            known = in[d];
        int64_t total;
        if (sum && !ShapedType::isDynamic(in[along]) &&
            !llvm::AddOverflow(*sum, in[along], total))
          sum = total;
        else
          sum = std::nullopt;
      }
      if (sum && ShapedType::isDynamic(shape[along]))
        shape[along] = *sum;
      v = Value();
    } else {
      v = Value();
    }
  }
  return shape;
}

/// True if `shaped` is known to have a static 0 dim (knownShape).
static bool hasZeroDim(Value shaped) {
  return isa<RankedTensorType>(shaped.getType()) &&
         llvm::is_contained(knownShape(shaped), 0);
}

/// Static 0 extents in a tensor.concat. MLIR 22.1 decomposes a concat into
/// slices inserted at the sum of the extents before each operand: a static
/// offset that the slice verifier rejects at the end of a static dim ("offset
/// 2 is out-of-bounds: 2 >= 2") and in a dim of static size 0, although
/// nothing is inserted there. A concat whose result has a static 0 dim (in
/// its type, or known from its operands: knownShape) has no element: it
/// becomes a tensor.empty of its shape. Otherwise an operand of
/// extent 0 along the concat dim adds nothing and is dropped; a concat left
/// with one operand becomes a cast of it.
struct ZeroExtentConcat : public OpRewritePattern<tensor::ConcatOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ConcatOp op,
                                PatternRewriter &rewriter) const override {
    if (hasZeroDim(op.getResult()))
      return replaceByEmpty(op, rewriter);
    RankedTensorType type = op.getResultType();
    int64_t dim = op.getDim();
    SmallVector<Value> kept;
    for (Value input : op.getInputs())
      if (cast<RankedTensorType>(input.getType()).getDimSize(dim) != 0)
        kept.push_back(input);
    if (kept.size() == op.getInputs().size())
      return failure();
    // A result dim that is not 0 has an operand that is not 0 along it.
    assert(!kept.empty() && "a concat of zero extents has a static 0 dim");
    if (kept.size() > 1) {
      rewriter.replaceOpWithNewOp<tensor::ConcatOp>(op, type, dim, kept);
      return success();
    }
    return replaceByCast(op, kept.front(), rewriter);
  }
};

/// Slices that read or write nothing (isEmptySliceDim on some dim): an
/// extract_slice becomes a tensor.empty of its shape, an insert_slice its
/// destination. Exact for every defined program (the slice is empty), and
/// what makes the standard lowering accept it.
struct EmptyExtractSlice : public OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> shape = knownShape(op.getSource());
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets();
    for (auto [offset, extent] : llvm::zip(offsets, shape))
      if (isEmptySliceDim(offset, extent))
        return replaceByEmpty(op, rewriter);
    return failure();
  }
};

struct EmptyInsertSlice : public OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> shape = knownShape(op.getDest());
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets();
    bool empty = hasZeroDim(op.getSource());
    for (auto [offset, extent] : llvm::zip(offsets, shape))
      empty |= isEmptySliceDim(offset, extent);
    if (!empty)
      return failure();
    rewriter.replaceOp(op, op.getDest());
    return success();
  }
};

/// True if a static low or high padding of `op` covers a whole static dim
/// of its result: the result dim is low + source + high with all three
/// non-negative, so the source dim is 0 (a pad made static by a binding of
/// the source dim to 0, which the source type does not show).
bool padFillsDim(tensor::PadOp op) {
  RankedTensorType type = op.getResultType();
  SmallVector<OpFoldResult> low = op.getMixedLowPad(),
                            high = op.getMixedHighPad();
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (type.isDynamicDim(d))
      continue;
    for (OpFoldResult pad : {low[d], high[d]}) {
      std::optional<int64_t> amount = getConstantIntValue(pad);
      if (amount && *amount >= type.getDimSize(d) && type.getDimSize(d) > 0)
        return true;
    }
  }
  return false;
}

/// A tensor.pad of a source with a static 0 dim, or whose static padding
/// covers a whole static result dim, is all padding: a tensor.generate with
/// the pad's body (which yields the padding value at each index of the
/// result). The lowering of the pad would write the empty source at offset
/// `low`, rejected at the end of a static dim.
struct EmptySourcePad : public OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::PadOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasZeroDim(op.getSource()) && !padFillsDim(op))
      return failure();
    ReifiedRankedShapedTypeDims shapes;
    if (failed(reifyResultShapes(rewriter, op, shapes)))
      return failure();
    RankedTensorType type = op.getResultType();
    SmallVector<Value> dynamic;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dynamic.push_back(getValueOrCreateConstantIndexOp(rewriter, op.getLoc(),
                                                          shapes.front()[d]));
    auto generate =
        tensor::GenerateOp::create(rewriter, op.getLoc(), type, dynamic);
    rewriter.inlineRegionBefore(op.getRegion(), generate.getBody(),
                                generate.getBody().end());
    rewriter.replaceOp(op, generate.getResult());
    return success();
  }
};

/// A collapse_shape or expand_shape of a source with a static 0 dim moves
/// no element: a tensor.empty of its shape. (MLIR 22.1 infers a static 0
/// for a collapsed group holding a static 0 and a dynamic dim, and its
/// bufferization then fails: "collapsed dim must be dynamic if and only if
/// reassociation group is dynamic".)
template <typename ReshapeOp>
struct EmptyReshape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern<ReshapeOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasZeroDim(op.getSrc()))
      return failure();
    return replaceByEmpty(op, rewriter);
  }
};

/// Reports a tensor.expand_shape whose output_shape holds a constant (an
/// attribute or a constant SSA value) that differs from the static size of
/// the same result dim: valid to the MLIR 22 verifier, undefined at run
/// time, and visible in the op itself.
static LogicalResult verifyStaticOutputShape(tensor::ExpandShapeOp op) {
  RankedTensorType type = op.getResultType();
  SmallVector<OpFoldResult> shape = op.getMixedOutputShape();
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (type.isDynamicDim(i))
      continue;
    std::optional<int64_t> c = getConstantIntValue(shape[i]);
    if (c && *c != type.getDimSize(i))
      return op.emitError("symshape-repair-reshapes: output_shape entry ")
             << i << " is " << *c << " but the result type " << type
             << " has static size " << type.getDimSize(i) << " there";
  }
  return success();
}

/// A cast of a cast between contradicting static dims (`1x3x3 -> ?x3x? ->
/// 1x3x1`) reads a value as a shape it does not have: no defined execution
/// gets there (specialization at sizes where the program cannot run, then
/// upstream's folding of constants, make such chains). Each becomes a check
/// that always fails, so that what follows is trimmed before the lowering
/// merges the chain into an invalid cast or copy. Returns true if the IR
/// changed.
static bool checkContradictingCasts(Operation *root) {
  SmallVector<tensor::CastOp> contradicting;
  root->walk([&](tensor::CastOp cast) {
    auto inner = cast.getSource().getDefiningOp<tensor::CastOp>();
    if (inner && !tensor::CastOp::areCastCompatible(inner.getSource().getType(),
                                                    cast.getType()))
      contradicting.push_back(cast);
  });
  for (tensor::CastOp cast : contradicting) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "symshape: a "
       << cast.getSource().getDefiningOp<tensor::CastOp>().getSource().getType()
       << " is read as " << cast.getType()
       << ": shapes that cannot agree (the program is undefined here)";
    OpBuilder b(cast);
    insertFailingCheck(b, cast.getLoc(), message);
  }
  return !contradicting.empty();
}

} // namespace

void symshape::populateRepairReshapesPatterns(RewritePatternSet &patterns,
                                              bool loweringForms,
                                              bool explain) {
  MLIRContext *context = patterns.getContext();
  patterns.add<StaticOutputShape>(context);
  patterns.add<ExplicitRankReducingExtract, ExplicitRankReducingInsert>(
      context, loweringForms);
  patterns.add<ZeroExtentConcat, EmptyExtractSlice, EmptyInsertSlice,
               EmptySourcePad, EmptyReshape<tensor::CollapseShapeOp>,
               EmptyReshape<tensor::ExpandShapeOp>>(context);
  if (loweringForms) {
    populateKeepViewsPatterns(patterns);
    patterns.add<MultiDynamicGroup>(context, explain);
  }
}

namespace {

class SymShapeRepairReshapesPass
    : public symshape::impl::SymShapeRepairReshapesPassBase<
          SymShapeRepairReshapesPass> {
public:
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    // Built once per pipeline: the pass runs on every function.
    RewritePatternSet set(context);
    populateRepairReshapesPatterns(set, loweringForms, explain);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    // A contradiction in the op is reported, never "repaired" to one side
    // by StaticOutputShape below. The same walk finds whether any op is the
    // root of a pattern: most functions have none.
    const auto &roots = patterns.getOpSpecificNativePatterns();
    bool candidates = false;
    WalkResult contradiction = getOperation()->walk([&](Operation *op) {
      candidates |= roots.contains(op->getName());
      auto expand = dyn_cast<tensor::ExpandShapeOp>(op);
      return expand && failed(verifyStaticOutputShape(expand))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (contradiction.wasInterrupted())
      return signalPassFailure();
    // The last cleanup may have folded a check to false after the last
    // symshape-simplify: what follows it must not reach the lowering.
    bool changed = false;
    if (loweringForms) {
      changed |= checkContradictingCasts(getOperation());
      changed |= eraseAfterFailingChecks(getOperation());
    }
    if (candidates) {
      // Only these patterns run: no folding, no other canonicalization.
      GreedyRewriteConfig config;
      config.enableFolding(false);
      if (!simplifyRegions)
        config.setRegionSimplificationLevel(
            GreedySimplifyRegionLevel::Disabled);
      bool rewrote = false;
      if (failed(applyPatternsGreedilyLean(getOperation(), patterns, config,
                                           &rewrote)))
        return signalPassFailure();
      changed |= rewrote;
    }
    // Unchanged IR keeps its analyses, and the pass manager skips verifying
    // it again.
    if (!changed)
      markAllAnalysesPreserved();
  }

private:
  FrozenRewritePatternSet patterns;
};

} // namespace
