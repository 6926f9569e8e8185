//===- FailingChecks.h - Code after checks that always fail -----*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the passes of lib/Transforms (not installed).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_FAILINGCHECKS_H
#define SYMSHAPE_LIB_TRANSFORMS_FAILINGCHECKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace symshape {

/// Erases what follows a `cf.assert` of a constant false in its block under
/// `root`: it never runs (the program aborts at the assert), and
/// specialization of the code before it can make it statically contradictory
/// (a cast of a 3-element tensor to 2 elements) in ways that MLIR's cast
/// folders and its lowering turn into invalid IR. A terminator without
/// successors stays; its operands computed after the assert become the
/// carried value of the loop around (a loop body's yield) or placeholders
/// (left alone when a value computed there is used elsewhere, or a type has
/// no placeholder). A branch goes: the block ends at the assert with a copy
/// of its region's return whose operands are placeholders, and the blocks
/// reached only through it are erased (left alone when the region has no
/// return, or a return operand's type has no placeholder). Returns true if
/// the IR changed.
bool eraseAfterFailingChecks(mlir::Operation *root);

/// Inserts at `b`'s point a `cf.assert` of a constant false with `message`:
/// the program aborts there (code that no defined execution reaches), and
/// eraseAfterFailingChecks trims what follows.
void insertFailingCheck(mlir::OpBuilder &b, mlir::Location loc,
                        const llvm::Twine &message);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_FAILINGCHECKS_H
