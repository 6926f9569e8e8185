//===- SymShapeDialect.h - symshape dialect ---------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_IR_SYMSHAPEDIALECT_H
#define SYMSHAPE_IR_SYMSHAPEDIALECT_H

#include "symshape/Engine/Expr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include <memory>

#include "symshape/IR/SymShapeOpsDialect.h.inc"

#endif // SYMSHAPE_IR_SYMSHAPEDIALECT_H
