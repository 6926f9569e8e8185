//===- Units.cpp - Functions analysed independently -----------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "Units.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SCCIterator.h"

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

namespace {

/// The units as a graph of their calls, for llvm::scc_iterator: a node per
/// unit, whose children are the units its calls name, and a root whose
/// children are all the units.
struct UnitNode {
  size_t index;
  SmallVector<UnitNode *, 2> callees;
};
struct UnitGraph {
  std::vector<UnitNode> nodes;
  UnitNode root{~size_t(0), {}};
};

} // namespace

template <> struct llvm::GraphTraits<UnitGraph *> {
  using NodeRef = UnitNode *;
  using ChildIteratorType = SmallVectorImpl<UnitNode *>::iterator;
  static NodeRef getEntryNode(UnitGraph *graph) { return &graph->root; }
  static ChildIteratorType child_begin(NodeRef node) {
    return node->callees.begin();
  }
  static ChildIteratorType child_end(NodeRef node) {
    return node->callees.end();
  }
};

namespace {

/// The graph of the calls between `units`, from mlir::CallGraph: a
/// callable belongs to the unit that holds it. The calls of a unit that is
/// not a callable (which the call graph leaves out) are resolved here.
UnitGraph buildUnitGraph(Operation *root, ArrayRef<Operation *> units,
                         llvm::BitVector &called) {
  UnitGraph graph;
  graph.nodes.resize(units.size());
  llvm::DenseMap<Operation *, size_t> index;
  for (auto [i, unit] : llvm::enumerate(units)) {
    index[unit] = i;
    graph.nodes[i].index = i;
    graph.root.callees.push_back(&graph.nodes[i]);
  }
  auto unitOf = [&](Operation *op) -> std::optional<size_t> {
    for (; op; op = op->getParentOp())
      if (auto it = index.find(op); it != index.end())
        return it->second;
    return std::nullopt;
  };
  llvm::DenseSet<std::pair<size_t, size_t>> edges;
  auto addEdge = [&](size_t from, Operation *callee) {
    std::optional<size_t> to = unitOf(callee);
    if (!to || !edges.insert({from, *to}).second)
      return;
    graph.nodes[from].callees.push_back(&graph.nodes[*to]);
    called.set(*to);
  };
  CallGraph callGraph(root);
  for (const CallGraphNode *node : callGraph) {
    if (node->isExternal())
      continue;
    std::optional<size_t> from =
        unitOf(node->getCallableRegion()->getParentOp());
    if (!from)
      continue;
    for (const CallGraphNode::Edge &edge : *node)
      if (edge.isCall() && !edge.getTarget()->isExternal())
        addEdge(*from, edge.getTarget()->getCallableRegion()->getParentOp());
  }
  SymbolTableCollection symbols;
  for (auto [i, unit] : llvm::enumerate(units)) {
    if (isa<CallableOpInterface>(unit))
      continue;
    unit->walk([&, i = i](CallOpInterface call) {
      if (Operation *callee = call.resolveCallableInTable(&symbols))
        addEdge(i, callee);
    });
  }
  return graph;
}

} // namespace

symshape::CallOrder symshape::orderByCalls(Operation *root,
                                           ArrayRef<Operation *> units) {
  CallOrder order;
  order.called.resize(units.size());
  if (units.size() == 1 || units.front() == root) {
    order.layers.emplace_back();
    for (size_t i = 0; i < units.size(); ++i)
      order.layers.back().acyclic.push_back(i);
    return order;
  }
  UnitGraph graph = buildUnitGraph(root, units, order.called);
  // The components come callees first; each goes in the layer after the
  // last layer of the components it calls.
  SmallVector<unsigned> layerOf(units.size(), 0);
  for (auto scc = llvm::scc_begin(&graph); !scc.isAtEnd(); ++scc) {
    const std::vector<UnitNode *> &component = *scc;
    if (component.front() == &graph.root)
      continue;
    llvm::SmallDenseSet<UnitNode *, 4> members(component.begin(),
                                               component.end());
    unsigned layer = 0;
    for (UnitNode *node : component)
      for (UnitNode *callee : node->callees)
        if (!members.contains(callee))
          layer = std::max(layer, layerOf[callee->index] + 1);
    for (UnitNode *node : component)
      layerOf[node->index] = layer;
    if (order.layers.size() <= layer)
      order.layers.resize(layer + 1);
    if (!scc.hasCycle()) {
      order.layers[layer].acyclic.push_back(component.front()->index);
      continue;
    }
    SmallVector<size_t> cycle;
    for (UnitNode *node : component)
      cycle.push_back(node->index);
    llvm::sort(cycle);
    order.layers[layer].cycles.push_back(std::move(cycle));
  }
  // In the order of the units within a layer, for deterministic
  // diagnostics.
  for (CallOrder::Layer &layer : order.layers) {
    llvm::sort(layer.acyclic);
    llvm::sort(layer.cycles, [](ArrayRef<size_t> a, ArrayRef<size_t> b) {
      return a.front() < b.front();
    });
  }
  return order;
}

LogicalResult symshape::runInCallOrder(MLIRContext *context,
                                       const CallOrder &order,
                                       const CallOrderConfig &config,
                                       const UnitSteps &steps) {
  auto prepare = [&](size_t unit, unsigned round) {
    return steps.prepare ? steps.prepare(unit, round) : success();
  };
  // A unit alone, in its own task, until its apply changes nothing.
  auto alone = [&](size_t unit) -> LogicalResult {
    for (unsigned round = 0; round < config.maxRounds; ++round) {
      if (failed(prepare(unit, round)) || failed(steps.analyse(unit, round)))
        return failure();
      FailureOr<bool> changed = steps.apply(unit, round);
      if (failed(changed))
        return failure();
      if (!*changed)
        break;
    }
    return success();
  };
  // Units analysed in parallel and applied in order, in rounds until no
  // apply changes anything.
  auto together = [&](ArrayRef<size_t> group) -> LogicalResult {
    for (unsigned round = 0; round < config.maxRounds; ++round) {
      for (size_t unit : group)
        if (failed(prepare(unit, round)))
          return failure();
      if (failed(forEachUnit(context, group.size(), [&](size_t k) {
            return steps.analyse(group[k], round);
          })))
        return failure();
      bool changed = false;
      for (size_t unit : group) {
        FailureOr<bool> applied = steps.apply(unit, round);
        if (failed(applied))
          return failure();
        changed |= *applied;
      }
      if (!changed)
        break;
    }
    return success();
  };
  auto runLayer = [&](const CallOrder::Layer &layer) -> LogicalResult {
    ArrayRef<size_t> acyclic = layer.acyclic;
    if (config.parallelApply) {
      if (failed(forEachUnit(context, acyclic.size(),
                             [&](size_t k) { return alone(acyclic[k]); })))
        return failure();
    } else {
      size_t batch = config.maxBatch ? config.maxBatch : acyclic.size();
      for (size_t begin = 0; begin < acyclic.size(); begin += batch)
        if (failed(together(
                acyclic.slice(begin, std::min(batch, acyclic.size() - begin)))))
          return failure();
    }
    for (ArrayRef<size_t> cycle : layer.cycles)
      if (failed(together(cycle)))
        return failure();
    return success();
  };
  if (config.calleesFirst) {
    for (const CallOrder::Layer &layer : order.layers)
      if (failed(runLayer(layer)))
        return failure();
  } else {
    for (const CallOrder::Layer &layer : llvm::reverse(order.layers))
      if (failed(runLayer(layer)))
        return failure();
  }
  return success();
}

std::unique_ptr<SymbolTable> symshape::moduleSymbolTable(Operation *root) {
  if (!root->hasTrait<OpTrait::SymbolTable>())
    return nullptr;
  return std::make_unique<SymbolTable>(root);
}
