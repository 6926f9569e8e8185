//===- DynamicToStatic.cpp - symshape-dynamic-to-static -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Replaces `?` by a number exactly where the engine proves a dim constant
// (from constants, facts, or a symbol the user binds). Each round runs the
// shape analysis once, which prepares what was proven at each candidate op;
// then refine patterns (one per kind of scf op, and for every other op a
// rebuild through its model) make, producers before consumers, every op
// whose result can be more static, from operands seen through the casts that
// earlier rebuilds left; a rebuilt result is cast back to its old type, so
// the IR is valid at every step and users that are not rebuilt are
// untouched. Public signatures stay (casts at the boundary). Rounds repeat
// to a fixpoint.
//
// User assumptions (bind=, profile=; Specialize.cpp, symshape-specialize)
// are applied first: checked at the entry with cf.assert (checks=assert),
// then used as facts.
//
//===----------------------------------------------------------------------===//

#include "Certify.h"
#include "Specialize.h"
#include "Units.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeOps.h"
#include "symshape/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPEDYNAMICTOSTATICPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

#define DEBUG_TYPE "symshape-dynamic-to-static"

namespace {

//===----------------------------------------------------------------------===//
// Refinement
//===----------------------------------------------------------------------===//

/// True if every static dim of `b` is static (and equal) in `a`.
bool isAtLeastAsStatic(Type a, Type b) {
  auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb || ta.getRank() != tb.getRank())
    return false;
  for (int64_t d = 0; d < ta.getRank(); ++d)
    if (!tb.isDynamicDim(d) && ta.getDimSize(d) != tb.getDimSize(d))
      return false;
  return true;
}

/// `v` seen through the tensor.casts that only forget static dims (those an
/// earlier rebuild left). A cast to a more static type states a fact (a
/// binding) and is kept.
Value lookThrough(Value v) {
  while (auto cast = v.getDefiningOp<tensor::CastOp>()) {
    if (!isAtLeastAsStatic(cast.getSource().getType(), cast.getType()))
      break;
    v = cast.getSource();
  }
  return v;
}

/// What the walk proved at each op, and the rebuild of an op with it (by
/// the op's model, or by the rule for destination-style ops).
class Refiner : public StaticRefinement {
public:
  /// With `obligations`, every dim or value proven constant (and so made
  /// static) is recorded as a proof obligation.
  Refiner(ShapeAnalysis &analysis,
          std::vector<Obligation> *obligations = nullptr)
      : a(analysis), obligations(obligations) {}

  /// Records, with the facts that hold at `op` (during the walk), what the
  /// rebuild of `op` may use: the proven types of its tensor operands and
  /// results, and the constant values of its integer operands.
  void prepare(Operation *op) {
    Known &k = known[op];
    for (Value v : op->getOperands()) {
      if (isa<RankedTensorType>(v.getType())) {
        Value source = lookThrough(v);
        k.types[source] = computeProvenType(source);
      } else if (v.getType().isIndex()) {
        Expr e = a.getSolver().simplify(a.getExpr(v));
        if (std::optional<int64_t> c =
                e ? e.getConstantOrNone() : std::nullopt) {
          k.constants[v] = *c;
          certify(v, a.getExpr(v), *c, -1);
        }
      }
    }
    for (Value r : op->getResults())
      if (isa<RankedTensorType>(r.getType()))
        k.types[r] = computeProvenType(r);
    // What every iteration of a loop sees (the analysis gives an iter arg
    // the dims of its init only if the body yields a tensor of its dims).
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      for (Value arg : forOp.getRegionIterArgs())
        k.types[arg] = computeProvenType(arg);
    if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      for (Value arg : whileOp.getBeforeArguments())
        k.types[arg] = computeProvenType(arg);
    if (auto forall = dyn_cast<scf::ForallOp>(op))
      for (Value arg : forall.getRegionIterArgs())
        k.types[arg] = computeProvenType(arg);
  }

  /// The proven type of `v` recorded when `op` was prepared, if any.
  Type knownType(Operation *op, Value v) {
    auto it = known.find(op);
    return it == known.end() ? v.getType() : lookup(it->second, v);
  }

  /// The op's result types with every dim proven constant made static.
  SmallVector<Type> provenTypes(Operation *op) {
    SmallVector<Type> types;
    for (Value r : op->getResults())
      types.push_back(computeProvenType(r));
    return types;
  }

  /// The proven type of `v` recorded for the op being rebuilt.
  Type getProvenType(Value v) override { return lookup(*current, v); }

  /// The proven type of a tensor value: static wherever its dim is proven
  /// constant at the current point of the walk.
  Type computeProvenType(Value v) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      return v.getType();
    SmallVector<int64_t> shape(type.getShape());
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d))
        continue;
      // Never a static 0 (see refineSize).
      Expr e = a.getSolver().simplify(a.getDimExpr(v, d));
      if (std::optional<int64_t> c = e ? e.getConstantOrNone() : std::nullopt;
          c && *c >= 1) {
        shape[d] = *c;
        certify(v, a.getDimExpr(v, d), *c, d);
      }
    }
    return type.clone(shape);
  }

  /// Records that `exact`, dim `dim` of `v` (or `v` itself for -1), was
  /// proven to be `c`, once per value and dim.
  void certify(Value v, Expr exact, int64_t c, int64_t dim) {
    if (!obligations || !exact ||
        !certified.insert({v, static_cast<unsigned>(dim)}).second)
      return;
    Relation claim{Relation::Kind::EQ, exact,
                   a.getExprContext().getConstant(c)};
    std::string text =
        (dim >= 0 ? "static dim " + std::to_string(dim) : "constant operand") +
        ":" + describeClaim(a, claim);
    Operation *where = v.getDefiningOp();
    Location loc = where ? where->getLoc() : v.getLoc();
    obligations->push_back(makeObligation(a, loc, text, claim));
  }

  /// An operand for a rebuilt op: seen through casts, and cast to its proven
  /// type where facts make it more static (dims proven by facts count as
  /// much as constants).
  Value refineOperand(OpBuilder &b, Value v) override {
    if (!isa<RankedTensorType>(v.getType()))
      return v;
    Value source = lookThrough(v);
    Type proven = getProvenType(source);
    if (proven == source.getType())
      return source;
    return tensor::CastOp::create(b, v.getLoc(), proven, source);
  }

  /// A size or offset with a proven constant value becomes an attribute.
  OpFoldResult refineIndex(OpBuilder &b, OpFoldResult ofr) override {
    auto v = dyn_cast<Value>(ofr);
    if (!v)
      return ofr;
    auto it = current->constants.find(v);
    if (it != current->constants.end())
      return b.getIndexAttr(it->second);
    return ofr;
  }

  /// A size or extent becomes an attribute like an offset, except 0: a
  /// static 0 dim is never introduced (the standard lowering of MLIR 22.1
  /// rejects slices of a static 0 dim, "offset 0 is out-of-bounds: 0 >= 0",
  /// and collapses of one).
  OpFoldResult refineSize(OpBuilder &b, OpFoldResult ofr) override {
    OpFoldResult r = refineIndex(b, ofr);
    std::optional<int64_t> c = getConstantIntValue(r);
    return c && *c == 0 && isa<Value>(ofr) ? ofr : r;
  }

  /// Builds the more static replacement of `op` (prepared during the walk),
  /// or nullptr: the op's model says how (tensor ops), and a linalg op on
  /// tensors is cloned with refined operands, its results taking the types
  /// of their inits (as the analysis gives them their inits' dims).
  Operation *rebuild(OpBuilder &b, Operation *op) {
    auto it = known.find(op);
    if (it == known.end())
      return nullptr;
    current = &it->second;
    if (auto semantics = dyn_cast<ShapeSemanticsOpInterface>(op))
      if (Operation *replacement = semantics.buildStaticReplacement(b, *this))
        return replacement;
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    if (!dps || !isa<linalg::LinalgOp>(op) || dps.hasPureBufferSemantics())
      return nullptr;
    SmallVector<Value> operands;
    for (Value v : op->getOperands())
      operands.push_back(refineOperand(b, v));
    SmallVector<Type> resultTypes;
    for (OpResult r : op->getResults())
      resultTypes.push_back(
          operands[dps.getTiedOpOperand(r)->getOperandNumber()].getType());
    return mlir::clone(b, op, resultTypes, operands);
  }

private:
  struct Known {
    llvm::DenseMap<Value, Type> types;
    llvm::DenseMap<Value, int64_t> constants;
  };
  static Type lookup(const Known &k, Value v) {
    auto it = k.types.find(v);
    return it == k.types.end() ? v.getType() : it->second;
  }

  ShapeAnalysis &a;
  std::vector<Obligation> *obligations;
  llvm::DenseSet<std::pair<Value, unsigned>> certified;
  llvm::DenseMap<Operation *, Known> known;
  Known *current = nullptr;
};

/// True if `a` is at least as static as `b` everywhere and differs.
bool isMoreStatic(Type a, Type b) {
  auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb || ta.getRank() != tb.getRank() || ta == tb)
    return false;
  for (int64_t d = 0; d < ta.getRank(); ++d)
    if (ta.isDynamicDim(d) && !tb.isDynamicDim(d))
      return false;
  return true;
}

/// Ops replaced during a round. They are erased only when the round ends:
/// the round's records are keyed by operations and values, and an address
/// freed early could be reused by a new op and inherit an old record.
using DeadOps = SmallVectorImpl<Operation *>;

/// Replaces `op` by `replacement`, casting results back to the old types.
void replaceWithCasts(Operation *op, Operation *replacement, DeadOps &dead) {
  OpBuilder b(op);
  for (auto [old, now] :
       llvm::zip(op->getResults(), replacement->getResults())) {
    Value v = now;
    if (now.getType() != old.getType())
      v = tensor::CastOp::create(b, op->getLoc(), old.getType(), now);
    old.replaceAllUsesWith(v);
  }
  dead.push_back(op);
}

/// Erases the ops replaced in a round (an op inside another dead op goes
/// with it).
void eraseDead(ArrayRef<Operation *> dead) {
  llvm::SmallPtrSet<Operation *, 16> set(dead.begin(), dead.end());
  for (Operation *op : dead) {
    bool inDead = false;
    for (Operation *p = op->getParentOp(); p && !inDead; p = p->getParentOp())
      inDead = set.contains(p);
    if (!inDead) {
      op->dropAllUses();
      op->erase();
    }
  }
}

/// True if every result of `replacement` can be cast back to the type of
/// the result of `op` it replaces. A proof that contradicts a static dim of
/// the IR (dead code, or a program already undefined there) changes nothing.
bool castsBackValid(Operation *op, Operation *replacement) {
  for (auto [old, now] : llvm::zip(op->getResults(), replacement->getResults()))
    if (old.getType() != now.getType() &&
        !tensor::CastOp::areCastCompatible(now.getType(), old.getType()))
      return false;
  return true;
}

/// True if every tensor.cast that feeds `replacement` (the ones its rebuild
/// made included) is a valid cast: a rebuild never reads a value through a
/// cast between contradicting static dims.
bool operandCastsValid(Operation *replacement) {
  return llvm::all_of(replacement->getOperands(), [](Value v) {
    auto cast = v.getDefiningOp<tensor::CastOp>();
    return !cast || tensor::CastOp::areCastCompatible(
                        cast.getSource().getType(), cast.getType());
  });
}

/// An scf.if with a constant condition becomes the taken branch.
bool inlineDecidedIf(scf::IfOp ifOp, DeadOps &dead) {
  APInt cond;
  if (!matchPattern(ifOp.getCondition(), m_ConstantInt(&cond)))
    return false;
  Region &taken = cond.isZero() ? ifOp.getElseRegion() : ifOp.getThenRegion();
  if (taken.empty()) {
    if (ifOp.getNumResults() != 0)
      return false;
    dead.push_back(ifOp);
    return true;
  }
  Block *block = &taken.front();
  auto yield = cast<scf::YieldOp>(block->getTerminator());
  SmallVector<Value> results(yield.getOperands());
  IRRewriter rewriter(ifOp.getContext());
  rewriter.inlineBlockBefore(block, ifOp);
  rewriter.eraseOp(yield);
  ifOp.replaceAllUsesWith(results);
  dead.push_back(ifOp);
  return true;
}

/// The join of two tensor types of one rank: a dim stays static only where
/// both agree, and never as a static 0 (see Refiner::refineSize). Never a
/// broadcast.
RankedTensorType joinTypes(RankedTensorType a, RankedTensorType b) {
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < a.getRank(); ++d)
    shape.push_back(a.getDimSize(d) == b.getDimSize(d) && a.getDimSize(d) != 0
                        ? a.getDimSize(d)
                        : ShapedType::kDynamic);
  return a.clone(shape);
}

/// `v` as a value of type `type`, through a cast if its type differs.
Value castTo(OpBuilder &b, Location loc, Type type, Value v) {
  if (v.getType() == type)
    return v;
  return tensor::CastOp::create(b, loc, type, v);
}

/// Refines the results of an scf.if to the join of what its branches yield.
bool refineIfResults(scf::IfOp ifOp, DeadOps &dead) {
  if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
    return false;
  auto thenYield = ifOp.thenYield(), elseYield = ifOp.elseYield();
  SmallVector<Type> joined;
  bool changed = false;
  for (auto [r, t, e] : llvm::zip(ifOp.getResults(), thenYield.getOperands(),
                                  elseYield.getOperands())) {
    auto rt = dyn_cast<RankedTensorType>(r.getType());
    Value ts = lookThrough(t), es = lookThrough(e);
    auto tt = dyn_cast<RankedTensorType>(ts.getType());
    auto et = dyn_cast<RankedTensorType>(es.getType());
    if (!rt || !tt || !et || tt.getRank() != rt.getRank() ||
        et.getRank() != rt.getRank()) {
      joined.push_back(r.getType());
      continue;
    }
    RankedTensorType j = joinTypes(tt, et);
    if (isMoreStatic(j, rt)) {
      joined.push_back(j);
      changed = true;
    } else {
      joined.push_back(rt);
    }
  }
  if (!changed)
    return false;
  OpBuilder b(ifOp);
  auto newIf = scf::IfOp::create(b, ifOp.getLoc(), joined, ifOp.getCondition(),
                                 /*withElse=*/true);
  for (auto [from, to] :
       {std::make_pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
        std::make_pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
    to->getBlocks().clear();
    to->takeBody(*from);
    auto yield = cast<scf::YieldOp>(to->front().getTerminator());
    OpBuilder yb(yield);
    for (auto [i, v] : llvm::enumerate(yield.getOperands()))
      if (v.getType() != joined[i])
        yield->setOperand(
            i, castTo(yb, yield.getLoc(), joined[i], lookThrough(v)));
  }
  replaceWithCasts(ifOp, newIf, dead);
  return true;
}

/// Gives `arg` the more static `type`; its uses see a cast back to the old
/// type until they are rebuilt.
void retypeBlockArgument(BlockArgument arg, Type type) {
  Type old = arg.getType();
  arg.setType(type);
  OpBuilder b = OpBuilder::atBlockBegin(arg.getOwner());
  auto back = tensor::CastOp::create(b, arg.getLoc(), old, arg);
  arg.replaceAllUsesExcept(back.getResult(), back);
}

/// Gives the op result `r` the more static `type`; its users see a cast back
/// to the old type until they are rebuilt.
void retypeResult(OpResult r, Type type) {
  Type old = r.getType();
  r.setType(type);
  OpBuilder b(r.getOwner()->getContext());
  b.setInsertionPointAfter(r.getOwner());
  auto back = tensor::CastOp::create(b, r.getLoc(), old, r);
  r.replaceAllUsesExcept(back.getResult(), back);
}

/// Refines the tensor iter args of an scf.for to what every iteration is
/// proven to see: the analysis gives an iter arg the dims of its init only
/// when the body yields a tensor with the iter arg's dims, so the init, the
/// iter arg, the yielded value and the result all have the refined type.
/// Gives the value a loop carries in `arg` (entered as `init`, yielded as
/// operand `i` of `yield`) the proven `type`: the init and the yielded value
/// are cast to it, the argument's users see it through a cast back. False
/// (nothing changed) if a static dim disagrees with the proof (dead code).
bool retypeCarried(Operation *loop, OpOperand &init, Operation *yield,
                   unsigned i, BlockArgument arg, Type type) {
  if (!tensor::CastOp::areCastCompatible(lookThrough(init.get()).getType(),
                                         type) ||
      !tensor::CastOp::areCastCompatible(
          lookThrough(yield->getOperand(i)).getType(), type))
    return false;
  OpBuilder b(loop);
  init.set(castTo(b, loop->getLoc(), type, lookThrough(init.get())));
  b.setInsertionPoint(yield);
  yield->setOperand(
      i, castTo(b, yield->getLoc(), type, lookThrough(yield->getOperand(i))));
  retypeBlockArgument(arg, type);
  return true;
}

bool refineForIterArgs(scf::ForOp forOp, Refiner &refiner) {
  bool changed = false;
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
    Type type = refiner.knownType(forOp, arg);
    if (!isMoreStatic(type, arg.getType()) ||
        !retypeCarried(forOp, forOp.getInitArgsMutable()[i], yield, i, arg,
                       type))
      continue;
    retypeResult(forOp->getResult(i), type);
    changed = true;
  }
  return changed;
}

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
void castOperandsTo(ArrayRef<Operation *> ops, unsigned i, Type type) {
  for (Operation *op : ops) {
    OpBuilder b(op);
    op->setOperand(
        i, castTo(b, op->getLoc(), type, lookThrough(op->getOperand(i))));
  }
}

/// Specializes the signatures of private functions that only calls use:
/// an argument gets the join of what every call passes, a result the join
/// of what every return gives (with casts at both ends, so the IR stays
/// valid and the bodies and callers are rebuilt in the next rounds).
/// True if `func` with arguments of the types `inputs` keeps its declared
/// facts satisfiable: its argument attributes verify against the static dims
/// and the analysis of its body finds no contradiction. Call sites whose
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
            ok &= succeeded(
                dialect->verifyRegionArgAttribute(func, 0, i, attr));
    if (ok) {
      ShapeAnalysis probe(ctx);
      ok = succeeded(probe.run(func));
    }
  }
  func.setType(oldType);
  for (auto [arg, type] : llvm::zip(func.getArguments(), oldType.getInputs()))
    arg.setType(type);
  return ok;
}

/// A private function with a body whose every use is a call of it, with
/// those calls (one per use, in the order they appear).
struct PrivateCalls {
  func::FuncOp func;
  SmallVector<func::CallOp> calls;
};

/// Every such function of `module`: one walk of the module for all of them.
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
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(&module.getBodyRegion());
  if (!uses)
    return {};
  llvm::BitVector otherUse(found.size());
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto it = index.find(use.getSymbolRef().getRootReference());
    if (it == index.end())
      continue;
    auto call = dyn_cast<func::CallOp>(use.getUser());
    if (call && call.getCallee() == it->first.getValue())
      found[it->second].calls.push_back(call);
    else
      otherUse.set(it->second);
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

/// Gives a private function that calls use with different static argument
/// shapes one clone per shape signature, the calls of each signature
/// calling their own (at most `maxClones` clones; a function is cloned
/// once). The join below then makes each one static. Public functions are
/// never cloned away. True if a clone was made.
bool clonePerShape(ModuleOp module, unsigned maxClones,
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
      LLVM_DEBUG(llvm::dbgs() << "symshape-dynamic-to-static: cloned @"
                              << func.getName() << " as @" << clone.getName()
                              << " for " << group.second.size()
                              << " call(s)\n");
    }
    changed = true;
  }
  return changed;
}

bool specializePrivateSignatures(ModuleOp module) {
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
    if (proposed != inputs && !factsAllowArgumentTypes(func, proposed))
      joinedInputs.assign(inputs.size(), RankedTensorType());
    for (unsigned i = 0; i < inputs.size(); ++i) {
      RankedTensorType joined = joinedInputs[i];
      if (!joined)
        continue;
      castOperandsTo(callOps, i, joined);
      retypeBlockArgument(func.getArgument(i), joined);
      inputs[i] = joined;
      specialized = true;
    }
    SmallVector<Operation *> returns;
    func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
    for (unsigned j = 0; j < results.size() && !returns.empty(); ++j) {
      RankedTensorType joined = moreStaticJoin(returns, j, results[j]);
      if (!joined)
        continue;
      castOperandsTo(returns, j, joined);
      for (Operation *call : callOps)
        retypeResult(call->getResult(j), joined);
      results[j] = joined;
      specialized = true;
    }
    if (specialized)
      func.setType(FunctionType::get(func.getContext(), inputs, results));
    changed |= specialized;
  }
  return changed;
}

/// The scf.while twin of refineForIterArgs: a carried value (an argument of
/// the before region) takes the static dims proven for it (its init's, which
/// one probed trip through both regions keeps), with its init and the value
/// the after region yields cast to them; a result takes the static dims
/// proven for it (what scf.condition forwards), with the forwarded value
/// and the after region's argument retyped alike.
bool refineWhileCarries(scf::WhileOp whileOp, Refiner &refiner) {
  bool changed = false;
  scf::YieldOp yield = whileOp.getYieldOp();
  for (auto [i, arg] : llvm::enumerate(whileOp.getBeforeArguments())) {
    Type type = refiner.knownType(whileOp, arg);
    changed |= isMoreStatic(type, arg.getType()) &&
               retypeCarried(whileOp, whileOp.getInitsMutable()[i], yield, i,
                             arg, type);
  }
  scf::ConditionOp condition = whileOp.getConditionOp();
  for (auto [j, result] : llvm::enumerate(whileOp.getResults())) {
    Type type = refiner.knownType(whileOp, result);
    if (!isMoreStatic(type, result.getType()))
      continue;
    Value forwarded = condition.getArgs()[j];
    if (!tensor::CastOp::areCastCompatible(lookThrough(forwarded).getType(),
                                           type))
      continue;
    OpBuilder b(condition);
    condition->setOperand(
        j + 1, castTo(b, condition.getLoc(), type, lookThrough(forwarded)));
    retypeBlockArgument(whileOp.getAfterArguments()[j], type);
    retypeResult(result, type);
    changed = true;
  }
  return changed;
}

/// scf.forall: a shared output takes the static dims proven for it (the
/// output's), with the output operand cast to them and the result retyped.
/// In the body, the parallel_insert_slice ops keep writing into the shared
/// output itself; every other user reads it through a cast back.
bool refineForallOutputs(scf::ForallOp forall, Refiner &refiner) {
  bool changed = false;
  for (auto [k, arg] : llvm::enumerate(forall.getRegionIterArgs())) {
    Type type = refiner.knownType(forall, arg);
    if (!isMoreStatic(type, arg.getType()))
      continue;
    OpOperand &out = forall.getOutputsMutable()[k];
    if (!tensor::CastOp::areCastCompatible(lookThrough(out.get()).getType(),
                                           type))
      continue;
    OpBuilder b(forall);
    out.set(castTo(b, forall.getLoc(), type, lookThrough(out.get())));
    Type old = arg.getType();
    arg.setType(type);
    b.setInsertionPointToStart(arg.getOwner());
    auto back = tensor::CastOp::create(b, arg.getLoc(), old, arg);
    arg.replaceUsesWithIf(back.getResult(), [&](OpOperand &use) {
      auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(use.getOwner());
      return use.getOwner() != back &&
             !(insert && &use == &insert.getDestMutable());
    });
    retypeResult(forall->getResult(k), type);
    changed = true;
  }
  return changed;
}

/// What one round's analysis of one function found: the ops to refine, with
/// the analysis and refiner that prepared them.
//===----------------------------------------------------------------------===//
// Refine patterns
//===----------------------------------------------------------------------===//

/// The rewriter of a refinement round. It carries to the patterns below
/// (which only this pass applies, through `applyUnit`) what the round's
/// analysis walk prepared and the list of the ops the round replaced.
class RefineRewriter : public PatternRewriter {
public:
  RefineRewriter(MLIRContext *context, Refiner &refiner, DeadOps &dead)
      : PatternRewriter(context), refiner(refiner), dead(dead) {}

  static RefineRewriter &of(PatternRewriter &rewriter) {
    return static_cast<RefineRewriter &>(rewriter);
  }

  Refiner &refiner;
  DeadOps &dead;
};

/// An `scf.if` whose condition the facts decided becomes its taken branch.
struct InlineDecidedIf : public OpRewritePattern<scf::IfOp> {
  InlineDecidedIf(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(scf::IfOp op,
                                PatternRewriter &rewriter) const override {
    return success(inlineDecidedIf(op, RefineRewriter::of(rewriter).dead));
  }
};

/// The results of an `scf.if` get the join of its branches' proven types.
struct RefineIfResults : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IfOp op,
                                PatternRewriter &rewriter) const override {
    return success(refineIfResults(op, RefineRewriter::of(rewriter).dead));
  }
};

/// A tensor an `scf.for` carries gets a more static type when every
/// iteration keeps its proven dims.
struct RefineForIterArgs : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp op,
                                PatternRewriter &rewriter) const override {
    return success(refineForIterArgs(op, RefineRewriter::of(rewriter).refiner));
  }
};

/// Likewise for the values an `scf.while` carries.
struct RefineWhileCarries : public OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp op,
                                PatternRewriter &rewriter) const override {
    return success(
        refineWhileCarries(op, RefineRewriter::of(rewriter).refiner));
  }
};

/// Likewise for the shared outputs of an `scf.forall`.
struct RefineForallOutputs : public OpRewritePattern<scf::ForallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForallOp op,
                                PatternRewriter &rewriter) const override {
    return success(
        refineForallOutputs(op, RefineRewriter::of(rewriter).refiner));
  }
};

/// Any other op is rebuilt with what was proven at it (its model's
/// `buildStaticReplacement`, or the rule for linalg ops on tensors), if the
/// replacement is better: a result more static or an operand read without a
/// cast, never a result less static. Its results are cast back for their
/// uses. It is tried last (benefit 0), after an op's own patterns; no model
/// of the scf ops rebuilds them.
struct RebuildMoreStatic : public RewritePattern {
  RebuildMoreStatic(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/0, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    RefineRewriter &state = RefineRewriter::of(rewriter);
    Operation *replacement = state.refiner.rebuild(rewriter, op);
    if (!replacement)
      return rewriter.notifyMatchFailure(op, "nothing more static to build");
    bool better = false, worse = false;
    for (auto [r, n] : llvm::zip(op->getResults(), replacement->getResults())) {
      better |= isMoreStatic(n.getType(), r.getType());
      worse |= !isAtLeastAsStatic(n.getType(), r.getType()) &&
               isa<RankedTensorType>(r.getType());
    }
    for (auto [o, n] : llvm::zip(op->getOperands(), replacement->getOperands()))
      better |=
          isa<RankedTensorType>(o.getType()) && o != n && lookThrough(o) != o;
    // Never leave invalid IR: a rebuild that does not verify is dropped
    // (quietly: the input is fine, only the attempt is not).
    bool valid = better && !worse && castsBackValid(op, replacement) &&
                 operandCastsValid(replacement);
    if (valid) {
      ScopedDiagnosticHandler quiet(op->getContext(),
                                    [](Diagnostic &) { return success(); });
      valid = succeeded(mlir::verify(replacement));
    }
    if (!valid) {
      rewriter.eraseOp(replacement);
      return rewriter.notifyMatchFailure(op, "the rebuild is not better");
    }
    replaceWithCasts(op, replacement, state.dead);
    return success();
  }
};

/// The refine patterns, frozen once per run of the pass.
FrozenRewritePatternSet refinePatterns(MLIRContext *context) {
  RewritePatternSet patterns(context);
  patterns.add<InlineDecidedIf, RefineIfResults, RefineForIterArgs,
               RefineWhileCarries, RefineForallOutputs, RebuildMoreStatic>(
      context);
  return FrozenRewritePatternSet(std::move(patterns));
}

/// Whether a pattern of `patterns` is written for `op` (a refinement
/// candidate even when none of its results is more static).
bool hasOwnPattern(const FrozenRewritePatternSet &patterns, Operation *op) {
  return patterns.getOpSpecificNativePatterns().count(op->getName());
}

struct UnitRefinement {
  std::unique_ptr<ShapeAnalysis> analysis;
  std::unique_ptr<Refiner> refiner;
  SmallVector<Operation *> candidates;
  std::vector<Obligation> obligations;
};

/// Analyses `unit` and prepares the refinement of its ops (and, on the last
/// round with `explain`, says why dims stay dynamic). Only reads the IR.
LogicalResult analyseUnit(Operation *unit, const SymbolTable *symbols,
                          const FrozenRewritePatternSet &patterns, bool explain,
                          bool lastRound, bool certifying,
                          UnitRefinement &out) {
  out.analysis = std::make_unique<ShapeAnalysis>(unit->getContext());
  ShapeAnalysis &analysis = *out.analysis;
  analysis.setSymbolTable(symbols);
  analysis.setLogStatedFacts(certifying);
  out.refiner = std::make_unique<Refiner>(
      analysis, certifying ? &out.obligations : nullptr);
  Refiner &refiner = *out.refiner;
  SmallVector<Operation *> &candidates = out.candidates;
  if (failed(analysis.run(unit, [&](Operation *op) {
        if (op->getNumResults() == 0)
          return;
        SmallVector<Type> proven = refiner.provenTypes(op);
        bool more = false;
        for (auto [r, t] : llvm::zip(op->getResults(), proven))
          more |= isMoreStatic(t, r.getType());
        // An operand that an earlier rebuild cast back is read directly.
        bool castOperand = llvm::any_of(op->getOperands(), [](Value v) {
          return isa<RankedTensorType>(v.getType()) && lookThrough(v) != v;
        });
        if (more || castOperand || hasOwnPattern(patterns, op)) {
          refiner.prepare(op);
          candidates.push_back(op);
        }
        if (!explain || !lastRound)
          return;
        // Remarks for the dims that stay dynamic, with what is known.
        for (auto [i, r] : llvm::enumerate(op->getResults())) {
          auto type = dyn_cast<RankedTensorType>(proven[i]);
          if (!type)
            continue;
          for (int64_t d = 0; d < type.getRank(); ++d) {
            if (!type.isDynamicDim(d))
              continue;
            Expr e = analysis.getSolver().simplify(analysis.getDimExpr(r, d));
            if (e && e.isConstant()) {
              op->emitRemark()
                  << "dim " << d << " of result " << i
                  << " stays dynamic: it is " << e.getConstantValue()
                  << ", and a static 0 dim is never introduced (the "
                     "standard lowering rejects slices and collapses of one)";
              continue;
            }
            op->emitRemark() << "dim " << d << " of result " << i
                             << " stays dynamic: " << analysis.describe(e)
                             << " is not proven constant (it is in "
                             << analysis.getSolver().getRange(e).str() << ")";
          }
        }
      })))
    return failure();
  if (candidates.empty()) {
    out.refiner.reset();
    out.analysis.reset();
  }
  return success();
}

/// Applies what `analyseUnit` prepared, by the refine patterns, to the
/// candidates in the order of the walk; true if the IR changed.
bool applyUnit(UnitRefinement &unit, const FrozenRewritePatternSet &patterns) {
  if (unit.candidates.empty())
    return false;
  SmallVector<Operation *> dead;
  PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  RefineRewriter rewriter(unit.candidates.front()->getContext(), *unit.refiner,
                          dead);
  bool changed = false;
  for (Operation *op : unit.candidates) {
    rewriter.setInsertionPoint(op);
    changed |= succeeded(applicator.matchAndRewrite(op, rewriter));
  }
  eraseDead(dead);
  unit.refiner.reset();
  unit.analysis.reset();
  return changed;
}

/// What a round changed.
struct RoundResult {
  /// One flag per function.
  SmallVector<char> changed;
  /// Whether a function that calls name changed: the analyses of its
  /// callers read its body.
  bool calledChanged = false;
};

/// One round over the functions of `root` marked in `dirty` (all if it is
/// empty), in call-graph order: chunks of functions are analysed in
/// parallel and refined in order, which bounds the analyses alive at once.
FailureOr<RoundResult> refineRound(Operation *root, ArrayRef<Operation *> units,
                                   const FrozenRewritePatternSet &patterns,
                                   ArrayRef<char> dirty, bool explain,
                                   bool lastRound,
                                   std::vector<Obligation> *obligations) {
  MLIRContext *ctx = root->getContext();
  // Functions are added (clones) only between rounds.
  std::unique_ptr<SymbolTable> symbols = moduleSymbolTable(root);
  CallOrder order = orderByCalls(root, units, symbols.get());
  auto isDirty = [&](size_t i) { return dirty.empty() || dirty[i]; };
  RoundResult result;
  SmallVector<char> &changed = result.changed;
  changed.assign(units.size(), 0);
  std::vector<std::vector<Obligation>> found(units.size());
  // Analyses the dirty functions of `group` in parallel, then refines them
  // in order.
  auto process = [&](ArrayRef<size_t> group) -> LogicalResult {
    SmallVector<size_t> batch;
    llvm::copy_if(group, std::back_inserter(batch), isDirty);
    SmallVector<UnitRefinement> work(batch.size());
    if (failed(forEachUnit(ctx, batch.size(), [&](size_t k) {
          return analyseUnit(units[batch[k]], symbols.get(), patterns, explain,
                             lastRound, obligations != nullptr, work[k]);
        })))
      return failure();
    for (auto [k, i] : llvm::enumerate(batch)) {
      changed[i] = applyUnit(work[k], patterns);
      found[i] = std::move(work[k].obligations);
    }
    return success();
  };
  // Callees before callers. Within a layer no analysis reads another
  // function of the layer, so a layer goes in chunks; functions on call
  // cycles (and their callers) are analysed together.
  constexpr size_t kChunk = 256;
  for (ArrayRef<size_t> layer : order.layers)
    for (size_t begin = 0; begin < layer.size(); begin += kChunk)
      if (failed(process(
              layer.slice(begin, std::min(kChunk, layer.size() - begin)))))
        return failure();
  if (failed(process(order.cyclic)))
    return failure();
  result.calledChanged =
      llvm::any_of(llvm::seq<size_t>(0, units.size()),
                   [&](size_t i) { return changed[i] && order.called[i]; });
  // Certificates in the order of the functions.
  if (obligations)
    for (std::vector<Obligation> &unit : found)
      for (Obligation &o : unit)
        obligations->push_back(std::move(o));
  return result;
}

/// Removes casts that cast a value to its own type, casts of casts, and
/// casts nothing uses any more. True if it changed anything.
bool cleanupCasts(Operation *root) {
  bool changed = false;
  root->walk([&](tensor::CastOp cast) {
    if (cast->use_empty()) {
      cast->erase();
      changed = true;
      return;
    }
    Value source = cast.getSource();
    // A chain merges only into a valid cast: 6 -> ? -> 7 (valid IR that
    // fails at run time) stays as written, never 6 -> 7.
    auto inner = source.getDefiningOp<tensor::CastOp>();
    if (inner && tensor::CastOp::areCastCompatible(inner.getSource().getType(),
                                                   cast.getType())) {
      cast.getSourceMutable().assign(inner.getSource());
      if (inner->use_empty())
        inner->erase();
      source = cast.getSource();
      changed = true;
    }
    if (source.getType() == cast.getType()) {
      cast.replaceAllUsesWith(source);
      cast->erase();
      changed = true;
    }
  });
  return changed;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

class SymShapeDynamicToStaticPass
    : public symshape::impl::SymShapeDynamicToStaticPassBase<
          SymShapeDynamicToStaticPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // bind=/profile= are symshape-specialize's, applied first.
    if (failed(specializeModule(module, bind, profile,
                                checks == CheckMode::Assert,
                                "symshape-dynamic-to-static")))
      return signalPassFailure();
    bool specialized = !bind.empty() || !profile.empty();
    // Unchanged IR keeps its analyses, and the pass manager skips verifying
    // it again.
    FailureOr<bool> refined = refine(module);
    if (succeeded(refined) && !specialized && !*refined)
      markAllAnalysesPreserved();
  }

  LogicalResult initialize(MLIRContext *context) override {
    patterns = refinePatterns(context);
    return success();
  }

private:
  FrozenRewritePatternSet patterns;

  /// Refines to a fixpoint (bounded by max-iterations); true if the IR
  /// changed.
  FailureOr<bool> refine(ModuleOp module) {
    bool refined = false;
    llvm::DenseSet<StringAttr> cloned;
    std::vector<Obligation> obligations;
    // What the next round analyses: every function at first, then those
    // the last round changed, or every function again after a change other
    // functions' analyses can see (the body of a called function, a clone,
    // a signature).
    bool all = true;
    llvm::DenseSet<Operation *> dirty;
    for (unsigned round = 0; round < maxIterations; ++round) {
      bool last = round + 1 == maxIterations;
      SmallVector<Operation *> units = analysisUnits(module);
      SmallVector<char> marks;
      if (!all)
        for (Operation *unit : units)
          marks.push_back(dirty.contains(unit));
      FailureOr<RoundResult> result =
          refineRound(module, units, patterns, marks, /*explain=*/false, last,
                      certify.empty() ? nullptr : &obligations);
      if (failed(result)) {
        signalPassFailure();
        return failure();
      }
      bool changed =
          llvm::any_of(result->changed, [](char c) { return c != 0; });
      bool visible = result->calledChanged;
      visible |= clonePerShape(module, maxClones, cloned);
      visible |= specializePrivateSignatures(module);
      // Removing casts alone does not call for another round. (Clones are
      // new functions; the units are listed again.)
      dirty.clear();
      for (auto [i, unit] : llvm::enumerate(units))
        if (result->changed[i])
          dirty.insert(unit);
      for (Operation *unit : analysisUnits(module)) {
        bool cleaned = cleanupCasts(unit);
        refined |= cleaned;
        if (cleaned)
          dirty.insert(unit);
      }
      refined |= changed || visible;
      if (!changed && !visible)
        break;
      all = visible;
    }
    if (explain)
      (void)refineRound(module, analysisUnits(module), patterns, {},
                        /*explain=*/true, /*lastRound=*/true, nullptr);
    if (!certify.empty() &&
        failed(writeObligations(module.getContext(), obligations, certify,
                                certifyAppend))) {
      signalPassFailure();
      return failure();
    }
    return refined;
  }
};

} // namespace
