//===- RefineControlFlow.cpp - Refined scf control flow -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// How symshape-dynamic-to-static refines scf control flow: an scf.if whose
// condition is decided becomes its taken branch, and the results of scf.if
// and the values scf.for, scf.while and scf.forall carry take the static
// dims proven for them.
//
//===----------------------------------------------------------------------===//

#include "Refine.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace symshape;

namespace {

/// Gives the value a loop carries in `arg` (entered as `init`, yielded as
/// operand `i` of `yield`) the proven `type`: the init and the yielded value
/// are cast to it, the argument's users see it through a cast back. False
/// (nothing changed) if a static dim disagrees with the proof (dead code).
bool retypeCarried(RewriterBase &rewriter, Operation *loop, OpOperand &init,
                   Operation *yield, unsigned i, BlockArgument arg, Type type) {
  if (!tensor::CastOp::areCastCompatible(lookThrough(init.get()).getType(),
                                         type) ||
      !tensor::CastOp::areCastCompatible(
          lookThrough(yield->getOperand(i)).getType(), type))
    return false;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  Value in = castTo(rewriter, loop->getLoc(), type, lookThrough(init.get()));
  rewriter.modifyOpInPlace(loop, [&] { init.set(in); });
  rewriter.setInsertionPoint(yield);
  Value out = castTo(rewriter, yield->getLoc(), type,
                     lookThrough(yield->getOperand(i)));
  rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(i, out); });
  retypeBlockArgument(rewriter, arg, type);
  return true;
}

} // namespace

bool symshape::inlineDecidedIf(RewriterBase &rewriter, scf::IfOp ifOp,
                               DeadOps &dead) {
  APInt cond;
  if (!matchPattern(ifOp.getCondition(), m_ConstantInt(&cond)))
    return false;
  Region &taken = cond.isZero() ? ifOp.getElseRegion() : ifOp.getThenRegion();
  if (taken.empty()) {
    if (ifOp.getNumResults() != 0)
      return false;
    dead.push_back(ifOp);
    return true;
  }
  Block *block = &taken.front();
  auto yield = cast<scf::YieldOp>(block->getTerminator());
  SmallVector<Value> results(yield.getOperands());
  rewriter.inlineBlockBefore(block, ifOp);
  rewriter.eraseOp(yield);
  rewriter.replaceAllOpUsesWith(ifOp, results);
  dead.push_back(ifOp);
  return true;
}

bool symshape::refineIfResults(RewriterBase &rewriter, scf::IfOp ifOp,
                               DeadOps &dead) {
  if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
    return false;
  auto thenYield = ifOp.thenYield(), elseYield = ifOp.elseYield();
  SmallVector<Type> joined;
  bool changed = false;
  for (auto [r, t, e] : llvm::zip(ifOp.getResults(), thenYield.getOperands(),
                                  elseYield.getOperands())) {
    auto rt = dyn_cast<RankedTensorType>(r.getType());
    Value ts = lookThrough(t), es = lookThrough(e);
    auto tt = dyn_cast<RankedTensorType>(ts.getType());
    auto et = dyn_cast<RankedTensorType>(es.getType());
    if (!rt || !tt || !et || tt.getRank() != rt.getRank() ||
        et.getRank() != rt.getRank()) {
      joined.push_back(r.getType());
      continue;
    }
    RankedTensorType j = joinTypes(tt, et);
    if (isMoreStatic(j, rt)) {
      joined.push_back(j);
      changed = true;
    } else {
      joined.push_back(rt);
    }
  }
  if (!changed)
    return false;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(ifOp);
  auto newIf = scf::IfOp::create(rewriter, ifOp.getLoc(), joined,
                                 ifOp.getCondition(), /*withElse=*/true);
  for (auto [from, to] :
       {std::make_pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
        std::make_pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
    // The branch's body replaces the empty block the new if was built with.
    Block *empty = &to->front();
    rewriter.inlineRegionBefore(*from, *to, to->end());
    rewriter.eraseBlock(empty);
    auto yield = cast<scf::YieldOp>(to->front().getTerminator());
    rewriter.setInsertionPoint(yield);
    for (auto [i, v] : llvm::enumerate(yield.getOperands()))
      if (v.getType() != joined[i]) {
        Value cast =
            castTo(rewriter, yield.getLoc(), joined[i], lookThrough(v));
        rewriter.modifyOpInPlace(yield,
                                 [&, i = i] { yield->setOperand(i, cast); });
      }
  }
  replaceWithCasts(rewriter, ifOp, newIf, dead);
  return true;
}

bool symshape::refineForIterArgs(RewriterBase &rewriter, scf::ForOp forOp,
                                 KnownTypeFn known) {
  bool changed = false;
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
    Type type = known(arg);
    if (!isMoreStatic(type, arg.getType()) ||
        !retypeCarried(rewriter, forOp, forOp.getInitArgsMutable()[i], yield, i,
                       arg, type))
      continue;
    retypeResult(rewriter, forOp->getResult(i), type);
    changed = true;
  }
  return changed;
}

bool symshape::refineWhileCarries(RewriterBase &rewriter, scf::WhileOp whileOp,
                                  KnownTypeFn known) {
  bool changed = false;
  scf::YieldOp yield = whileOp.getYieldOp();
  for (auto [i, arg] : llvm::enumerate(whileOp.getBeforeArguments())) {
    Type type = known(arg);
    changed |= isMoreStatic(type, arg.getType()) &&
               retypeCarried(rewriter, whileOp, whileOp.getInitsMutable()[i],
                             yield, i, arg, type);
  }
  scf::ConditionOp condition = whileOp.getConditionOp();
  for (auto [j, result] : llvm::enumerate(whileOp.getResults())) {
    Type type = known(result);
    if (!isMoreStatic(type, result.getType()))
      continue;
    Value forwarded = condition.getArgs()[j];
    if (!tensor::CastOp::areCastCompatible(lookThrough(forwarded).getType(),
                                           type))
      continue;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(condition);
    Value cast =
        castTo(rewriter, condition.getLoc(), type, lookThrough(forwarded));
    rewriter.modifyOpInPlace(
        condition, [&, j = j] { condition->setOperand(j + 1, cast); });
    retypeBlockArgument(rewriter, whileOp.getAfterArguments()[j], type);
    retypeResult(rewriter, result, type);
    changed = true;
  }
  return changed;
}

bool symshape::refineForallOutputs(RewriterBase &rewriter, scf::ForallOp forall,
                                   KnownTypeFn known) {
  bool changed = false;
  for (auto [k, arg] : llvm::enumerate(forall.getRegionIterArgs())) {
    Type type = known(arg);
    if (!isMoreStatic(type, arg.getType()))
      continue;
    OpOperand &out = forall.getOutputsMutable()[k];
    if (!tensor::CastOp::areCastCompatible(lookThrough(out.get()).getType(),
                                           type))
      continue;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(forall);
    Value in = castTo(rewriter, forall.getLoc(), type, lookThrough(out.get()));
    Type old = arg.getType();
    BlockArgument retyped = arg; // a lambda may not capture a binding
    rewriter.modifyOpInPlace(forall, [&] {
      out.set(in);
      retyped.setType(type);
    });
    rewriter.setInsertionPointToStart(arg.getOwner());
    auto back = tensor::CastOp::create(rewriter, arg.getLoc(), old, arg);
    rewriter.replaceUsesWithIf(arg, back.getResult(), [&](OpOperand &use) {
      auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(use.getOwner());
      return use.getOwner() != back &&
             !(insert && &use == &insert.getDestMutable());
    });
    retypeResult(rewriter, forall->getResult(k), type);
    changed = true;
  }
  return changed;
}
