//===- KeepViews.h - Expands of two dynamic dims kept as views --*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_KEEPVIEWS_H
#define SYMSHAPE_LIB_TRANSFORMS_KEEPVIEWS_H

#include "mlir/IR/PatternMatch.h"

namespace symshape {

/// Patterns that remove a tensor.expand_shape with a group of two or more
/// dynamic dims without a copy: against the collapse it undoes (sizes
/// proven equal), into the tensor.empty it shapes, or into the linalg op
/// that produces its source (upstream's fold by expansion) when the expands
/// that leaves on the op's operands go away too. What they leave is for
/// repair-reshapes' gather.
void populateKeepViewsPatterns(mlir::RewritePatternSet &patterns);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_KEEPVIEWS_H
