//===- TensorModels.cpp - What tensor ops mean for shapes -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The dims of tensor results: from the dynamic sizes of empty, generate and
// splat; through casts; from slice sizes (rank-reducing too); pad adds its
// low and high padding; concat sums its inputs along its dim; collapse
// multiplies a group; expand reads its output_shape; reshape reads its shape
// operand's elements. tensor.dim reads a dim.
// And how dynamic-to-static rebuilds each of them, and insert_slice, with
// the more static types and constant sizes it proved.
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

Expr emptyDim(tensor::EmptyOp op, OpResult result, unsigned dim,
              ShapeQuery &q) {
  return dynamicSizeDim(cast<ShapedType>(result.getType()),
                        op.getDynamicSizes(), dim, q);
}

Expr generateDim(tensor::GenerateOp op, OpResult result, unsigned dim,
                 ShapeQuery &q) {
  return dynamicSizeDim(cast<ShapedType>(result.getType()),
                        op.getDynamicExtents(), dim, q);
}

Expr splatDim(tensor::SplatOp op, OpResult result, unsigned dim,
              ShapeQuery &q) {
  return dynamicSizeDim(cast<ShapedType>(result.getType()),
                        op.getDynamicSizes(), dim, q);
}

Expr extractSliceDim(tensor::ExtractSliceOp slice, OpResult, unsigned dim,
                     ShapeQuery &q) {
  return sliceDim(slice.getMixedSizes(), slice.getDroppedDims(), dim, q);
}

Expr padDim(tensor::PadOp pad, OpResult, unsigned dim, ShapeQuery &q) {
  Expr low = q.getFoldResultExpr(pad.getMixedLowPad()[dim]);
  Expr high = q.getFoldResultExpr(pad.getMixedHighPad()[dim]);
  Expr source = q.getDimExpr(pad.getSource(), dim);
  return add(add(source, low), high);
}

Expr concatDim(tensor::ConcatOp concat, OpResult, unsigned dim, ShapeQuery &q) {
  if (concat.getDim() != dim)
    return q.getDimExpr(concat.getInputs().front(), dim);
  Expr sum = q.getExprContext().getConstant(0);
  for (Value input : concat.getInputs())
    sum = add(sum, q.getDimExpr(input, dim));
  return sum;
}

/// tensor.reshape takes its result's dims from its shape operand: the
/// elements of a `tensor.from_elements` (how frontends build it from sizes)
/// or of a constant.
Expr reshapeDim(tensor::ReshapeOp reshape, OpResult, unsigned dim,
                ShapeQuery &q) {
  Value shape = reshape.getShape();
  if (auto elements = shape.getDefiningOp<tensor::FromElementsOp>())
    return dim < elements.getElements().size()
               ? q.getExpr(elements.getElements()[dim])
               : Expr();
  DenseIntElementsAttr constant;
  if (matchPattern(shape, m_Constant(&constant)) &&
      dim < constant.getNumElements())
    return q.getExprContext().getConstant(
        constant.getValues<APInt>()[dim].getSExtValue());
  return Expr();
}

//===----------------------------------------------------------------------===//
// Rebuilding with more static types (symshape-dynamic-to-static)
//===----------------------------------------------------------------------===//

Operation *rebuildEmpty(tensor::EmptyOp empty, OpBuilder &b,
                        StaticRefinement &r) {
  SmallVector<OpFoldResult> sizes = r.refineSizes(b, empty.getMixedSizes());
  auto type = empty.getType();
  return tensor::EmptyOp::create(b, empty.getLoc(), sizes,
                                 type.getElementType(), type.getEncoding());
}

Operation *rebuildExtractSlice(tensor::ExtractSliceOp slice, OpBuilder &b,
                               StaticRefinement &r) {
  SmallVector<OpFoldResult> sizes = r.refineSizes(b, slice.getMixedSizes());
  llvm::SmallBitVector dropped = slice.getDroppedDims();
  SmallVector<int64_t> shape;
  for (auto [d, size] : llvm::enumerate(decomposeMixedValues(sizes).first))
    if (!dropped.test(d))
      shape.push_back(size);
  Value source = r.refineOperand(b, slice.getSource());
  SmallVector<OpFoldResult> offsets =
      r.refineIndices(b, slice.getMixedOffsets());
  // A slice that the proven constants put out of bounds (undefined where it
  // runs) is not built: it would not verify.
  if (!verifyInBoundsSlice(cast<RankedTensorType>(source.getType()).getShape(),
                           offsets, sizes, slice.getMixedStrides())
           .isValid)
    return nullptr;
  return tensor::ExtractSliceOp::create(
      b, slice.getLoc(), slice.getType().clone(shape), source, offsets, sizes,
      slice.getMixedStrides());
}

Operation *rebuildInsertSlice(tensor::InsertSliceOp insert, OpBuilder &b,
                              StaticRefinement &r) {
  Value source = r.refineOperand(b, insert.getSource());
  Value dest = r.refineOperand(b, insert.getDest());
  auto sourceType = cast<RankedTensorType>(source.getType());
  // Sizes agree with the source type: static exactly where it is. A size
  // known to be another number contradicts the source (the insertion is
  // undefined): neither is replaced by the other, the op stays.
  SmallVector<OpFoldResult> sizes = insert.getMixedSizes();
  llvm::SmallBitVector dropped = insert.getDroppedDims();
  unsigned k = 0;
  for (unsigned d = 0; d < sizes.size(); ++d) {
    if (dropped.test(d))
      continue;
    int64_t s = sourceType.getDimSize(k++);
    if (ShapedType::isDynamic(s))
      continue;
    std::optional<int64_t> known = getStaticValue(r.refineIndex(b, sizes[d]));
    if (known && *known != s)
      return nullptr;
    sizes[d] = b.getIndexAttr(s);
  }
  SmallVector<OpFoldResult> offsets =
      r.refineIndices(b, insert.getMixedOffsets());
  return tensor::InsertSliceOp::create(b, insert.getLoc(), source, dest,
                                       offsets, sizes,
                                       insert.getMixedStrides());
}

Operation *rebuildPad(tensor::PadOp pad, OpBuilder &b, StaticRefinement &r) {
  Value source = r.refineOperand(b, pad.getSource());
  SmallVector<OpFoldResult> low = r.refineIndices(b, pad.getMixedLowPad());
  SmallVector<OpFoldResult> high = r.refineIndices(b, pad.getMixedHighPad());
  SmallVector<int64_t> staticLow = decomposeMixedValues(low).first;
  SmallVector<int64_t> staticHigh = decomposeMixedValues(high).first;
  // Dims proven constant but not derivable from static paddings (a crop
  // by a negative padding of a dim with a known extent) are given.
  auto proven = cast<RankedTensorType>(r.getProvenType(pad.getResult()));
  auto type =
      tensor::PadOp::inferResultType(cast<RankedTensorType>(source.getType()),
                                     staticLow, staticHigh, proven.getShape());
  // The lowering writes the source at offset `low`; MLIR 22.1 rejects a
  // static offset at the end of a static dim even for an empty source
  // ("offset 1 is out-of-bounds: 1 >= 1"). Such a pad stays as it is.
  for (auto [l, size] : llvm::zip(staticLow, type.getShape()))
    if (!ShapedType::isDynamic(l) && !ShapedType::isDynamic(size) &&
        l >= size && l > 0)
      return nullptr;
  auto newPad = tensor::PadOp::create(b, pad.getLoc(), type, source, low, high,
                                      pad.getNofold());
  IRMapping mapping;
  pad.getRegion().cloneInto(&newPad.getRegion(), mapping);
  return newPad;
}

Operation *rebuildConcat(tensor::ConcatOp concat, OpBuilder &b,
                         StaticRefinement &r) {
  SmallVector<Value> inputs;
  for (Value v : concat.getInputs())
    inputs.push_back(r.refineOperand(b, v));
  return tensor::ConcatOp::create(b, concat.getLoc(), concat.getDim(), inputs);
}

/// A concat's inputs agree with its result on every dim but the one it
/// concatenates (the program is undefined otherwise): once it has run,
/// those dims are equal. A static result dim that the facts make different
/// from an input's leaves the code after the concat unreachable.
void concatFacts(tensor::ConcatOp concat, ShapeQuery &q) {
  Value result = concat.getResult();
  for (unsigned d = 0, e = concat.getRank(); d < e; ++d) {
    if (d == concat.getDim())
      continue;
    Expr dim = q.getDimExpr(result, d);
    for (Value input : concat.getInputs())
      if (dim)
        if (Expr other = q.getDimExpr(input, d))
          q.addEquality(other, dim, FactSource());
  }
}

Operation *rebuildCollapse(tensor::CollapseShapeOp collapse, OpBuilder &b,
                           StaticRefinement &r) {
  Value source = r.refineOperand(b, collapse.getSrc());
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  auto type = tensor::CollapseShapeOp::inferCollapsedType(
      cast<RankedTensorType>(source.getType()), groups);
  return tensor::CollapseShapeOp::create(b, collapse.getLoc(), type, source,
                                         groups);
}

Operation *rebuildExpand(tensor::ExpandShapeOp expand, OpBuilder &b,
                         StaticRefinement &r) {
  Location loc = expand.getLoc();
  SmallVector<OpFoldResult> shape =
      r.refineSizes(b, expand.getMixedOutputShape());
  SmallVector<int64_t> staticShape = decomposeMixedValues(shape).first;
  // The source dim of a group is static exactly when the group is (a
  // static group cannot come from a `?` dim: cast first).
  Value source = r.refineOperand(b, expand.getSrc());
  auto sourceType = cast<RankedTensorType>(source.getType());
  SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
  SmallVector<int64_t> sourceShape;
  for (const ReassociationIndices &group : groups) {
    int64_t product = 1;
    for (int64_t d : group)
      product = ShapedType::isDynamic(staticShape[d]) || product < 0
                    ? ShapedType::kDynamic
                    : product * staticShape[d];
    sourceShape.push_back(product);
  }
  if (sourceType.getShape() != ArrayRef<int64_t>(sourceShape)) {
    // A proven source extent that is not the product of the proven
    // output shape (1 into 1x3): the expansion is undefined, leave it.
    auto wanted = sourceType.clone(sourceShape);
    if (!tensor::CastOp::areCastCompatible(sourceType, wanted))
      return nullptr;
    source = tensor::CastOp::create(b, loc, wanted, source);
  }
  return tensor::ExpandShapeOp::create(
      b, loc, expand.getResultType().clone(staticShape), source, groups, shape);
}

/// An expand's group multiplies out to its source dim (the program is
/// undefined otherwise). Only a group the facts prove different is stated
/// (as the equality that contradicts them): the code after the expand is
/// then unreachable (a profile's version at sizes where the program cannot
/// run); the other facts stay as they were.
void expandFacts(tensor::ExpandShapeOp expand, ShapeQuery &q) {
  for (auto [g, group] : llvm::enumerate(expand.getReassociationIndices())) {
    Expr source = q.getDimExpr(expand.getSrc(), g);
    Expr product = q.getExprContext().getConstant(1);
    for (int64_t d : group)
      product = mul(product, q.getDimExpr(expand.getResult(), d));
    if (source && product &&
        q.getSolver().proveEQ(source, product) == Verdict::False)
      q.addEquality(source, product, FactSource());
  }
}

/// The result type is the proven one; the shape operand stays (it still
/// gives every dim at run time).
Operation *rebuildReshape(tensor::ReshapeOp reshape, OpBuilder &b,
                          StaticRefinement &r) {
  Value source = r.refineOperand(b, reshape.getSource());
  auto type = cast<RankedTensorType>(r.getProvenType(reshape.getResult()));
  return tensor::ReshapeOp::create(b, reshape.getLoc(), type, source,
                                   reshape.getShape());
}

Operation *rebuildGenerate(tensor::GenerateOp generate, OpBuilder &b,
                           StaticRefinement &r) {
  auto type = generate.getType();
  SmallVector<int64_t> shape(type.getShape());
  SmallVector<Value> dynamic;
  unsigned k = 0;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d))
      continue;
    Value extent = generate.getDynamicExtents()[k++];
    OpFoldResult ofr = r.refineSize(b, extent);
    if (std::optional<int64_t> c = getStaticValue(ofr))
      shape[d] = *c;
    else
      dynamic.push_back(extent);
  }
  Operation *clone = b.clone(*generate);
  clone->setOperands(dynamic);
  clone->getResult(0).setType(type.clone(shape));
  return clone;
}

} // namespace

void symshape::registerTensorShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    using namespace tensor;
    attachDims<EmptyOp, emptyDim, rebuildEmpty, allExtents<EmptyOp>>(ctx);
    attachDims<GenerateOp, generateDim, rebuildGenerate,
               allExtents<GenerateOp>>(ctx);
    attachDims<SplatOp, splatDim, nullptr, extentsAfterFirst<SplatOp>>(ctx);
    CastOp::attachInterface<CastModel<CastOp>>(*ctx);
    attachDims<ExtractSliceOp, extractSliceDim, rebuildExtractSlice>(ctx);
    InsertSliceOp::attachInterface<
        RebuildModel<InsertSliceOp, rebuildInsertSlice>>(*ctx);
    attachDims<PadOp, padDim, rebuildPad>(ctx);
    attachDims<ConcatOp, concatDim, rebuildConcat, nullptr, concatFacts>(ctx);
    attachDims<CollapseShapeOp, collapseDim<CollapseShapeOp>, rebuildCollapse>(
        ctx);
    attachDims<ExpandShapeOp, expandDim<ExpandShapeOp>, rebuildExpand,
               extentsAfterFirst<ExpandShapeOp>, expandFacts>(ctx);
    attachDims<ReshapeOp, reshapeDim, rebuildReshape>(ctx);
    attachDimRead<DimOp>(ctx);
  });
}
