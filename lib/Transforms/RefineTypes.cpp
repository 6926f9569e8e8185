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

#include "mlir/IR/PatternMatch.h"

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

void symshape::retypeBlockArgument(RewriterBase &rewriter, BlockArgument arg,
                                   Type type) {
  Type old = arg.getType();
  rewriter.modifyOpInPlace(arg.getOwner()->getParentOp(),
                           [&] { arg.setType(type); });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(arg.getOwner());
  auto back = tensor::CastOp::create(rewriter, arg.getLoc(), old, arg);
  rewriter.replaceAllUsesExcept(arg, back.getResult(), back);
}

void symshape::retypeResult(RewriterBase &rewriter, OpResult r, Type type) {
  Type old = r.getType();
  rewriter.modifyOpInPlace(r.getOwner(), [&] { r.setType(type); });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(r.getOwner());
  auto back = tensor::CastOp::create(rewriter, r.getLoc(), old, r);
  rewriter.replaceAllUsesExcept(r, back.getResult(), back);
}

void symshape::replaceWithCasts(RewriterBase &rewriter, Operation *op,
                                Operation *replacement, DeadOps &dead) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  for (auto [old, now] :
       llvm::zip(op->getResults(), replacement->getResults())) {
    Value v = now;
    if (now.getType() != old.getType())
      v = tensor::CastOp::create(rewriter, op->getLoc(), old.getType(), now);
    rewriter.replaceAllUsesWith(old, v);
  }
  dead.push_back(op);
}
