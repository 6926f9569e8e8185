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

#include <atomic>

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
  // Every call runs even after one fails: which ones a failure would skip
  // depends on the timing of the threads, and so would the diagnostics.
  std::atomic<bool> anyFailed(false);
  parallelFor(context, 0, n, [&](size_t i) {
    diagnostics.setOrderIDForThread(i);
    if (failed(fn(i)))
      anyFailed = true;
    diagnostics.eraseOrderIDForThread();
  });
  return failure(anyFailed.load());
}

symshape::CallOrder symshape::orderByCalls(Operation *root,
                                           ArrayRef<Operation *> units,
                                           const SymbolTable *symbols) {
  CallOrder order;
  order.called.resize(units.size());
  if (!symbols || units.size() == 1 || units.front() == root) {
    order.layers.emplace_back();
    for (size_t i = 0; i < units.size(); ++i)
      order.layers.back().push_back(i);
    return order;
  }
  llvm::DenseMap<Operation *, size_t> index;
  for (auto [i, unit] : llvm::enumerate(units))
    index[unit] = i;
  // callers[j]: the units whose calls name unit j; pending[i]: how many
  // distinct units unit i calls that are not done yet. One walk per unit.
  std::vector<SmallVector<size_t, 2>> callers(units.size());
  SmallVector<unsigned> pending(units.size(), 0);
  for (size_t i = 0; i < units.size(); ++i) {
    Operation *unit = units[i];
    llvm::SmallDenseSet<size_t, 4> callees;
    unit->walk([&](CallOpInterface call) {
      auto ref =
          llvm::dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (!ref)
        return;
      auto it = index.find(symbols->lookup(ref.getRootReference()));
      if (it != index.end() && callees.insert(it->second).second) {
        callers[it->second].push_back(i);
        order.called.set(it->second);
      }
    });
    pending[i] = callees.size();
  }
  // Layer by layer from the units that call none (a unit calling itself
  // never gets there).
  SmallVector<size_t> ready;
  for (size_t i = 0; i < units.size(); ++i)
    if (pending[i] == 0)
      ready.push_back(i);
  llvm::BitVector done(units.size());
  while (!ready.empty()) {
    llvm::sort(ready);
    SmallVector<size_t> next;
    for (size_t i : ready) {
      done.set(i);
      for (size_t caller : callers[i])
        if (--pending[caller] == 0)
          next.push_back(caller);
    }
    order.layers.push_back(std::move(ready));
    ready = std::move(next);
  }
  for (size_t i = 0; i < units.size(); ++i)
    if (!done.test(i))
      order.cyclic.push_back(i);
  return order;
}

std::unique_ptr<SymbolTable> symshape::moduleSymbolTable(Operation *root) {
  if (!root->hasTrait<OpTrait::SymbolTable>())
    return nullptr;
  return std::make_unique<SymbolTable>(root);
}
