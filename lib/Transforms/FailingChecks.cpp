//===- FailingChecks.cpp - Code after checks that always fail -------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "FailingChecks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace {

/// A value of `type` for an operand of a terminator that is never reached,
/// or null if there is none to make.
Value placeholder(OpBuilder &b, Location loc, Type type) {
  if (isa<IndexType, IntegerType, FloatType>(type))
    return arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return Value();
  // Dynamic extents of 1: never a static 0 (see isExtentUse).
  SmallVector<Value> sizes;
  if (tensor.getNumDynamicDims() != 0)
    sizes.assign(tensor.getNumDynamicDims(),
                 arith::ConstantIndexOp::create(b, loc, 1));
  return tensor::EmptyOp::create(b, loc, tensor.getShape(),
                                 tensor.getElementType(), sizes,
                                 tensor.getEncoding());
}

/// The loop-carried block argument that `yielded` feeds back into, when
/// `yielded` is an operand of a loop body's terminator in the block that
/// carries it (scf.for's iter_args) and has its type; null otherwise.
Value carriedValue(OpOperand &yielded) {
  Operation *terminator = yielded.getOwner();
  auto loop = dyn_cast<LoopLikeOpInterface>(terminator->getParentOp());
  if (!loop)
    return Value();
  std::optional<MutableArrayRef<OpOperand>> yields =
      loop.getYieldedValuesMutable();
  if (!yields || yields->empty() || yields->front().getOwner() != terminator)
    return Value();
  unsigned index =
      yielded.getOperandNumber() - yields->front().getOperandNumber();
  Block::BlockArgListType carried = loop.getRegionIterArgs();
  if (index >= carried.size())
    return Value();
  Value arg = carried[index];
  if (arg.getType() != yielded.get().getType() ||
      cast<BlockArgument>(arg).getOwner() != terminator->getBlock())
    return Value();
  return arg;
}

/// Erases the placeholders in `made` (and the extents they use, when
/// nothing else uses them).
void dropPlaceholders(ArrayRef<Value> made) {
  for (Value value : made) {
    Operation *op = value.getDefiningOp();
    if (!op)
      continue; // a carried value
    llvm::SmallSetVector<Value, 4> extents(op->operand_begin(),
                                           op->operand_end());
    op->erase();
    for (Value extent : extents)
      if (extent.use_empty())
        extent.getDefiningOp()->erase();
  }
}

/// A terminator of `block`'s region that leaves the region (a return), to
/// end `block` with instead of its branch; null if no block has one.
Operation *regionExit(Block *block) {
  for (Block &other : *block->getParent())
    if (other.mightHaveTerminator())
      if (Operation *terminator = other.getTerminator();
          terminator->hasTrait<OpTrait::ReturnLike>())
        return terminator;
  return nullptr;
}

/// Ends `block` right after `check`, a check that always fails, with a copy
/// of its region's exit whose operands are placeholders, when `block` ends
/// in a branch: neither the rest of the block nor the blocks reached only
/// through it ever run, and they are erased. Asserts erased go to `erased`.
/// False (and the IR unchanged) if the region has no exit or an exit operand
/// has a type without a placeholder.
bool exitAfterCheck(cf::AssertOp check,
                    llvm::SmallPtrSetImpl<Operation *> &erased) {
  Block *block = check->getBlock();
  Operation *exit = regionExit(block);
  if (!exit)
    return false;
  // What follows the check, its terminator included.
  SmallVector<Operation *> dead;
  for (Operation *op = check->getNextNode(); op; op = op->getNextNode())
    dead.push_back(op);
  Operation *terminator = dead.back();
  OpBuilder builder(terminator);
  SmallVector<Value> operands;
  for (Value operand : exit->getOperands()) {
    Value value = placeholder(builder, terminator->getLoc(), operand.getType());
    if (!value) {
      dropPlaceholders(operands);
      return false;
    }
    operands.push_back(value);
  }
  Operation *newExit = builder.clone(*exit);
  newExit->setOperands(operands);
  newExit->setLoc(terminator->getLoc());
  // The blocks reached only through the rest of `block` lose their
  // references first (they may use values computed there), then the rest
  // of `block` goes, back to front, then those blocks.
  Region &region = *block->getParent();
  llvm::SmallPtrSet<Block *, 8> reachable;
  SmallVector<Block *> stack = {&region.front()};
  while (!stack.empty()) {
    Block *b = stack.pop_back_val();
    if (!reachable.insert(b).second)
      continue;
    Operation *last = b == block ? newExit : b->getTerminator();
    llvm::append_range(stack, last->getSuccessors());
  }
  SmallVector<Block *> unreachable;
  for (Block &b : region)
    if (!reachable.contains(&b))
      unreachable.push_back(&b);
  for (Block *b : unreachable) {
    b->walk([&](cf::AssertOp nested) { erased.insert(nested); });
    b->dropAllDefinedValueUses();
    b->dropAllReferences();
  }
  for (Operation *op : llvm::reverse(dead)) {
    op->walk([&](cf::AssertOp nested) { erased.insert(nested); });
    op->dropAllUses();
    op->erase();
  }
  for (Block *b : unreachable)
    b->erase();
  return true;
}

} // namespace

// See FailingChecks.h.
bool symshape::eraseAfterFailingChecks(Operation *root) {
  SmallVector<cf::AssertOp> failing;
  root->walk([&](cf::AssertOp op) {
    if (matchPattern(op.getArg(), m_Zero()))
      failing.push_back(op);
  });
  bool changed = false;
  // Checks inside code erased by an earlier one are gone.
  llvm::SmallPtrSet<Operation *, 16> erased;
  for (cf::AssertOp check : failing) {
    if (erased.contains(check))
      continue;
    Block *block = check->getBlock();
    if (!block->mightHaveTerminator())
      continue;
    Operation *terminator = block->getTerminator();
    // A branch: the block ends at the check instead, with the region's exit.
    if (terminator->getNumSuccessors() != 0) {
      changed |= exitAfterCheck(check, erased);
      continue;
    }
    llvm::SmallPtrSet<Operation *, 16> dead;
    bool onlyPlaceholders = true;
    for (Operation *op = check->getNextNode(); op != terminator;
         op = op->getNextNode()) {
      dead.insert(op);
      onlyPlaceholders &= isa<arith::ConstantOp, tensor::EmptyOp>(op);
    }
    if (onlyPlaceholders)
      continue;
    bool escapes = llvm::any_of(dead, [&](Operation *op) {
      return llvm::any_of(op->getUsers(), [&](Operation *user) {
        Operation *owner = block->findAncestorOpInBlock(*user);
        return owner != terminator && !dead.contains(owner);
      });
    });
    if (escapes)
      continue;
    OpBuilder builder(terminator);
    SmallVector<std::pair<unsigned, Value>> replacements;
    bool ok = true;
    for (OpOperand &operand : terminator->getOpOperands()) {
      Operation *def = operand.get().getDefiningOp();
      if (!def || !dead.contains(block->findAncestorOpInBlock(*def)))
        continue;
      // A loop body yields its own carried value: bufferization requires a
      // loop's yielded tensor to be equivalent to the carried one, which a
      // fresh placeholder is not.
      Value value = carriedValue(operand);
      if (!value)
        value =
            placeholder(builder, terminator->getLoc(), operand.get().getType());
      if (!value) {
        ok = false;
        break;
      }
      replacements.push_back({operand.getOperandNumber(), value});
    }
    if (!ok) {
      // Drop the placeholders made so far (and the extents they use).
      dropPlaceholders(llvm::to_vector(llvm::make_second_range(replacements)));
      continue;
    }
    for (auto &[index, value] : replacements)
      terminator->setOperand(index, value);
    // Back to front: uses come after their definitions.
    SmallVector<Operation *> order(llvm::make_filter_range(
        llvm::make_pointer_range(*block),
        [&](Operation *op) { return dead.contains(op); }));
    for (Operation *op : llvm::reverse(order)) {
      op->walk([&](cf::AssertOp nested) { erased.insert(nested); });
      op->dropAllUses();
      op->erase();
    }
    changed = true;
  }
  return changed;
}

void symshape::insertFailingCheck(OpBuilder &b, Location loc,
                                  const llvm::Twine &message) {
  Value never = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  cf::AssertOp::create(b, loc, never, message.str());
}
