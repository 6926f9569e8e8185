//===- RefineSignatures.cpp - Signatures of private functions -------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// How symshape-dynamic-to-static refines private functions that only calls
// use: one clone per static shape signature of the calls, then each
// signature the join of what its calls pass and its returns give.
//
//===----------------------------------------------------------------------===//

#include "Refine.h"

#include "mlir/IR/PatternMatch.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeDialect.h"
#include "llvm/Support/Debug.h"

// These refinements are part of symshape-dynamic-to-static.
#define DEBUG_TYPE "symshape-dynamic-to-static"

using namespace mlir;
using namespace symshape;

namespace {

/// The join of the types of operand `i` of every op in `ops`, seen through
/// casts, if it is more static than `declared`; null otherwise.
RankedTensorType moreStaticJoin(ArrayRef<Operation *> ops, unsigned i,
                                Type declared) {
  RankedTensorType joined;
  for (Operation *op : ops) {
    auto t =
        dyn_cast<RankedTensorType>(lookThrough(op->getOperand(i)).getType());
    if (!t || (joined && joined.getRank() != t.getRank()))
      return nullptr;
    joined = joinTypes(joined ? joined : t, t);
  }
  return joined && isMoreStatic(joined, declared) ? joined : nullptr;
}

/// Makes operand `i` of every op in `ops` its cast-free source cast to
/// `type` (which the join made no more static than any source).
void castOperandsTo(RewriterBase &rewriter, ArrayRef<Operation *> ops,
                    unsigned i, Type type) {
  OpBuilder::InsertionGuard guard(rewriter);
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    Value cast =
        castTo(rewriter, op->getLoc(), type, lookThrough(op->getOperand(i)));
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(i, cast); });
  }
}

/// True if `func` with arguments of the types `inputs` keeps its declared
/// facts satisfiable: its argument attributes verify against the static dims
/// and the analysis of its body finds no contradiction and a body that can
/// complete. Call sites whose
/// operands contradict the callee's facts (a call that can only abort) do not
/// specialize it. Costs one analysis of the function.
bool factsAllowArgumentTypes(func::FuncOp func, ArrayRef<Type> inputs) {
  MLIRContext *ctx = func.getContext();
  FunctionType oldType = func.getFunctionType();
  func.setType(FunctionType::get(ctx, inputs, oldType.getResults()));
  for (auto [arg, type] : llvm::zip(func.getArguments(), inputs))
    arg.setType(type);
  bool ok = true;
  {
    ScopedDiagnosticHandler quiet(ctx, [&](Diagnostic &diag) {
      ok &= diag.getSeverity() != DiagnosticSeverity::Error;
      return success();
    });
    Dialect *dialect = ctx->getLoadedDialect<SymShapeDialect>();
    for (unsigned i = 0; dialect && i < func.getNumArguments() && ok; ++i)
      if (DictionaryAttr attrs = func.getArgAttrDict(i))
        for (NamedAttribute attr : attrs)
          if (attr.getNameDialect() == dialect)
            ok &=
                succeeded(dialect->verifyRegionArgAttribute(func, 0, i, attr));
    // Nor a signature under which the body cannot complete (a check that
    // always fails, shapes that cannot agree): the code after that point
    // would meet static types that contradict each other.
    if (ok) {
      ShapeAnalysis probe(ctx);
      ok = succeeded(probe.run(func)) && !probe.getAbortingOp();
    }
  }
  func.setType(oldType);
  for (auto [arg, type] : llvm::zip(func.getArguments(), oldType.getInputs()))
    arg.setType(type);
  return ok;
}

/// True if no chain of tensor.cast ops from an argument of `func` casts it to
/// a static extent other than the one `inputs` gives it: such a cast (a
/// binding's, say, `bind=p=1` when every call passes 3) would then join two
/// different static extents, which the casts' folders and the lowering
/// reject. The function can only abort or misbehave on those calls; it keeps
/// its signature.
bool castsAllowArgumentTypes(func::FuncOp func, ArrayRef<Type> inputs) {
  for (auto [arg, type] : llvm::zip(func.getArguments(), inputs)) {
    auto proposed = dyn_cast<RankedTensorType>(type);
    if (!proposed || type == arg.getType())
      continue;
    SmallVector<Value> worklist = {arg};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      for (Operation *user : value.getUsers()) {
        auto cast = dyn_cast<tensor::CastOp>(user);
        if (!cast)
          continue;
        if (!tensor::CastOp::areCastCompatible(proposed, cast.getType()))
          return false;
        worklist.push_back(cast.getResult());
      }
    }
  }
  return true;
}

/// A private function with a body whose every use is a call of it, with
/// those calls (one per use, in the order they appear).
struct PrivateCalls {
  func::FuncOp func;
  SmallVector<func::CallOp> calls;
};

/// The symbol references of `op`, as SymbolTable::getSymbolUses lists them:
/// those in its attribute dictionary (inherent attributes included), in
/// the order of a walk of that dictionary, each once, not those nested in
/// another reference. The references of each attribute are found once
/// (`memo`): building the op's dictionary and walking it again for every
/// op cost a few thousand instructions per op.
void collectSymbolRefs(
    Operation *op,
    llvm::DenseMap<Attribute, SmallVector<SymbolRefAttr, 1>> &memo,
    SmallVectorImpl<SymbolRefAttr> &refs) {
  NamedAttrList list(op->getDiscardableAttrDictionary());
  op->getName().populateInherentAttrs(op, list);
  if (list.empty())
    return;
  // A dictionary's entries are sorted by name.
  SmallVector<NamedAttribute> entries(list.begin(), list.end());
  llvm::sort(entries);
  for (NamedAttribute entry : entries) {
    // Attributes that hold no other attribute.
    if (isa<StringAttr, IntegerAttr, FloatAttr, UnitAttr>(entry.getValue()))
      continue;
    auto [it, inserted] = memo.try_emplace(entry.getValue());
    SmallVector<SymbolRefAttr, 1> &found = it->second;
    if (inserted)
      entry.getValue().walk<WalkOrder::PreOrder>([&](SymbolRefAttr ref) {
        found.push_back(ref);
        return WalkResult::skip();
      });
    for (SymbolRefAttr ref : found)
      if (!llvm::is_contained(refs, ref))
        refs.push_back(ref);
  }
}

/// Every such function of `module`: one walk of the module for all of them,
/// over the ops and in the order SymbolTable::getSymbolUses takes them.
SmallVector<PrivateCalls> privateFunctionsOnlyCalled(ModuleOp module) {
  SmallVector<PrivateCalls> found;
  llvm::DenseMap<StringAttr, unsigned> index;
  for (func::FuncOp func : module.getOps<func::FuncOp>())
    if (func.isPrivate() && !func.isExternal()) {
      index[func.getNameAttr()] = found.size();
      found.push_back({func, {}});
    }
  // The walk over every op's attributes only when there is something to
  // find.
  if (found.empty())
    return {};
  llvm::BitVector otherUse(found.size());
  llvm::DenseMap<Attribute, SmallVector<SymbolRefAttr, 1>> memo;
  SmallVector<SymbolRefAttr> refs;
  // Regions last in, first out; nested symbol tables are not entered.
  SmallVector<Region *, 1> worklist(1, &module.getBodyRegion());
  while (!worklist.empty()) {
    for (Operation &op : worklist.pop_back_val()->getOps()) {
      // An unregistered op with a region may be a symbol table of its own:
      // the uses are not known.
      if (op.getNumRegions() == 1 && !op.getDialect())
        return {};
      refs.clear();
      collectSymbolRefs(&op, memo, refs);
      for (SymbolRefAttr ref : refs) {
        auto it = index.find(ref.getRootReference());
        if (it == index.end())
          continue;
        auto call = dyn_cast<func::CallOp>(op);
        if (call && call.getCallee() == it->first.getValue())
          found[it->second].calls.push_back(call);
        else
          otherUse.set(it->second);
      }
      if (!op.hasTrait<OpTrait::SymbolTable>())
        for (Region &region : op.getRegions())
          worklist.push_back(&region);
    }
  }
  SmallVector<PrivateCalls> onlyCalled;
  for (auto [i, entry] : llvm::enumerate(found))
    if (!otherUse.test(i) && !entry.calls.empty())
      onlyCalled.push_back(std::move(entry));
  return onlyCalled;
}

/// The more static types call `call` passes for the arguments of a callee
/// declared with `inputs` (a declared type where the call knows no more).
SmallVector<Type> callSignature(Operation *call, ArrayRef<Type> inputs) {
  SmallVector<Type> signature(inputs);
  for (unsigned i = 0; i < inputs.size(); ++i)
    if (RankedTensorType t = moreStaticJoin({call}, i, inputs[i]))
      signature[i] = t;
  return signature;
}

} // namespace

bool symshape::clonePerShape(ModuleOp module, unsigned maxClones,
                             llvm::DenseSet<StringAttr> &done) {
  if (maxClones == 0)
    return false;
  bool changed = false;
  std::optional<SymbolTable> symbols;
  for (PrivateCalls &entry : privateFunctionsOnlyCalled(module)) {
    func::FuncOp func = entry.func;
    if (done.contains(func.getNameAttr()))
      continue;
    // The calls, grouped by signature in the order they appear.
    SmallVector<Type> inputs(func.getArgumentTypes());
    SmallVector<std::pair<SmallVector<Type>, SmallVector<func::CallOp>>> groups;
    for (func::CallOp call : entry.calls) {
      SmallVector<Type> signature = callSignature(call, inputs);
      auto it = llvm::find_if(
          groups, [&](const auto &g) { return g.first == signature; });
      if (it == groups.end())
        groups.push_back({signature, {call}});
      else
        it->second.push_back(call);
    }
    if (groups.size() < 2 || groups.size() > maxClones + 1)
      continue;
    if (!symbols)
      symbols.emplace(module);
    done.insert(func.getNameAttr());
    // The first signature keeps the function; each other one gets a clone.
    unsigned k = 0;
    Operation *after = func;
    for (auto &group : llvm::drop_begin(groups)) {
      auto clone = cast<func::FuncOp>(func->clone());
      clone.setName((func.getName() + ".shape" + Twine(++k)).str());
      // Renamed (with a suffix) if the name is taken.
      symbols->insert(clone, std::next(after->getIterator()));
      after = clone;
      done.insert(clone.getNameAttr());
      for (func::CallOp call : group.second)
        call.setCallee(clone.getName());
      LLVM_DEBUG(llvm::dbgs()
                 << "symshape-dynamic-to-static: cloned @" << func.getName()
                 << " as @" << clone.getName() << " for " << group.second.size()
                 << " call(s)\n");
    }
    changed = true;
  }
  return changed;
}

bool symshape::specializePrivateSignatures(ModuleOp module) {
  IRRewriter rewriter(module.getContext());
  bool changed = false;
  for (PrivateCalls &entry : privateFunctionsOnlyCalled(module)) {
    func::FuncOp func = entry.func;
    SmallVector<Operation *> callOps(entry.calls.begin(), entry.calls.end());
    SmallVector<Type> inputs(func.getArgumentTypes()),
        results(func.getResultTypes());
    bool specialized = false;
    SmallVector<RankedTensorType> joinedInputs;
    SmallVector<Type> proposed(inputs);
    for (unsigned i = 0; i < inputs.size(); ++i) {
      joinedInputs.push_back(moreStaticJoin(callOps, i, inputs[i]));
      if (joinedInputs.back())
        proposed[i] = joinedInputs.back();
    }
    if (proposed != inputs && (!castsAllowArgumentTypes(func, proposed) ||
                               !factsAllowArgumentTypes(func, proposed)))
      joinedInputs.assign(inputs.size(), RankedTensorType());
    for (unsigned i = 0; i < inputs.size(); ++i) {
      RankedTensorType joined = joinedInputs[i];
      if (!joined)
        continue;
      castOperandsTo(rewriter, callOps, i, joined);
      retypeBlockArgument(rewriter, func.getArgument(i), joined);
      inputs[i] = joined;
      specialized = true;
    }
    SmallVector<Operation *> returns;
    func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
    for (unsigned j = 0; j < results.size() && !returns.empty(); ++j) {
      RankedTensorType joined = moreStaticJoin(returns, j, results[j]);
      if (!joined)
        continue;
      castOperandsTo(rewriter, returns, j, joined);
      for (Operation *call : callOps)
        retypeResult(rewriter, call->getResult(j), joined);
      results[j] = joined;
      specialized = true;
    }
    if (specialized)
      rewriter.modifyOpInPlace(func, [&] {
        func.setType(FunctionType::get(func.getContext(), inputs, results));
      });
    changed |= specialized;
  }
  return changed;
}
