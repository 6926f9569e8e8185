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
// untouched. Public signatures stay (casts at the boundary); private
// functions that only calls use get the shapes of their calls
// (RefineSignatures.cpp). Rounds repeat to a fixpoint. How scf control flow
// is refined: RefineControlFlow.cpp.
//
// User assumptions (bind=, profile=; Specialize.cpp, symshape-specialize)
// are applied first: checked at the entry with cf.assert (checks=assert),
// then used as facts.
//
//===----------------------------------------------------------------------===//

#include "ApplyInOrder.h"
#include "Certify.h"
#include "FailingChecks.h"
#include "Refine.h"
#include "Specialize.h"
#include "Units.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeOps.h"
#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Patterns.h"

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
#include "llvm/ADT/MapVector.h"
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
    // (scf.for's iteration arguments, scf.while's 'before' arguments,
    // scf.forall's shared outputs.)
    if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
      for (Value arg : loop.getRegionIterArgs())
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
  /// or nullptr: the op's model says how (tensor ops), a linalg op on
  /// tensors is cloned with refined operands, its results taking the types
  /// of their inits (as the analysis gives them their inits' dims), and an
  /// elementwise op on tensors (arith, math) with refined operands and its
  /// proven result types (the analysis gives it its operands' dims).
  Operation *rebuild(OpBuilder &b, Operation *op) {
    auto it = known.find(op);
    if (it == known.end())
      return nullptr;
    current = &it->second;
    if (auto rebuildable = dyn_cast<StaticRebuildOpInterface>(op))
      if (Operation *replacement = rebuildable.buildStaticReplacement(b, *this))
        return replacement;
    if (isElementwiseOnTensors(op))
      return rebuildElementwise(b, op);
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!dps || !linalgOp || dps.hasPureBufferSemantics() ||
        !loopSizesAgree(linalgOp))
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
  /// False if the proven types of the operands of `op` give one of its
  /// loops two different static sizes (the program is undefined there, and
  /// a clone with those types would not verify). Only dims indexed by a
  /// loop alone are compared; the verifier still checks the rest
  /// (`RebuildMoreStatic`).
  bool loopSizesAgree(linalg::LinalgOp op) {
    SmallVector<int64_t> loops(op.getNumLoops(), ShapedType::kDynamic);
    for (OpOperand &operand : op->getOpOperands()) {
      auto type =
          dyn_cast<RankedTensorType>(getProvenType(lookThrough(operand.get())));
      if (!type)
        continue;
      AffineMap map = op.getMatchingIndexingMap(&operand);
      for (auto [d, result] : llvm::enumerate(map.getResults())) {
        auto loop = dyn_cast<AffineDimExpr>(result);
        if (!loop || type.isDynamicDim(d))
          continue;
        int64_t &size = loops[loop.getPosition()];
        if (!ShapedType::isDynamic(size) && size != type.getDimSize(d))
          return false;
        size = type.getDimSize(d);
      }
    }
    return true;
  }

  /// An elementwise op on tensors only (`isElementwiseOnTensors`): its
  /// operands and results all have one shape (or the program is undefined),
  /// so each dim is static where any of them is proven static, and every
  /// operand is cast to that shape (ops such as arith.addf require one type
  /// for all).
  Operation *rebuildElementwise(OpBuilder &b, Operation *op) {
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<int64_t> shape(resultType.getShape());
    auto merge = [&](Type t) {
      if (auto ranked = dyn_cast<RankedTensorType>(t))
        for (auto [d, size] : llvm::enumerate(ranked.getShape()))
          if (ShapedType::isDynamic(shape[d]))
            shape[d] = size;
    };
    SmallVector<Value> sources;
    for (Value v : op->getOperands()) {
      Value source = lookThrough(v);
      sources.push_back(source);
      merge(getProvenType(source));
    }
    for (Value r : op->getResults())
      merge(getProvenType(r));
    SmallVector<Value> operands;
    for (Value source : sources) {
      auto type = cast<RankedTensorType>(source.getType());
      if (type.getShape() != ArrayRef<int64_t>(shape))
        source = tensor::CastOp::create(b, source.getLoc(), type.clone(shape),
                                        source);
      operands.push_back(source);
    }
    SmallVector<Type> resultTypes;
    for (Value r : op->getResults())
      resultTypes.push_back(cast<RankedTensorType>(r.getType()).clone(shape));
    return mlir::clone(b, op, resultTypes, operands);
  }

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

//===----------------------------------------------------------------------===//
// Refine patterns
//===----------------------------------------------------------------------===//

/// What the refine patterns of a round work with: what its analysis walk
/// prepared, and the list of the ops it replaced (erased at its end). Each
/// pattern is built with it.
struct RefineState {
  Refiner &refiner;
  DeadOps &dead;
};

/// An `scf.if` whose condition the facts decided becomes its taken branch.
struct InlineDecidedIf : public OpRewritePattern<scf::IfOp> {
  InlineDecidedIf(MLIRContext *context, RefineState &state)
      : OpRewritePattern(context, /*benefit=*/2), state(state) {}
  LogicalResult matchAndRewrite(scf::IfOp op,
                                PatternRewriter &rewriter) const override {
    return success(inlineDecidedIf(rewriter, op, state.dead));
  }

private:
  RefineState &state;
};

/// The results of an `scf.if` get the join of its branches' proven types.
struct RefineIfResults : public OpRewritePattern<scf::IfOp> {
  RefineIfResults(MLIRContext *context, RefineState &state)
      : OpRewritePattern(context), state(state) {}
  LogicalResult matchAndRewrite(scf::IfOp op,
                                PatternRewriter &rewriter) const override {
    return success(refineIfResults(rewriter, op, state.dead));
  }

private:
  RefineState &state;
};

/// The values a loop carries (`Refine`: an scf.for's iter args, an
/// scf.while's carried values, an scf.forall's shared outputs; see
/// Refine.h) get the types proven for them at the loop.
template <typename LoopOp, bool (*Refine)(RewriterBase &, LoopOp, KnownTypeFn)>
struct RefineCarried : public OpRewritePattern<LoopOp> {
  RefineCarried(MLIRContext *context, RefineState &state)
      : OpRewritePattern<LoopOp>(context), state(state) {}
  LogicalResult matchAndRewrite(LoopOp op,
                                PatternRewriter &rewriter) const override {
    return success(Refine(
        rewriter, op, [&](Value v) { return state.refiner.knownType(op, v); }));
  }

private:
  RefineState &state;
};

/// Any other op is rebuilt with what was proven at it (its model's
/// `buildStaticReplacement`, or the rule for linalg ops on tensors), if the
/// replacement is better: a result more static or an operand read without a
/// cast, never a result less static. Its results are cast back for their
/// uses. It is tried last (benefit 0), after an op's own patterns; no model
/// of the scf ops rebuilds them.
struct RebuildMoreStatic : public RewritePattern {
  RebuildMoreStatic(MLIRContext *context, RefineState &state)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/0, context),
        state(state) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
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
    // Never leave invalid IR. Rebuilds check what the verifier would
    // reject before they build (the models, `loopSizesAgree`); a rebuild
    // that does not verify all the same (a downstream model, a linalg map
    // that is not a projection) is dropped quietly: the input is fine, only
    // the attempt is not.
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
    replaceWithCasts(rewriter, op, replacement, state.dead);
    return success();
  }

private:
  RefineState &state;
};

/// The op an OpRewritePattern is written for.
template <typename OpTy> OpTy sourceOpOf(const OpRewritePattern<OpTy> *);
template <typename Pattern>
using SourceOpOf = decltype(sourceOpOf(std::declval<Pattern *>()));

/// Refine patterns written for one op each, built with a round's state.
template <typename... Patterns> struct OpPatterns {
  static void add(RewritePatternSet &set, RefineState &state) {
    set.add<Patterns...>(set.getContext(), state);
  }
  /// Whether one of the patterns is written for `op`.
  static bool match(Operation *op) { return isa<SourceOpOf<Patterns>...>(op); }
};

/// The patterns of the ops that are refinement candidates even when none of
/// their results is more static.
using OwnPatterns =
    OpPatterns<InlineDecidedIf, RefineIfResults,
               RefineCarried<scf::ForOp, refineForIterArgs>,
               RefineCarried<scf::WhileOp, refineWhileCarries>,
               RefineCarried<scf::ForallOp, refineForallOutputs>>;

/// The refine patterns of a round, built with its state.
void populateRefinePatterns(RewritePatternSet &patterns, RefineState &state) {
  OwnPatterns::add(patterns, state);
  patterns.add<RebuildMoreStatic>(patterns.getContext(), state);
}

/// Whether a refine pattern is written for `op`.
bool hasOwnPattern(Operation *op) { return OwnPatterns::match(op); }

struct UnitRefinement {
  std::unique_ptr<ShapeAnalysis> analysis;
  std::unique_ptr<Refiner> refiner;
  SmallVector<Operation *> candidates;
  std::vector<Obligation> obligations;
  /// Ops whose shapes the facts make disagree: a check that always fails
  /// goes before each.
  SmallVector<Operation *> abortAt;
};

/// How much `explain` says of the dims that stay dynamic.
enum class Explain { None, PerFunction, PerDim };

/// Analyses `unit` and prepares the refinement of its ops (and, on the last
/// round with `explain`, says why dims stay dynamic). Only reads the IR.
LogicalResult analyseUnit(Operation *unit, const SymbolTable *symbols,
                          Explain explain, bool lastRound, bool certifying,
                          bool abortUndefined, UnitRefinement &out) {
  // The symbols dims stay dynamic in, each with its range where first met
  // (under the facts that hold there).
  llvm::MapVector<unsigned, std::string> staySymbolic;
  ShapeAnalysisConfig config;
  config.symbols = symbols;
  config.logStatedFacts = certifying;
  out.analysis = std::make_unique<ShapeAnalysis>(unit->getContext(), config);
  ShapeAnalysis &analysis = *out.analysis;
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
        if (more || castOperand || hasOwnPattern(op)) {
          refiner.prepare(op);
          candidates.push_back(op);
        }
        if (explain == Explain::None || !lastRound)
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
              emitRemark(op->getLoc())
                  << "dim " << d << " of result " << i
                  << " stays dynamic: it is " << e.getConstantValue()
                  << ", and a static 0 dim is never introduced (the "
                     "standard lowering rejects slices and collapses of one)";
              continue;
            }
            if (explain == Explain::PerFunction) {
              if (e)
                for (unsigned pos : e.getSymbolsUsed())
                  if (!staySymbolic.count(pos))
                    staySymbolic[pos] =
                        analysis.getSolver()
                            .getRange(analysis.getExprContext().getSymbol(pos))
                            .str();
              continue;
            }
            emitRemark(op->getLoc())
                << "dim " << d << " of result " << i
                << " stays dynamic: " << analysis.describe(e)
                << " is not proven constant (it is in "
                << analysis.getSolver().getRange(e).str() << ")";
          }
        }
      })))
    return failure();
  if (Operation *aborting = analysis.getAbortingOp()) {
    // Under the facts the function cannot return (a profile's version for
    // sizes at which the program cannot run): what the walk prepared before
    // the point may retype values that ops after it contradict, and those
    // lower to invalid copies. The unit is left as it is.
    if (explain != Explain::None && lastRound)
      emitRemark(aborting->getLoc())
          << "left as it is: under the facts here this '" << aborting->getName()
          << "' cannot complete (a check that always fails, or shapes that "
             "cannot agree), so no dim is refined";
    candidates.clear();
    // Under bind= or profile=, an op whose shapes cannot agree (not a
    // check) makes the version undefined wherever it runs: it aborts there
    // instead, and symshape-simplify trims what follows (MLIR's folders
    // build invalid ops, or crash, on such code). The user's own undefined
    // code is left as written.
    if (abortUndefined && !isa<cf::AssertOp>(aborting))
      out.abortAt.push_back(aborting);
  }
  if (!staySymbolic.empty()) {
    // Once per function: the symbols its dynamic dims are made of, and
    // what is known of them.
    InFlightDiagnostic remark = emitRemark(unit->getLoc());
    SmallVector<std::string> names, ranges;
    for (auto &[pos, range] : staySymbolic) {
      names.push_back(analysis.getSymbolName(pos));
      ranges.push_back(analysis.getSymbolName(pos) + " in " + range);
    }
    remark << llvm::join(names, ", ")
           << (names.size() == 1 ? " stays" : " stay") << " symbolic ("
           << llvm::join(ranges, ", ") << "): no fact or binding makes "
           << (names.size() == 1 ? "it" : "them")
           << " constant; bind= or profile= would (explain-all lists every "
              "dim)";
  }
  if (candidates.empty()) {
    out.refiner.reset();
    out.analysis.reset();
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// DynamicToStaticRound
//===----------------------------------------------------------------------===//

struct symshape::DynamicToStaticRound::Impl {
  UnitRefinement unit;
  SmallVector<Operation *> dead;
  std::unique_ptr<RefineState> state;
};

DynamicToStaticRound::DynamicToStaticRound(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}

DynamicToStaticRound::~DynamicToStaticRound() = default;

FailureOr<std::unique_ptr<DynamicToStaticRound>>
DynamicToStaticRound::analyse(Operation *unit, const SymbolTable *symbols) {
  auto impl = std::make_unique<Impl>();
  if (failed(analyseUnit(unit, symbols, Explain::None, /*lastRound=*/false,
                         /*certifying=*/false, /*abortUndefined=*/false,
                         impl->unit)))
    return failure();
  return std::make_unique<DynamicToStaticRound>(std::move(impl));
}

ArrayRef<Operation *> DynamicToStaticRound::getOps() const {
  return impl->unit.candidates;
}

void DynamicToStaticRound::populatePatterns(RewritePatternSet &patterns) {
  if (!impl->unit.refiner)
    return;
  if (!impl->state)
    impl->state = std::make_unique<RefineState>(
        RefineState{*impl->unit.refiner, impl->dead});
  populateRefinePatterns(patterns, *impl->state);
}

void DynamicToStaticRound::eraseReplacedOps() {
  eraseDead(impl->dead);
  impl->dead.clear();
}

bool DynamicToStaticRound::apply() {
  if (impl->unit.candidates.empty())
    return false;
  PatternRewriter rewriter(impl->unit.candidates.front()->getContext());
  bool changed = applyInOrder(
      impl->unit.candidates,
      [&](RewritePatternSet &set) { populatePatterns(set); }, rewriter);
  eraseReplacedOps();
  impl->state.reset();
  impl->unit.refiner.reset();
  impl->unit.analysis.reset();
  return changed;
}

namespace {

/// Applies what `analyseUnit` prepared, by the refine patterns, to the
/// candidates in the order of the walk; true if the IR changed.
bool applyUnit(UnitRefinement &unit) {
  for (Operation *op : unit.abortAt) {
    OpBuilder b(op);
    insertFailingCheck(b, op->getLoc(),
                       "symshape: '" + op->getName().getStringRef() +
                           "' cannot run here: under the facts its shapes "
                           "cannot agree (the program is undefined here)");
  }
  bool aborts = !unit.abortAt.empty();
  unit.abortAt.clear();
  if (unit.candidates.empty())
    return aborts;
  // The certificates (stated during the walk) stay with the caller.
  std::vector<Obligation> obligations = std::move(unit.obligations);
  auto impl = std::make_unique<DynamicToStaticRound::Impl>();
  impl->unit = std::move(unit);
  bool changed = DynamicToStaticRound(std::move(impl)).apply();
  unit.obligations = std::move(obligations);
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
                                   ArrayRef<char> dirty, Explain explain,
                                   bool lastRound,
                                   std::vector<Obligation> *obligations,
                                   bool abortUndefined) {
  MLIRContext *ctx = root->getContext();
  // Functions are added (clones) only between rounds.
  std::unique_ptr<SymbolTable> symbols = moduleSymbolTable(root);
  CallOrder order = orderByCalls(root, units);
  auto isDirty = [&](size_t i) { return dirty.empty() || dirty[i]; };
  RoundResult result;
  SmallVector<char> &changed = result.changed;
  changed.assign(units.size(), 0);
  std::vector<std::vector<Obligation>> found(units.size());
  std::vector<UnitRefinement> work(units.size());
  // Callees before callers. The dirty functions of a batch are analysed in
  // parallel, then refined in order (a refinement may add clones to the
  // module). Within a layer no analysis reads another function of the
  // layer, so a layer goes in batches, which bounds the analyses alive at
  // once; the functions of a call cycle are analysed together.
  CallOrderConfig config;
  config.parallelApply = false;
  config.maxBatch = 256;
  UnitSteps steps;
  auto analyse = [&](size_t i, unsigned) {
    if (!isDirty(i))
      return success();
    return analyseUnit(units[i], symbols.get(), explain, lastRound,
                       obligations != nullptr, abortUndefined, work[i]);
  };
  auto apply = [&](size_t i, unsigned) -> FailureOr<bool> {
    if (!isDirty(i))
      return false;
    UnitRefinement done = std::move(work[i]);
    changed[i] = applyUnit(done);
    found[i] = std::move(done.obligations);
    return false;
  };
  steps.analyse = analyse;
  steps.apply = apply;
  if (failed(runInCallOrder(ctx, order, config, steps)))
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

/// True if every static dim of `middle` is static in `from` or in `to`: a
/// cast chain from -> middle -> to merged into from -> to loses nothing.
bool keepsMiddleDims(Type from, Type middle, Type to) {
  auto isStatic = [](Type t, int64_t d) {
    auto ranked = dyn_cast<RankedTensorType>(t);
    return ranked && !ranked.isDynamicDim(d);
  };
  auto m = dyn_cast<RankedTensorType>(middle);
  for (int64_t d = 0; m && d < m.getRank(); ++d)
    if (!m.isDynamicDim(d) && !isStatic(from, d) && !isStatic(to, d))
      return false;
  return true;
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
    // fails at run time) stays as written, never 6 -> 7. Nor does it drop a
    // static dim of the middle type that neither end has: ? -> 3 -> ? (what
    // a binding leaves for the code after it) says that the dim is 3.
    auto inner = source.getDefiningOp<tensor::CastOp>();
    if (inner &&
        tensor::CastOp::areCastCompatible(inner.getSource().getType(),
                                          cast.getType()) &&
        keepsMiddleDims(inner.getSource().getType(), inner.getType(),
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

private:
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
          refineRound(module, units, marks, Explain::None, last,
                      certify.empty() ? nullptr : &obligations,
                      /*abortUndefined=*/!bind.empty() || !profile.empty());
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
    if (explain || explainAll)
      (void)refineRound(module, analysisUnits(module), {},
                        explainAll ? Explain::PerDim : Explain::PerFunction,
                        /*lastRound=*/true, nullptr, /*abortUndefined=*/false);
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
