//===- TensorModels.cpp - What tensor ops mean for shapes -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The dims of tensor results: from the dynamic sizes of empty, generate and
// splat; through casts; from slice sizes (rank-reducing too); pad adds its
// low and high padding; concat sums its inputs along its dim; collapse
// multiplies a group; expand reads its output_shape. tensor.dim reads a dim.
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

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

} // namespace

void symshape::registerTensorShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    using namespace tensor;
    EmptyOp::attachInterface<ResultDimModel<EmptyOp, emptyDim>>(*ctx);
    GenerateOp::attachInterface<ResultDimModel<GenerateOp, generateDim>>(*ctx);
    SplatOp::attachInterface<ResultDimModel<SplatOp, splatDim>>(*ctx);
    CastOp::attachInterface<CastModel<CastOp>>(*ctx);
    ExtractSliceOp::attachInterface<
        ResultDimModel<ExtractSliceOp, extractSliceDim>>(*ctx);
    PadOp::attachInterface<ResultDimModel<PadOp, padDim>>(*ctx);
    ConcatOp::attachInterface<ResultDimModel<ConcatOp, concatDim>>(*ctx);
    CollapseShapeOp::attachInterface<CollapseModel<CollapseShapeOp>>(*ctx);
    ExpandShapeOp::attachInterface<ExpandModel<ExpandShapeOp>>(*ctx);
    DimOp::attachInterface<DimModel<DimOp>>(*ctx);
  });
}
