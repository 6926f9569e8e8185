//===- FoldReshapeIntoStore.h - The fold's candidates and plans -*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the two halves of symshape-fold-reshape-into-store (not
// installed): FoldLegality.cpp finds the stores of a reshape and checks
// C0-C8 of docs/Passes.md, giving a plan or the condition that fails;
// FoldReshapeIntoStore.cpp rewrites by the plan and is the pass.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_FOLDRESHAPEINTOSTORE_H
#define SYMSHAPE_LIB_TRANSFORMS_FOLDRESHAPEINTOSTORE_H

#include "Certify.h"
#include "symshape/Analysis/ShapeAnalysis.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallBitVector.h"

#include <optional>
#include <string>
#include <vector>

namespace symshape {
namespace fold {

using namespace mlir;

/// A store of `collapse_shape(source)` (or of `expand_shape(source)`, the
/// twin) with unit strides, in tensor form (tensor.insert_slice) or memory
/// form (bufferization.materialize_in_destination into a memref.subview).
///
/// Lifetimes: candidates are collected first and rewritten afterwards, and a
/// rewrite replaces and erases its store. So a candidate holds nothing that
/// an earlier rewrite may free: the destination is read from the live store
/// on each use (in a chain of stores it is the previous store's result), and
/// the cached offsets, sizes and strides are index values, never results of
/// the ops the pass erases (stores, reshapes, tensor.casts, subviews). The
/// reassociation of a reshape is returned by value: copy it before taking a
/// reference or an ArrayRef into it.
struct Candidate {
  Operation *store;
  mutable tensor::CollapseShapeOp collapse;
  mutable tensor::ExpandShapeOp expand;
  mutable memref::SubViewOp subview;
  SmallVector<OpFoldResult> offsets, sizes, strides;
  /// Target dims that the store drops (rank reduction).
  llvm::SmallBitVector dropped;

  /// The destination tensor, or the base memref of the subview, as the IR
  /// holds it now.
  Value dest() const {
    if (subview)
      return subview.getSource();
    return cast<tensor::InsertSliceOp>(store).getDest();
  }

  bool isMemoryForm() const { return static_cast<bool>(subview); }
  bool isTwin() const { return static_cast<bool>(expand); }
  Operation *reshape() const {
    return isTwin() ? expand.getOperation() : collapse.getOperation();
  }
  /// S, the value the fold stores.
  Value source() const { return reshape()->getOperand(0); }
  /// The reshaped value the original store stores (before any cast).
  Value value() const { return reshape()->getResult(0); }
  ShapedType destType() const { return cast<ShapedType>(dest().getType()); }
};

/// Sets the collapse_shape or expand_shape that `value` comes from, through
/// tensor.casts; false if there is none.
bool matchReshape(Value value, Candidate &c);

/// The candidate `op` is (a tensor.insert_slice or a
/// bufferization.materialize_in_destination into a memref.subview, of a
/// reshape), if any.
std::optional<Candidate> matchCandidate(Operation *op);

/// How one target dim appears in the expanded view.
struct DimPlan {
  /// The value dim stored into it, if not dropped.
  std::optional<unsigned> valueDim;
  /// Split into the source dims of a collapsed group.
  bool split = false;
  /// The store covers the whole dim (offset 0, size == extent).
  bool full = false;
};

/// A run-time condition a guarded fold checks.
struct GuardCondition {
  enum class Kind { AlignedOffset, FullStore } kind;
  unsigned targetDim;
};

struct Plan {
  SmallVector<DimPlan> dims;
  /// The twin: the destination dims collapsed into one view dim each.
  SmallVector<ReassociationIndices> targetGroups;
  SmallVector<GuardCondition> guard;
};

/// The result of the legality check: a plan, or the first failed condition.
struct Legality {
  std::optional<Plan> plan;
  std::string failed;
};

/// Checks C0-C8 for `c` with the facts `analysis` holds at the store: a
/// plan, or the first condition that fails. With `allowGuard`, a condition
/// that is not proven but can be checked at run time goes into the plan's
/// guard. With `obligations`, the arithmetic conditions proven on the way
/// are added to it as proof obligations.
Legality checkLegality(ShapeAnalysis &analysis, const Candidate &c,
                       bool allowGuard, std::vector<Obligation> *obligations);

} // namespace fold
} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_FOLDRESHAPEINTOSTORE_H
