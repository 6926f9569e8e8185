//===- MemRefModels.cpp - What memref ops mean for shapes -----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The dims of memref results: from the dynamic sizes of alloc and alloca;
// through casts; from subview sizes (rank-reducing too); collapse multiplies
// a group; expand reads its output_shape. memref.dim reads a dim.
//
//===----------------------------------------------------------------------===//

#include "ModelUtils.h"
#include "symshape/Models/Models.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::models;

namespace {

template <typename OpTy>
Expr allocDim(OpTy op, OpResult result, unsigned dim, ShapeQuery &q) {
  return dynamicSizeDim(cast<ShapedType>(result.getType()),
                        op.getDynamicSizes(), dim, q);
}

/// The dynamic sizes of an alloc are extents; its symbol operands (of
/// its layout) are not.
template <typename OpTy> bool allocExtent(OpTy op, unsigned index) {
  return index < op.getDynamicSizes().size();
}

Expr subViewDim(memref::SubViewOp view, OpResult, unsigned dim, ShapeQuery &q) {
  return sliceDim(view.getMixedSizes(), view.getDroppedDims(), dim, q);
}

} // namespace

void symshape::registerMemRefShapeModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, memref::MemRefDialect *) {
    using namespace memref;
    attachDims<AllocOp, allocDim<AllocOp>, nullptr, allocExtent<AllocOp>>(ctx);
    attachDims<AllocaOp, allocDim<AllocaOp>, nullptr, allocExtent<AllocaOp>>(
        ctx);
    CastOp::attachInterface<CastModel<CastOp>>(*ctx);
    attachDims<SubViewOp, subViewDim>(ctx);
    attachDims<CollapseShapeOp, collapseDim<CollapseShapeOp>>(ctx);
    attachDims<ExpandShapeOp, expandDim<ExpandShapeOp>, nullptr,
               extentsAfterFirst<ExpandShapeOp>>(ctx);
    attachDimRead<DimOp>(ctx);
  });
}
