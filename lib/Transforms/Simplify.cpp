//===- Simplify.cpp - symshape-simplify -----------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Each round runs the shape analysis once over a function and collects one
// decision per op from the facts that hold before it: that is the round's
// proof snapshot. Rewrite patterns, one per kind of decision, built with
// the snapshot, then apply the decisions in the order they were taken. Rounds
// repeat while a round's rewrites may enable another decision
// (mayEnableDecisions). Functions are simplified in parallel (see Units.h
// for which ones share rounds).
//
//===----------------------------------------------------------------------===//

#include "../Analysis/TestHooks.h"
#include "ApplyInOrder.h"
#include "Certify.h"
#include "FailingChecks.h"
#include "Units.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeOps.h"
#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Patterns.h"
#include "symshape/Transforms/Report.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Debug.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPESIMPLIFYPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

#define DEBUG_TYPE "symshape-simplify"

namespace {

/// What to do with one op.
struct Decision {
  enum class Kind {
    /// Replace the result by an existing value.
    UseValue,
    /// Replace the result by a constant.
    Constant,
    /// Replace the result by IR computing `expr`.
    Materialize,
    /// A constrain_range implied by earlier facts: forward its operand and
    /// erase it.
    EraseFact,
  };
  Operation *op;
  Kind kind;
  Value value;
  int64_t constant = 0;
  Expr expr;
  /// With `explain`: why a max/min was decided, emitted once the rewrite
  /// has happened (the facts it cites hold only during the walk).
  std::string remark = {};
  /// Taken under the facts of the value's only use (a select's condition):
  /// the replacement is equal to the value there only, so it never stands
  /// for the value elsewhere (another decision that uses the value keeps
  /// it).
  bool local = false;
};

/// How the pass may replace `op`'s result (its model says).
ResultRewrite resultRewrite(Operation *op) {
  auto rewrite = dyn_cast<ShapeRewriteOpInterface>(op);
  return rewrite ? rewrite.getResultRewrite() : ResultRewrite::None;
}

/// Whether `op` computes a max or a min.
Extremum extremum(Operation *op) {
  auto rewrite = dyn_cast<ShapeRewriteOpInterface>(op);
  return rewrite ? rewrite.getExtremum() : Extremum::None;
}

/// What computing an expression costs, in floordiv, ceildiv, mod, max and
/// min operations (a max or min of k operands is k - 1 of them), counted
/// over the expression's tree and memoized per expression (saturating: a
/// DAG can denote an exponentially large tree). Recomputing a value is worth
/// it only when its simplified form costs less than what the op computes
/// from its simplified operands; a flat max(d1, ..., dk) costs what the k - 1
/// ops written for it cost, so it is never rebuilt.
class ExprCost {
public:
  uint64_t operator()(Expr e) {
    if (!e || e.isConstant() || e.isSymbol())
      return 0;
    auto it = memo.find(e);
    if (it != memo.end())
      return it->second;
    uint64_t c = saturatingAdd(ownCost(e), operandCost(e));
    memo[e] = c;
    return c;
  }

  /// The cost of what `op` computes from its operands' simplified values.
  /// An operand used twice is computed once (`addi %q, %q` costs what `%q`
  /// costs, not twice that).
  uint64_t written(ShapeAnalysis &analysis, Operation *op) {
    uint64_t n = 0;
    llvm::SmallDenseSet<Value, 4> seen;
    for (Value operand : op->getOperands()) {
      if (!seen.insert(operand).second)
        continue;
      n = saturatingAdd(
          n, (*this)(analysis.getSolver().simplify(analysis.getExpr(operand))));
    }
    if (auto apply = dyn_cast<ApplyOp>(op))
      return saturatingAdd(n, (*this)(apply.getExpr().getValue()));
    if (auto rewrite = dyn_cast<ShapeRewriteOpInterface>(op))
      return saturatingAdd(n, rewrite.getOwnCost());
    return n;
  }

private:
  static uint64_t saturatingAdd(uint64_t a, uint64_t b) {
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
  }
  static uint64_t ownCost(Expr e) {
    if (!e.isNonPolynomialAtom())
      return 0;
    if (e.getKind() == ExprKind::Max || e.getKind() == ExprKind::Min)
      return e.getOperands().size() - 1;
    return 1;
  }
  uint64_t operandCost(Expr e) {
    uint64_t c = 0;
    for (Expr op : e.getOperands())
      c = saturatingAdd(c, (*this)(op));
    return c;
  }

  llvm::DenseMap<Expr, uint64_t> memo;
};

bool isMaxMin(Operation *op) { return extremum(op) != Extremum::None; }

/// A remark saying why a max/min is kept.
void explainKept(ShapeAnalysis &analysis, Operation *op) {
  Expr e = analysis.getSolver().normalize(analysis.getExpr(op->getResult(0)));
  if (!e)
    return;
  emitRemark(op->getLoc()) << "kept " << analysis.describe(e)
                           << ": no operand is proven to be the "
                           << (extremum(op) == Extremum::Max ? "largest"
                                                             : "smallest");
}

/// What condition `cond` states, as relations of integers joined by "and"
/// and "or" ("n mod 2 == 0"), with the expressions it relates added to
/// `exprs`; false if some part of it is not such a relation.
bool describeCondition(ShapeAnalysis &analysis, Value cond,
                       llvm::raw_ostream &os, SmallVectorImpl<Expr> &exprs,
                       unsigned depth = 0) {
  Operation *def = cond.getDefiningOp();
  if (!def || depth > 4)
    return false;
  if (isa<arith::AndIOp, arith::OrIOp>(def)) {
    os << (depth ? "(" : "");
    if (!describeCondition(analysis, def->getOperand(0), os, exprs, depth + 1))
      return false;
    os << (isa<arith::AndIOp>(def) ? " and " : " or ");
    if (!describeCondition(analysis, def->getOperand(1), os, exprs, depth + 1))
      return false;
    os << (depth ? ")" : "");
    return true;
  }
  std::optional<Comparison> comparison =
      analysis.getCondition(cond, /*isTrue=*/true).comparison;
  if (!comparison)
    return false;
  std::optional<Relation> r = comparison->toRelation();
  os << describeRelation(analysis, *r);
  exprs.push_back(r->lhs);
  exprs.push_back(r->rhs);
  return true;
}

/// Why a check stays, with the facts that hold at it: what its condition
/// states and the ranges of the symbols it uses.
std::string describeUndecidedCheck(ShapeAnalysis &analysis,
                                   cf::AssertOp check) {
  std::string condition;
  llvm::raw_string_ostream os(condition);
  SmallVector<Expr> exprs;
  if (!describeCondition(analysis, check.getArg(), os, exprs))
    return "its condition is not a comparison of integers";
  std::string ranges = analysis.describeSymbolRanges(exprs);
  return "not proven: " + condition +
         (ranges.empty() ? "" : " (" + ranges + ")");
}

/// Why a max/min stays, with the facts that hold at it: its operands and
/// the ranges of the symbols they use.
std::string describeUndecidedExtremum(ShapeAnalysis &analysis, Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "no operand proven the "
     << (extremum(op) == Extremum::Max ? "largest" : "smallest") << " of ";
  SmallVector<Expr> exprs;
  for (Value operand : op->getOperands()) {
    Expr e = analysis.getExpr(operand);
    os << (exprs.empty() ? "" : ", ") << analysis.describe(e);
    if (e)
      exprs.push_back(e);
  }
  std::string ranges = analysis.describeSymbolRanges(exprs);
  if (!ranges.empty())
    os << " (" << ranges << ")";
  return text;
}

/// The text of a remark saying why a max/min is decided, with the facts
/// that hold at it.
std::string explainDecided(ShapeAnalysis &analysis, Operation *op) {
  Solver &solver = analysis.getSolver();
  Expr e = solver.normalize(analysis.getExpr(op->getResult(0)));
  std::string text;
  llvm::raw_string_ostream os(text);
  Expr a, b;
  if (op->getNumOperands() == 2) {
    a = analysis.getExpr(op->getOperand(0));
    b = analysis.getExpr(op->getOperand(1));
  }
  // Two operands with one value: the expression of the op is that value,
  // which says nothing of what was decided.
  if (a && b && solver.normalize(a) == solver.normalize(b)) {
    os << "decided " << (extremum(op) == Extremum::Max ? "max" : "min") << "("
       << analysis.describe(a) << ", " << analysis.describe(b)
       << ") = " << analysis.describe(a) << ": its operands are equal";
    return text;
  }
  os << "decided " << analysis.describe(e) << " = "
     << analysis.describe(solver.simplify(e));
  if (op->getNumOperands() == 2) {
    if (solver.proveLE(a, b) == Verdict::True)
      os << ": proven " << analysis.describe(a)
         << " <= " << analysis.describe(b);
    else if (solver.proveLE(b, a) == Verdict::True)
      os << ": proven " << analysis.describe(b)
         << " <= " << analysis.describe(a);
  }
  return text;
}

/// Whether `result`, an integer narrower than 64 bits, is cast back to a
/// wider type by one of its users (`index_cast(... : i32 to index)`).
bool isCastToWider(Value result) {
  unsigned width = bitWidth(result.getType());
  return width < 64 &&
         llvm::any_of(
             result.getUsers(),
             [&](Operation *user) {
               return isa<arith::IndexCastOp, arith::IndexCastUIOp>(user) &&
                      bitWidth(user->getResult(0).getType()) > width;
             });
}

/// Whether replacing the value `d` decides for by what `d` gives would put
/// a narrowing `index_cast` right before a cast back to the wider type:
/// MLIR folds such a round trip to its source (in symshape-cleanup and in
/// the standard lowering's canonicalization), dropping the truncation (with
/// 2^40 + 4 in i32, the program computed 2^40 + 4 for 4). The decision is
/// right; it is not applied, so that the fold has nothing to fold. A value
/// recomputed in the narrow type may end in such a cast too.
bool exposesCastRoundTrip(const Decision &d) {
  if (d.kind != Decision::Kind::UseValue &&
      d.kind != Decision::Kind::Materialize)
    return false;
  if (!isCastToWider(d.op->getResult(0)))
    return false;
  if (d.kind == Decision::Kind::Materialize)
    return true;
  Operation *def = d.value.getDefiningOp();
  return isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(def) &&
         bitWidth(def->getOperand(0).getType()) > bitWidth(d.value.getType());
}

std::optional<Decision> decideOp(ShapeAnalysis &analysis, ExprCost &cost,
                                 Operation *op) {
  Solver &solver = analysis.getSolver();
  if (auto constrain = dyn_cast<ConstrainRangeOp>(op)) {
    // The facts seen here are those before the op: it is redundant only if
    // they already imply it.
    RangeAttr range = constrain.getRange();
    if (isImpliedRange(solver, analysis.getExpr(constrain.getValue()),
                       Interval(range.getLo(), range.getHi()),
                       constrain.getDivisor()))
      return Decision{op, Decision::Kind::EraseFact, Value(), 0, Expr()};
    return std::nullopt;
  }
  if (op->getNumResults() != 1)
    return std::nullopt;
  if (op->getResult(0).getType().isInteger(1)) {
    // A condition: a comparison decided by the facts.
    Verdict v = analysis.decideCondition(op->getResult(0));
    if (v == Verdict::Unknown)
      return std::nullopt;
    return Decision{op, Decision::Kind::Constant, Value(),
                    v == Verdict::True ? 1 : 0, Expr()};
  }
  ResultRewrite rewrite = resultRewrite(op);
  bool valueCandidate = rewrite == ResultRewrite::Recompute;
  if (rewrite == ResultRewrite::None)
    return std::nullopt;
  Value result = op->getResult(0);
  Expr e = analysis.getExpr(result);
  if (!e)
    return std::nullopt;
  Expr s = solver.simplify(e);
  if (std::optional<int64_t> c = s.getConstantOrNone())
    return Decision{op, Decision::Kind::Constant, Value(), *c, Expr()};
  if (!valueCandidate)
    return std::nullopt;
  if (Value v = analysis.findAvailableValue(s, result.getType(), result))
    return Decision{op, Decision::Kind::UseValue, v, 0, Expr()};
  // A result the analysis cannot see through is its own opaque symbol:
  // recomputing it would give the result itself (a rewrite that changes
  // nothing and a certificate claiming X == X).
  if (s.isSymbol() &&
      analysis.getSymbolInfo(s.getSymbolPosition()).value == result)
    return std::nullopt;
  // Recompute only what is strictly simpler than what the op computes from
  // its operands: fewer divisions, mods, maxes and mins.
  if (cost(s) < cost.written(analysis, op))
    return Decision{op, Decision::Kind::Materialize, Value(), 0, s};
  return std::nullopt;
}

std::optional<Decision> decide(ShapeAnalysis &analysis, ExprCost &cost,
                               Operation *op, bool explain) {
  std::optional<Decision> d = decideOp(analysis, cost, op);
  if (d && exposesCastRoundTrip(*d))
    d.reset();
  // Likewise inside a recomputation: a narrow value that a narrowing cast
  // made, widened again (ShapeAnalysis::materialize would refuse it).
  if (d && d->kind == Decision::Kind::Materialize &&
      analysis.widensNarrowedValue(d->expr, op->getResult(0).getType()))
    d.reset();
  // Under the facts of the value's only use (a select's condition), the
  // value may be replaced, never recomputed: a recomputation would run
  // whatever the condition.
  if (d && analysis.isUnderOperandFacts()) {
    if (d->kind != Decision::Kind::Constant &&
        d->kind != Decision::Kind::UseValue)
      d.reset();
    else
      d->local = true;
  }
  if (d && explain && isMaxMin(op))
    d->remark = explainDecided(analysis, op);
  return d;
}

/// Whether `user` sees an operand that a decision replaces only through the
/// operand's expression: integer arithmetic, comparisons, checks, returns,
/// the dialect's size ops, and the sizes, offsets and strides of empty
/// tensors and slices. Any other op may read more of the operand: a select
/// its constant condition or the comparison that defines it, a dim its
/// constant index, a reshape the elements of its shape, a branch or a loop
/// its constant condition or bound.
bool seesOnlyExpression(Operation *user) {
  if (isa<cf::AssertOp, func::ReturnOp, arith::CmpIOp, ApplyOp, SymMaxOp,
          SymMinOp, ConstrainRangeOp, tensor::EmptyOp, tensor::ExtractSliceOp,
          tensor::InsertSliceOp>(user))
    return true;
  if (!isa<arith::ArithDialect>(user->getDialect()) ||
      isa<arith::SelectOp>(user))
    return false;
  return llvm::all_of(user->getResultTypes(), [](Type t) {
    return t.isIndex() || (t.isSignlessInteger() && !t.isInteger(1));
  });
}

/// Whether applying `d` may let another round of the same function decide
/// more. A recomputation writes new ops, which a new analysis may find equal
/// to values already there. An integer replaced by a constant: the next
/// round builds its users' expressions from the constant, and simplifying
/// `n - c` finds more than simplifying `n - x` where only `x` alone was
/// proven `c` (simplification is not congruent). A replacement may change
/// what an op that reads more than its operands' expressions computes
/// (seesOnlyExpression). Otherwise (a value replaced by an equal one, a
/// condition decided for checks only, a fact erased) the users see an
/// operand whose expression simplifies to what the replaced one's did, and
/// the next round is taken to decide nothing more. That is a judgement, not
/// a proof: docs/Performance.md says what it was measured on. Stopping
/// early is sound whatever happens: it leaves IR as it is.
bool mayEnableDecisions(const Decision &d) {
  if (d.kind == Decision::Kind::Materialize ||
      (d.kind == Decision::Kind::Constant &&
       !d.op->getResult(0).getType().isInteger(1)))
    return true;
  return !llvm::all_of(d.op->getResult(0).getUsers(), seesOnlyExpression);
}

/// Whether `use` gives the extent of a dim of the op's shaped result (a slice
/// size, a dynamic size of an empty tensor or an allocation, an expand's
/// output shape). Upstream canonicalization folds a constant there into the
/// result type, and a static 0 dim is a form MLIR's standard lowering
/// rejects in several places (a slice at the end of a dim, a concat, a
/// collapse): the pass never creates one, like dynamic-to-static.
bool isExtentUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto slice = dyn_cast<OffsetSizeAndStrideOpInterface>(user))
    return llvm::is_contained(slice.getSizes(), use.get());
  auto rewrite = dyn_cast<ShapeRewriteOpInterface>(user);
  return rewrite && rewrite.isExtentOperand(use.getOperandNumber());
}

/// The proof snapshot of one round: the decision taken at each op from the
/// facts that held there during the analysis walk, which the rewrite
/// patterns below read (the facts themselves hold only during the walk).
struct Snapshot {
  explicit Snapshot(ShapeAnalysis &analysis) : analysis(analysis) {}

  ShapeAnalysis &analysis;
  llvm::DenseMap<Operation *, const Decision *> decisions;
  /// The values a rewrite replaced and their replacements: a later decision
  /// to use a replaced value uses its replacement.
  llvm::DenseMap<Value, Value> replaced;
  /// Ops whose result lost its uses, erased at the end if dead.
  SmallVector<Operation *> maybeDead;

  Value resolve(Value v) const {
    for (auto it = replaced.find(v); it != replaced.end();
         it = replaced.find(v))
      v = it->second;
    return v;
  }

  /// The decision of kind `kind` taken at `op`, if any.
  const Decision *find(Operation *op, Decision::Kind kind) const {
    const Decision *d = decisions.lookup(op);
    return d && d->kind == kind ? d : nullptr;
  }

  /// Replaces the result of `d.op` by `replacement` everywhere.
  void replace(PatternRewriter &rewriter, const Decision &d,
               Value replacement) {
    if (!d.remark.empty())
      emitRemark(d.op->getLoc()) << d.remark;
    Value result = d.op->getResult(0);
    rewriter.replaceAllUsesWith(result, replacement);
    if (!d.local)
      replaced[result] = replacement;
  }
};

/// A rule that replaces the result of an op, one kind of decision each. It
/// matches any op (the round's snapshot, which it is built with, says which
/// have a decision of its kind).
struct ResultPattern : public RewritePattern {
  ResultPattern(MLIRContext *context, Snapshot &snapshot)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        snapshot(snapshot) {}

protected:
  Snapshot &snapshot;
};

/// A result decided to be a constant (a condition decided by the facts, or
/// a value the facts determine). A zero extent stays computed where it gives
/// a dim (isExtentUse).
struct ReplaceWithConstant : public ResultPattern {
  using ResultPattern::ResultPattern;
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    const Decision *d = snapshot.find(op, Decision::Kind::Constant);
    if (!d)
      return rewriter.notifyMatchFailure(op, "not decided to be a constant");
    Value result = op->getResult(0);
    Value replacement = arith::ConstantOp::create(
        rewriter, op->getLoc(), result.getType(),
        rewriter.getIntegerAttr(result.getType(), d->constant));
    if (d->constant != 0 || !isa<IndexType>(result.getType())) {
      snapshot.replace(rewriter, *d, replacement);
      snapshot.maybeDead.push_back(op);
      return success();
    }
    bool any = false;
    rewriter.replaceUsesWithIf(result, replacement, [&](OpOperand &use) {
      bool replace = !isExtentUse(use);
      any |= replace;
      return replace;
    });
    if (!any) {
      rewriter.eraseOp(replacement.getDefiningOp());
      return rewriter.notifyMatchFailure(op, "every use is an extent");
    }
    if (!d->remark.empty())
      emitRemark(op->getLoc()) << d->remark;
    if (result.use_empty())
      snapshot.maybeDead.push_back(op);
    return success();
  }
};

/// A result decided equal to a value available where it is computed.
struct ReplaceWithAvailableValue : public ResultPattern {
  using ResultPattern::ResultPattern;
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    const Decision *d = snapshot.find(op, Decision::Kind::UseValue);
    if (!d)
      return rewriter.notifyMatchFailure(op, "no equal value available");
    snapshot.replace(rewriter, *d, snapshot.resolve(d->value));
    snapshot.maybeDead.push_back(op);
    return success();
  }
};

/// A result recomputed from its simplified expression, which costs fewer
/// divisions, mods, maxes and mins than the op's own computation.
struct RecomputeSimpler : public ResultPattern {
  using ResultPattern::ResultPattern;
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    const Decision *d = snapshot.find(op, Decision::Kind::Materialize);
    if (!d)
      return rewriter.notifyMatchFailure(op, "no simpler form");
    FailureOr<Value> v = snapshot.analysis.materialize(
        rewriter, op->getLoc(), d->expr, op->getResult(0).getType());
    if (failed(v))
      return rewriter.notifyMatchFailure(op, "cannot materialize");
    snapshot.replace(rewriter, *d, *v);
    snapshot.maybeDead.push_back(op);
    return success();
  }
};

/// A `constrain_range` that the facts before it imply: its operand replaces
/// it.
struct EraseImpliedFact : public OpRewritePattern<ConstrainRangeOp> {
  EraseImpliedFact(MLIRContext *context, Snapshot &snapshot)
      : OpRewritePattern(context), snapshot(snapshot) {}
  LogicalResult matchAndRewrite(ConstrainRangeOp op,
                                PatternRewriter &rewriter) const override {
    const Decision *d = snapshot.find(op, Decision::Kind::EraseFact);
    if (!d)
      return rewriter.notifyMatchFailure(op, "not implied");
    snapshot.replace(rewriter, *d, snapshot.resolve(op.getValue()));
    rewriter.eraseOp(op);
    return success();
  }

private:
  Snapshot &snapshot;
};

/// The decision patterns of a round, built with its snapshot.
void populateDecisionPatterns(RewritePatternSet &patterns, Snapshot &snapshot) {
  patterns.add<ReplaceWithConstant, ReplaceWithAvailableValue, RecomputeSimpler,
               EraseImpliedFact>(patterns.getContext(), snapshot);
}

/// The analysis settings symshape-simplify decides with.
ShapeAnalysisConfig simplifyConfig(const SymbolTable *symbols,
                                   bool certifying) {
  ShapeAnalysisConfig config;
  config.symbols = symbols;
  config.logStatedFacts = certifying;
  config.operandFacts = true;
  config.availableValues = true;
  return config;
}

} // namespace

//===----------------------------------------------------------------------===//
// SimplifyRound
//===----------------------------------------------------------------------===//

struct symshape::SimplifyRound::Impl {
  std::unique_ptr<ShapeAnalysis> analysis;
  SmallVector<Decision> decisions;
  SmallVector<Operation *> ops;
  std::unique_ptr<Snapshot> snapshot;
};

SimplifyRound::SimplifyRound(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {
  for (const Decision &d : this->impl->decisions)
    this->impl->ops.push_back(d.op);
}

SimplifyRound::~SimplifyRound() = default;

FailureOr<std::unique_ptr<SimplifyRound>>
SimplifyRound::analyse(Operation *unit, const SymbolTable *symbols,
                       bool explain) {
  auto impl = std::make_unique<Impl>();
  impl->analysis = std::make_unique<ShapeAnalysis>(
      unit->getContext(), simplifyConfig(symbols, /*certifying=*/false));
  ShapeAnalysis &analysis = *impl->analysis;
  ExprCost cost;
  if (failed(analysis.run(unit, [&](Operation *op) {
        if (std::optional<Decision> d = decide(analysis, cost, op, explain))
          impl->decisions.push_back(*d);
      })))
    return failure();
  return std::make_unique<SimplifyRound>(std::move(impl));
}

ArrayRef<Operation *> SimplifyRound::getOps() const { return impl->ops; }

void SimplifyRound::populatePatterns(RewritePatternSet &patterns) {
  if (!impl->snapshot) {
    impl->snapshot = std::make_unique<Snapshot>(*impl->analysis);
    for (const Decision &d : impl->decisions)
      impl->snapshot->decisions[d.op] = &d;
  }
  populateDecisionPatterns(patterns, *impl->snapshot);
}

bool SimplifyRound::apply() {
  if (impl->ops.empty())
    return false;
  PatternRewriter rewriter(impl->ops.front()->getContext());
  bool changed = applyInOrder(
      impl->ops, [&](RewritePatternSet &set) { populatePatterns(set); },
      rewriter);
  for (Operation *op : impl->snapshot->maybeDead)
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);
  return changed;
}

namespace {

/// What decision `d` claims, for a certificate; empty if it claims nothing
/// expressible.
SmallVector<Relation, 2> claimOf(ShapeAnalysis &analysis, const Decision &d) {
  ExprContext &exprs = analysis.getExprContext();
  Operation *op = d.op;
  Value result = op->getResult(0);
  if (d.kind == Decision::Kind::EraseFact) {
    auto constrain = cast<ConstrainRangeOp>(op);
    RangeAttr range = constrain.getRange();
    return SmallVector<Relation, 2>(rangeClaim(
        exprs, analysis.getExpr(constrain.getValue()),
        Interval(range.getLo(), range.getHi()), constrain.getDivisor()));
  }
  if (result.getType().isInteger(1)) {
    std::optional<Comparison> comparison =
        analysis.getCondition(result, d.constant != 0).comparison;
    if (!comparison)
      return {};
    return {comparison->toRelation()};
  }
  Expr e = analysis.getExpr(result);
  Expr claimed;
  switch (d.kind) {
  case Decision::Kind::Constant:
    claimed = exprs.getConstant(d.constant);
    break;
  case Decision::Kind::UseValue:
    claimed = analysis.getExpr(d.value);
    break;
  case Decision::Kind::Materialize:
    claimed = d.expr;
    break;
  case Decision::Kind::EraseFact:
    break;
  }
  if (!e || !claimed)
    return {};
  return {{Relation::Kind::EQ, e, claimed}};
}

class SymShapeSimplifyPass
    : public symshape::impl::SymShapeSimplifyPassBase<SymShapeSimplifyPass> {
public:
  using Base::Base;

  /// What one round found in one function.
  struct UnitRound {
    std::unique_ptr<ShapeAnalysis> analysis;
    SmallVector<Decision> decisions;
    std::vector<Obligation> obligations;
    /// With a report: the checks and max/min left undecided.
    std::vector<PipelineReport::Undecided> undecided;
  };

  SymShapeSimplifyPass(const SymShapeSimplifyPassOptions &options,
                       std::shared_ptr<PipelineReport> report)
      : Base(options), report(std::move(report)) {}

  /// Analyses `unit` and collects its decisions (and, when certifying, the
  /// claims they rest on). The analysis is kept only if a decision needs it.
  LogicalResult analyseUnit(Operation *unit, const SymbolTable *symbols,
                            UnitRound &out) {
    bool certifying = !certify.empty();
    out.analysis = std::make_unique<ShapeAnalysis>(
        &getContext(), simplifyConfig(symbols, certifying));
    ShapeAnalysis &analysis = *out.analysis;
    ExprCost cost;
    LogicalResult r = analysis.run(unit, [&](Operation *op) {
      std::optional<Decision> d = decide(analysis, cost, op, explain);
      // A wrong rule, which the certificate check must catch.
      if (testing::unsoundMax.load(std::memory_order_relaxed) &&
          extremum(op) == Extremum::Max && op->getNumOperands() == 2 &&
          op->getNumResults() == 1 &&
          op->getOperand(0).getType() == op->getResult(0).getType())
        d = Decision{op, Decision::Kind::UseValue, op->getOperand(0), 0,
                     Expr()};
      if (!d) {
        if (report)
          recordUndecided(analysis, op, out.undecided);
        return;
      }
      out.decisions.push_back(*d);
      LLVM_DEBUG(llvm::dbgs()
                 << "symshape-simplify: decided " << op->getName() << " at "
                 << op->getLoc() << " (kind " << static_cast<int>(d->kind)
                 << (d->local ? ", at its only use" : "") << ")\n");
      if (!certifying)
        return;
      // The facts in scope are those the decision was taken with.
      SmallVector<Relation, 2> claim = claimOf(analysis, *d);
      out.obligations.push_back(
          makeObligation(analysis, op->getLoc(),
                         op->getName().getStringRef().str() + ":" +
                             describeClaim(analysis, claim),
                         claim));
    });
    if (out.decisions.empty())
      out.analysis.reset();
    return r;
  }

  /// Records why `op`, a check or a max/min not decided, stays.
  static void recordUndecided(ShapeAnalysis &analysis, Operation *op,
                              std::vector<PipelineReport::Undecided> &out) {
    if (auto check = dyn_cast<cf::AssertOp>(op)) {
      if (!matchPattern(check.getArg(), m_Constant()))
        out.push_back({describeLocation(op->getLoc()), check.getMsg().str(),
                       describeUndecidedCheck(analysis, check)});
    } else if (isMaxMin(op)) {
      out.push_back({describeLocation(op->getLoc()), "",
                     describeUndecidedExtremum(analysis, op)});
    }
  }

  /// Applies what `analyseUnit` decided; true if the IR changed. The
  /// computations the rewrites replaced are left without uses and erased.
  bool applyUnit(Operation *unit, UnitRound &round) {
    bool changed = false;
    if (!round.decisions.empty()) {
      auto impl = std::make_unique<SimplifyRound::Impl>();
      impl->analysis = std::move(round.analysis);
      impl->decisions = std::move(round.decisions);
      changed = SimplifyRound(std::move(impl)).apply();
    }
    round.analysis.reset();
    if (changed) {
      IRRewriter rewriter(&getContext());
      (void)runRegionDCE(rewriter, unit->getRegions());
    }
    return changed;
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<Operation *> units = analysisUnits(root);
    std::unique_ptr<SymbolTable> symbols = moduleSymbolTable(root);
    // Certificates come out in the order of the functions (each task
    // writes only its own function's list).
    std::vector<std::vector<Obligation>> obligations(units.size());
    // With a report: what each function's last round left undecided.
    SmallVector<std::vector<PipelineReport::Undecided>> undecided(units.size());
    // The functions the pass changed (one flag per function, set by the
    // task that owns it), and what the last analysis of each found.
    SmallVector<char> touched(units.size(), 0);
    std::vector<UnitRound> found(units.size());

    // Callees before callers: within a layer no function reads another, so
    // each is analysed and rewritten in rounds in one task, in parallel with
    // the others, and its analysis freed when it is done.
    // Functions on a call cycle read each other's bodies: a round analyses
    // all of them (in parallel) before any is rewritten, and rounds repeat
    // until none changes (a change in one may let another decide more, so
    // the rule of mayEnableDecisions does not end their rounds). Each round
    // first trims what follows checks written or decided false. Diagnostics
    // come out in the order of the functions within a layer.
    CallOrder order = orderByCalls(root, units);
    SmallVector<char> inCycle(units.size(), 0);
    for (const CallOrder::Layer &layer : order.layers)
      for (ArrayRef<size_t> cycle : layer.cycles)
        for (size_t i : cycle)
          inCycle[i] = 1;
    CallOrderConfig config;
    config.maxRounds = maxIterations;
    UnitSteps steps;
    auto prepare = [&](size_t i, unsigned) {
      touched[i] |= eraseAfterFailingChecks(units[i]);
      return success();
    };
    auto analyse = [&](size_t i, unsigned) {
      return analyseUnit(units[i], symbols.get(), found[i]);
    };
    auto apply = [&](size_t i, unsigned round) -> FailureOr<bool> {
      UnitRound r = std::move(found[i]);
      for (Obligation &o : r.obligations)
        obligations[i].push_back(std::move(o));
      undecided[i] = std::move(r.undecided);
      // Read before the rewrites erase the decided ops.
      bool enabling =
          inCycle[i] || llvm::any_of(r.decisions, mayEnableDecisions);
      bool applied = applyUnit(units[i], r);
      touched[i] |= applied;
      if (!applied)
        return false;
      // The last round trims what follows the checks it decided false.
      if (round + 1 == maxIterations) {
        eraseAfterFailingChecks(units[i]);
        return true;
      }
      // A round whose rewrites enable no decision is the last one: it does
      // the trimming that the next round's `prepare` would do, and the next
      // round runs only if that trimming changed something.
      if (!enabling)
        return eraseAfterFailingChecks(units[i]);
      return true;
    };
    steps.prepare = prepare;
    steps.analyse = analyse;
    steps.apply = apply;
    if (failed(runInCallOrder(&getContext(), order, config, steps)))
      return signalPassFailure();

    if (report)
      for (auto [unit, left] : llvm::zip(units, undecided))
        if (auto func = dyn_cast<FunctionOpInterface>(unit))
          report->undecided[func.getName()] = std::move(left);
    if (!certify.empty() &&
        failed(writeUnitObligations(&getContext(), obligations, certify,
                                    certifyAppend)))
      return signalPassFailure();
    // Unchanged IR keeps its analyses, and the pass manager skips verifying
    // it again.
    if (llvm::none_of(touched, [](char c) { return c != 0; }))
      markAllAnalysesPreserved();
    if (!explain)
      return;
    // Every max/min still here was not decided.
    ShapeAnalysis analysis(&getContext());
    (void)analysis.run(getOperation(), [&](Operation *op) {
      if (isMaxMin(op))
        explainKept(analysis, op);
    });
  }

private:
  std::shared_ptr<PipelineReport> report;
};

} // namespace

std::unique_ptr<Pass>
symshape::createSymShapeSimplifyPass(const SymShapeSimplifyPassOptions &options,
                                     std::shared_ptr<PipelineReport> report) {
  return std::make_unique<SymShapeSimplifyPass>(options, std::move(report));
}
