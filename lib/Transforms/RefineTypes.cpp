//===- RefineTypes.cpp - How static tensor types compare ------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Comparisons of how static tensor types are, their join, and the retyping
// of values that symshape-dynamic-to-static proves more static (their uses
// see a cast back until they are rebuilt).
//
//===----------------------------------------------------------------------===//

#include "Refine.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace symshape;

bool symshape::isAtLeastAsStatic(Type a, Type b) {
  auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb || ta.getRank() != tb.getRank())
    return false;
  for (int64_t d = 0; d < ta.getRank(); ++d)
    if (!tb.isDynamicDim(d) && ta.getDimSize(d) != tb.getDimSize(d))
      return false;
  return true;
}

bool symshape::isMoreStatic(Type a, Type b) {
  auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb || ta.getRank() != tb.getRank() || ta == tb)
    return false;
  for (int64_t d = 0; d < ta.getRank(); ++d)
    if (ta.isDynamicDim(d) && !tb.isDynamicDim(d))
      return false;
  return true;
}

Value symshape::lookThrough(Value v) {
  while (auto cast = v.getDefiningOp<tensor::CastOp>()) {
    if (!isAtLeastAsStatic(cast.getSource().getType(), cast.getType()))
      break;
    v = cast.getSource();
  }
  return v;
}

RankedTensorType symshape::joinTypes(RankedTensorType a, RankedTensorType b) {
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < a.getRank(); ++d)
    shape.push_back(a.getDimSize(d) == b.getDimSize(d) && a.getDimSize(d) != 0
                        ? a.getDimSize(d)
                        : ShapedType::kDynamic);
  return a.clone(shape);
}

Value symshape::castTo(OpBuilder &b, Location loc, Type type, Value v) {
  if (v.getType() == type)
    return v;
  return tensor::CastOp::create(b, loc, type, v);
}

void symshape::retypeBlockArgument(BlockArgument arg, Type type) {
  Type old = arg.getType();
  arg.setType(type);
  OpBuilder b = OpBuilder::atBlockBegin(arg.getOwner());
  auto back = tensor::CastOp::create(b, arg.getLoc(), old, arg);
  arg.replaceAllUsesExcept(back.getResult(), back);
}

void symshape::retypeResult(OpResult r, Type type) {
  Type old = r.getType();
  r.setType(type);
  OpBuilder b(r.getOwner()->getContext());
  b.setInsertionPointAfter(r.getOwner());
  auto back = tensor::CastOp::create(b, r.getLoc(), old, r);
  r.replaceAllUsesExcept(back.getResult(), back);
}

void symshape::replaceWithCasts(Operation *op, Operation *replacement,
                                DeadOps &dead) {
  OpBuilder b(op);
  for (auto [old, now] :
       llvm::zip(op->getResults(), replacement->getResults())) {
    Value v = now;
    if (now.getType() != old.getType())
      v = tensor::CastOp::create(b, op->getLoc(), old.getType(), now);
    old.replaceAllUsesWith(v);
  }
  dead.push_back(op);
}
