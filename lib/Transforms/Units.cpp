//===- Units.cpp - Functions analysed independently -----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "Units.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

using namespace mlir;

SmallVector<Operation *> symshape::analysisUnits(Operation *root) {
  auto module = dyn_cast<ModuleOp>(root);
  if (!module)
    return {root};
  SmallVector<Operation *> units;
  for (Operation &op : *module.getBody()) {
    if (!op.hasTrait<OpTrait::IsIsolatedFromAbove>())
      return {root};
    units.push_back(&op);
  }
  return units;
}

LogicalResult symshape::forEachUnit(MLIRContext *context, size_t n,
                                    function_ref<LogicalResult(size_t)> fn) {
  ParallelDiagnosticHandler diagnostics(context);
  return failableParallelForEachN(context, 0, n, [&](size_t i) {
    diagnostics.setOrderIDForThread(i);
    LogicalResult result = fn(i);
    diagnostics.eraseOrderIDForThread();
    return result;
  });
}
