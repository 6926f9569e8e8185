//===- Refine.h - Pieces of symshape-dynamic-to-static ----------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the files of symshape-dynamic-to-static (not installed): how
// static tensor types compare and values are retyped (RefineTypes.cpp), the
// refinement of scf control flow (RefineControlFlow.cpp) and of the
// signatures of private functions (RefineSignatures.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_REFINE_H
#define SYMSHAPE_LIB_TRANSFORMS_REFINE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace symshape {

//===----------------------------------------------------------------------===//
// Static types (RefineTypes.cpp)
//===----------------------------------------------------------------------===//

/// True if every static dim of `b` is static (and equal) in `a`.
bool isAtLeastAsStatic(mlir::Type a, mlir::Type b);

/// True if `a` is at least as static as `b` everywhere and differs.
bool isMoreStatic(mlir::Type a, mlir::Type b);

/// `v` seen through the tensor.casts that only forget static dims (those an
/// earlier rebuild left). A cast to a more static type states a fact (a
/// binding) and is kept.
mlir::Value lookThrough(mlir::Value v);

/// The join of two tensor types of one rank: a dim stays static only where
/// both agree, and never as a static 0 (see Refiner::refineSize). Never a
/// broadcast.
mlir::RankedTensorType joinTypes(mlir::RankedTensorType a,
                                 mlir::RankedTensorType b);

/// `v` as a value of type `type`, through a cast if its type differs.
mlir::Value castTo(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                   mlir::Value v);

// The edits below go through `rewriter` (an in-place retyping is bracketed
// as a modification of the op that owns the value), so that its listener
// sees every change.

/// Gives `arg` the more static `type`; its uses see a cast back to the old
/// type until they are rebuilt.
void retypeBlockArgument(mlir::RewriterBase &rewriter, mlir::BlockArgument arg,
                         mlir::Type type);

/// Gives the op result `r` the more static `type`; its users see a cast back
/// to the old type until they are rebuilt.
void retypeResult(mlir::RewriterBase &rewriter, mlir::OpResult r,
                  mlir::Type type);

//===----------------------------------------------------------------------===//
// Control flow (RefineControlFlow.cpp)
//===----------------------------------------------------------------------===//

/// Ops replaced during a round. They are erased only when the round ends:
/// the round's records are keyed by operations and values, and an address
/// freed early could be reused by a new op and inherit an old record.
using DeadOps = llvm::SmallVectorImpl<mlir::Operation *>;

/// Replaces `op` by `replacement`, casting results back to the old types;
/// `op` goes to `dead`.
void replaceWithCasts(mlir::RewriterBase &rewriter, mlir::Operation *op,
                      mlir::Operation *replacement, DeadOps &dead);

/// The type proven for a value at the op being refined, as the round's
/// analysis walk recorded it.
using KnownTypeFn = llvm::function_ref<mlir::Type(mlir::Value)>;

/// An scf.if with a constant condition becomes the taken branch.
bool inlineDecidedIf(mlir::RewriterBase &rewriter, mlir::scf::IfOp ifOp,
                     DeadOps &dead);

/// Refines the results of an scf.if to the join of what its branches yield.
bool refineIfResults(mlir::RewriterBase &rewriter, mlir::scf::IfOp ifOp,
                     DeadOps &dead);

/// Refines the tensor iter args of an scf.for to what every iteration is
/// proven to see: the analysis gives an iter arg the dims of its init only
/// when the body yields a tensor with the iter arg's dims, so the init, the
/// iter arg, the yielded value and the result all have the refined type.
bool refineForIterArgs(mlir::RewriterBase &rewriter, mlir::scf::ForOp forOp,
                       KnownTypeFn known);

/// The scf.while twin of refineForIterArgs: a carried value (an argument of
/// the before region) takes the static dims proven for it (its init's, which
/// one probed trip through both regions keeps), with its init and the value
/// the after region yields cast to them; a result takes the static dims
/// proven for it (what scf.condition forwards), with the forwarded value
/// and the after region's argument retyped alike.
bool refineWhileCarries(mlir::RewriterBase &rewriter,
                        mlir::scf::WhileOp whileOp, KnownTypeFn known);

/// scf.forall: a shared output takes the static dims proven for it (the
/// output's), with the output operand cast to them and the result retyped.
/// In the body, the parallel_insert_slice ops keep writing into the shared
/// output itself; every other user reads it through a cast back.
bool refineForallOutputs(mlir::RewriterBase &rewriter,
                         mlir::scf::ForallOp forall, KnownTypeFn known);

//===----------------------------------------------------------------------===//
// Signatures of private functions (RefineSignatures.cpp)
//===----------------------------------------------------------------------===//

/// Gives a private function that calls use with different static argument
/// shapes one clone per shape signature, the calls of each signature
/// calling their own (at most `maxClones` clones; a function is cloned
/// once). The join below then makes each one static. Public functions are
/// never cloned away. True if a clone was made.
bool clonePerShape(mlir::ModuleOp module, unsigned maxClones,
                   llvm::DenseSet<mlir::StringAttr> &done);

/// Specializes the signatures of private functions that only calls use:
/// an argument gets the join of what every call passes, a result the join
/// of what every return gives (with casts at both ends, so the IR stays
/// valid and the bodies and callers are rebuilt in the next rounds).
bool specializePrivateSignatures(mlir::ModuleOp module);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_REFINE_H
