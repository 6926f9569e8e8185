//===- Units.cpp - Functions analysed independently -----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "Units.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/DenseSet.h"

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

void symshape::splitByCalls(Operation *root, ArrayRef<Operation *> units,
                            SmallVectorImpl<size_t> &called,
                            SmallVectorImpl<size_t> &uncalled) {
  // The root names of the callees. After an indirect call (a callee that is
  // a value, not a symbol) every unit counts as called. The root as its own
  // single unit is read by no other analysis.
  llvm::DenseSet<StringAttr> names;
  bool indirect = false;
  root->walk([&](CallOpInterface call) {
    auto ref =
        llvm::dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    if (ref)
      names.insert(ref.getRootReference());
    else
      indirect = true;
  });
  for (auto [i, unit] : llvm::enumerate(units)) {
    auto name =
        unit->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    bool isCalled =
        unit != root && (indirect || (name && names.contains(name)));
    (isCalled ? called : uncalled).push_back(i);
  }
}

std::unique_ptr<SymbolTable> symshape::moduleSymbolTable(Operation *root) {
  if (!root->hasTrait<OpTrait::SymbolTable>())
    return nullptr;
  return std::make_unique<SymbolTable>(root);
}
