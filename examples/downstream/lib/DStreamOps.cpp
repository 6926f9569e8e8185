//===- DStreamOps.cpp - The dstream dialect -------------------------------===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//

#include "dstream/DStream.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace dstream;

#include "dstream/DStreamOpsDialect.cpp.inc"

void DStreamDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dstream/DStreamOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "dstream/DStreamOps.cpp.inc"

//===----------------------------------------------------------------------===//
// DispatchStoreOp
//===----------------------------------------------------------------------===//

std::optional<llvm::SmallDenseSet<unsigned>> DispatchStoreOp::getDroppedDims() {
  // A static size matches an equal static dim, a dynamic size a dynamic dim;
  // a static unit size that matches nothing is dropped.
  return computeRankReductionMask(getStaticSizes(),
                                  getValue().getType().getShape());
}

LogicalResult DispatchStoreOp::verify() {
  if (getValue().getType().getElementType() !=
      getTarget().getType().getElementType())
    return emitOpError("stores ")
           << getValue().getType() << " into a target of another element type";
  if (!getDroppedDims())
    return emitOpError("the value type ")
           << getValue().getType()
           << " is not the sizes with some static unit sizes dropped";
  // Static parts must lie in the target, as for the memref.subview the
  // store lowers to.
  SliceBoundsVerificationResult bounds = verifyInBoundsSlice(
      getTarget().getType().getShape(), getStaticOffsets(), getStaticSizes(),
      getStaticStrides(), /*generateErrorMessage=*/true);
  if (!bounds.isValid)
    return emitOpError(bounds.errorMessage);
  return success();
}

//===----------------------------------------------------------------------===//
// TieShapeOp
//===----------------------------------------------------------------------===//

Value TieShapeOp::getDynamicDim(unsigned dim) {
  auto type = cast<ShapedType>(getType());
  assert(type.isDynamicDim(dim) && "not a dynamic dim");
  return getDims()[type.getDynamicDimIndex(dim)];
}

LogicalResult TieShapeOp::verify() {
  int64_t expected = cast<ShapedType>(getType()).getNumDynamicDims();
  if (static_cast<int64_t>(getDims().size()) != expected)
    return emitOpError("expected ")
           << expected << " dim values (one per dynamic dim), got "
           << getDims().size();
  return success();
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

std::optional<int64_t> AssumeOp::getLowerBound() {
  if (IntegerAttr attr = getMinAttr())
    return attr.getInt();
  return std::nullopt;
}

std::optional<int64_t> AssumeOp::getUpperBound() {
  if (IntegerAttr attr = getMaxAttr())
    return attr.getInt();
  return std::nullopt;
}

int64_t AssumeOp::getDivisorOrOne() {
  if (IntegerAttr attr = getDivisorAttr())
    return attr.getInt();
  return 1;
}

LogicalResult AssumeOp::verify() {
  std::optional<int64_t> lo = getLowerBound(), hi = getUpperBound();
  if (auto intType = dyn_cast<IntegerType>(getType())) {
    unsigned width = intType.getWidth();
    if (width < 64) {
      int64_t min = width == 1 ? -1 : -(int64_t(1) << (width - 1));
      int64_t max = width == 1 ? 0 : (int64_t(1) << (width - 1)) - 1;
      for (std::optional<int64_t> bound : {lo, hi})
        if (bound && (*bound < min || *bound > max))
          return emitOpError("bound ")
                 << *bound << " is not representable in " << getType();
    }
  }
  if (lo && hi && *lo > *hi)
    return emitOpError("min ") << *lo << " is greater than max " << *hi;
  int64_t divisor = getDivisorOrOne();
  if (divisor < 1)
    return emitOpError("divisor must be positive, got ") << divisor;
  if (lo && hi) {
    // The largest multiple of the divisor not above hi (floor division).
    int64_t q = *hi / divisor;
    if (*hi % divisor != 0 && *hi < 0)
      --q;
    if (q * divisor < *lo)
      return emitOpError("no multiple of ")
             << divisor << " lies in [" << *lo << ", " << *hi << "]";
  }
  return success();
}
