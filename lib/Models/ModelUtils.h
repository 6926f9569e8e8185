//===- ModelUtils.h - Shared pieces of the upstream op models ---*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// What several dialects' models share: attaching one model template to a
// list of ops, and the dims of ops that list their dynamic sizes, of slices
// and of reshapes (tensor and memref spell them alike).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_MODELS_MODELUTILS_H
#define SYMSHAPE_LIB_MODELS_MODELUTILS_H

#include "symshape/Interfaces/ShapeSemanticsInterface.h"

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallBitVector.h"

namespace symshape::models {

/// Attaches `Model<Op>` to each op of `Ops`.
template <template <typename> class Model, typename... Ops>
void attach(mlir::MLIRContext *ctx) {
  (Ops::template attachInterface<Model<Ops>>(*ctx), ...);
}

/// A model answering `getResultExpr` with `Fn`.
template <typename OpTy, Expr (*Fn)(OpTy, mlir::OpResult, ShapeQuery &)>
struct ResultModel
    : ShapeSemanticsOpInterface::ExternalModel<ResultModel<OpTy, Fn>, OpTy> {
  Expr getResultExpr(mlir::Operation *op, mlir::OpResult result,
                     ShapeQuery &query) const {
    return Fn(mlir::cast<OpTy>(op), result, query);
  }
};

/// How a model rebuilds its op with more static types
/// (StaticRebuildOpInterface::buildStaticReplacement); null: it does not.
template <typename OpTy>
using RebuildFn = mlir::Operation *(*)(OpTy, mlir::OpBuilder &,
                                       StaticRefinement &);

/// Whether operand `index` of an op is an extent
/// (ShapeRewriteOpInterface::isExtentOperand); null: none is.
template <typename OpTy> using ExtentFn = bool (*)(OpTy, unsigned);

/// Facts an op states once it has run (its shape requirements).
template <typename OpTy> using FactsFn = void (*)(OpTy, ShapeQuery &);

/// A dim of a shaped result of an op.
template <typename OpTy>
using ResultDimFn = Expr (*)(OpTy, mlir::OpResult, unsigned, ShapeQuery &);

/// A model answering the dims of the op's results with `Fn` and stating
/// its facts with `Facts`.
template <typename OpTy, ResultDimFn<OpTy> Fn, FactsFn<OpTy> Facts = nullptr>
struct ResultDimModel
    : ShapeSemanticsOpInterface::ExternalModel<ResultDimModel<OpTy, Fn, Facts>,
                                               OpTy> {
  Expr getValueDimExpr(mlir::Operation *op, mlir::Value shaped, unsigned dim,
                       ShapeQuery &query) const {
    auto result = mlir::dyn_cast<mlir::OpResult>(shaped);
    return result ? Fn(mlir::cast<OpTy>(op), result, dim, query) : Expr();
  }
  void addFacts(mlir::Operation *op, FactScope scope, ShapeQuery &query) const {
    if constexpr (Facts != nullptr)
      if (scope.isAfterOp())
        Facts(mlir::cast<OpTy>(op), query);
  }
};

/// A model telling an op's extent operands with `Extent`.
template <typename OpTy, ExtentFn<OpTy> Extent>
struct ExtentModel
    : ShapeRewriteOpInterface::ExternalModel<ExtentModel<OpTy, Extent>, OpTy> {
  bool isExtentOperand(mlir::Operation *op, unsigned index) const {
    return Extent(mlir::cast<OpTy>(op), index);
  }
};

/// A model rebuilding an op with `Rebuild`.
template <typename OpTy, RebuildFn<OpTy> Rebuild>
struct RebuildModel
    : StaticRebuildOpInterface::ExternalModel<RebuildModel<OpTy, Rebuild>,
                                              OpTy> {
  mlir::Operation *buildStaticReplacement(mlir::Operation *op,
                                          mlir::OpBuilder &builder,
                                          StaticRefinement &refinement) const {
    return Rebuild(mlir::cast<OpTy>(op), builder, refinement);
  }
};

/// Attaches to `OpTy` the dims of its results (`Fn`), its rebuilding
/// (`Rebuild`, or none), its extent operands (`Extent`, or none) and its
/// facts (`Facts`, or none).
template <typename OpTy, ResultDimFn<OpTy> Fn,
          RebuildFn<OpTy> Rebuild = nullptr, ExtentFn<OpTy> Extent = nullptr,
          FactsFn<OpTy> Facts = nullptr>
void attachDims(mlir::MLIRContext *ctx) {
  OpTy::template attachInterface<ResultDimModel<OpTy, Fn, Facts>>(*ctx);
  if constexpr (Rebuild != nullptr)
    OpTy::template attachInterface<RebuildModel<OpTy, Rebuild>>(*ctx);
  if constexpr (Extent != nullptr)
    OpTy::template attachInterface<ExtentModel<OpTy, Extent>>(*ctx);
}

/// Extents of an op whose operands are all dynamic sizes (tensor.empty,
/// tensor.generate).
template <typename OpTy> bool allExtents(OpTy, unsigned) { return true; }

/// Extents of an op whose first operand is its source (or splatted value)
/// and the others its dynamic sizes (an expand's output shape,
/// tensor.splat).
template <typename OpTy> bool extentsAfterFirst(OpTy, unsigned index) {
  return index >= 1;
}

/// Dim `dim` of `type` from the operands that give its dynamic dims in
/// order (tensor.empty, memref.alloc, tensor.generate, tensor.splat).
inline Expr dynamicSizeDim(mlir::ShapedType type, mlir::ValueRange dynamicSizes,
                           unsigned dim, ShapeQuery &query) {
  unsigned index = 0;
  for (unsigned i = 0; i < dim; ++i)
    if (type.isDynamicDim(i))
      ++index;
  return index < dynamicSizes.size() ? query.getExpr(dynamicSizes[index])
                                     : Expr();
}

/// Dim `dim` of a (possibly rank-reducing) slice with `sizes`, of which
/// `dropped` are not in the result.
inline Expr sliceDim(llvm::ArrayRef<mlir::OpFoldResult> sizes,
                     const llvm::SmallBitVector &dropped, unsigned dim,
                     ShapeQuery &query) {
  unsigned kept = 0;
  for (unsigned i = 0; i < sizes.size(); ++i) {
    if (dropped.test(i))
      continue;
    if (kept++ == dim)
      return query.getFoldResultExpr(sizes[i]);
  }
  return Expr();
}

/// Dim `dim` of a cast-like op's result: its source's, if the ranks agree.
inline Expr castDim(mlir::Value source, mlir::ShapedType resultType,
                    unsigned dim, ShapeQuery &query) {
  auto sourceType = mlir::dyn_cast<mlir::ShapedType>(source.getType());
  if (!sourceType || !sourceType.hasRank() ||
      sourceType.getRank() != resultType.getRank())
    return Expr();
  return query.getDimExpr(source, dim);
}

/// Dim `dim` of a collapse (tensor or memref): the product of the source
/// dims of its group.
template <typename OpTy>
Expr collapseDim(OpTy collapse, mlir::OpResult, unsigned dim,
                 ShapeQuery &query) {
  // Keep the groups alive: indexing a temporary would dangle.
  llvm::SmallVector<mlir::ReassociationIndices> groups =
      collapse.getReassociationIndices();
  Expr product = query.getExprContext().getConstant(1);
  for (int64_t i : groups[dim])
    product = mul(product, query.getDimExpr(collapse.getSrc(), i));
  return product;
}

/// Dim `dim` of an expand (tensor or memref): its output_shape, never
/// recomputed with a floordiv.
template <typename OpTy>
Expr expandDim(OpTy expand, mlir::OpResult, unsigned dim, ShapeQuery &query) {
  return query.getFoldResultExpr(expand.getMixedOutputShape()[dim]);
}

/// tensor.dim and memref.dim: the dim of the source at a constant index.
template <typename OpTy>
struct DimModel
    : ShapeSemanticsOpInterface::ExternalModel<DimModel<OpTy>, OpTy> {
  Expr getResultExpr(mlir::Operation *op, mlir::OpResult,
                     ShapeQuery &query) const {
    std::optional<int64_t> index = getConstantInt(op->getOperand(1));
    if (!index || *index < 0)
      return Expr();
    return query.getDimExpr(op->getOperand(0), static_cast<unsigned>(*index));
  }
};

/// A dim read, replaced only by a constant.
template <typename OpTy>
struct DimRewriteModel
    : ShapeRewriteOpInterface::ExternalModel<DimRewriteModel<OpTy>, OpTy> {
  ResultRewrite getResultRewrite(mlir::Operation *) const {
    return ResultRewrite::ConstantOnly;
  }
  std::optional<DimRead> getDimRead(mlir::Operation *op) const {
    return DimRead{op->getOperand(0), op->getOperand(1)};
  }
};

/// Attaches the models of a dim op.
template <typename OpTy> void attachDimRead(mlir::MLIRContext *ctx) {
  OpTy::template attachInterface<DimModel<OpTy>, DimRewriteModel<OpTy>>(*ctx);
}

/// A cast-like op with one shaped operand whose dims it keeps.
template <typename OpTy>
struct CastModel
    : ShapeSemanticsOpInterface::ExternalModel<CastModel<OpTy>, OpTy> {
  Expr getValueDimExpr(mlir::Operation *op, mlir::Value shaped, unsigned dim,
                       ShapeQuery &query) const {
    return castDim(op->getOperand(0),
                   mlir::cast<mlir::ShapedType>(shaped.getType()), dim, query);
  }
};

} // namespace symshape::models

#endif // SYMSHAPE_LIB_MODELS_MODELUTILS_H
