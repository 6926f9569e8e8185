//===- Passes.h - symshape passes -------------------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_PASSES_H
#define SYMSHAPE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace symshape {

#define GEN_PASS_DECL
#include "symshape/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "symshape/Transforms/Passes.h.inc"

} // namespace symshape

#endif // SYMSHAPE_TRANSFORMS_PASSES_H
