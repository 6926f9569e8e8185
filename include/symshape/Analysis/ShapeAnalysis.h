//===- ShapeAnalysis.h - Symbolic facts of ordinary MLIR --------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Gives every integer/index SSA value and every dim of a ranked tensor or
// memref an expression over analysis symbols, and collects the facts that hold
// at each point of the program. What an op computes and states comes from
// its ShapeSemanticsOpInterface model (symshape's ops implement it, upstream
// dialects get models from lib/Models/, a downstream dialect attaches its
// own); the analysis adds what holds for every op:
//
//   * symbols: the dynamic dims of values no model sees through (function
//     arguments, results of unknown ops), named `symshape.symbol`s (size
//     symbols, >= 0), and opaque integer values (integer unknowns);
//   * dims: a destination-passing op's results have its inits' dims; a
//     private function's result is what its body computes from the call's
//     operands (a summary per callee, reused for every call); a loop keeps a
//     carried dim that one probed iteration keeps;
//   * facts: where their sources dominate, in scopes (below), and the dims
//     of an op's results are >= 0 once it has run.
//
// A fact holds only where its source dominates: `run()` walks the IR in
// dominance order and keeps facts in scopes, calling a visitor at every
// operation with the facts that hold *before* it. An operation therefore never
// sees the fact it states itself, so a check is never decided by its own
// fact.
//
// Without `run()`, expressions are computed on demand backwards through
// use-def chains, with only the facts carried by SSA values (symbol ranges,
// constrain_range): this is what local rewrite patterns use.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_ANALYSIS_SHAPEANALYSIS_H
#define SYMSHAPE_ANALYSIS_SHAPEANALYSIS_H

#include "symshape/Engine/Cutoffs.h"
#include "symshape/Engine/Expr.h"
#include "symshape/Engine/Facts.h"
#include "symshape/Engine/Solver.h"
#include "symshape/Interfaces/ShapeSemanticsInterface.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace symshape {

/// What an analysis symbol stands for.
struct SymbolInfo {
  enum class Kind {
    /// Dim `dim` of the shaped value `value` (a size).
    Dim,
    /// A `symshape.symbol` named `name` (a size); `value` is its first result.
    Named,
    /// An integer value the analysis cannot see through (an integer unknown,
    /// or a size if `isSize`).
    Opaque,
  };
  Kind kind;
  mlir::Value value;
  int64_t dim = -1;
  std::string name;
  bool isSize = false;
};

/// The op within which a symbol name denotes one symbol: the function (or
/// other isolated-from-above op) around `op`.
mlir::Operation *nameScope(mlir::Operation *op);

/// True if the facts already imply `lo <= e <= hi` and `divisor | e`: a
/// constraint stating it adds nothing.
bool isImpliedRange(Solver &solver, Expr e, const Interval &range,
                    int64_t divisor);

/// True if `op` is elementwise (`OpTrait::Elementwise`) with every operand
/// and result a ranked tensor of one rank: then they all have one shape, or
/// the program is undefined. A scalar operand may mean something else
/// (`arith.select` of an `i1` picks one of two tensors of any shapes).
bool isElementwiseOnTensors(mlir::Operation *op);

/// "file:line:col" of `loc` (the file without its directory) if it has one,
/// else the quoted name of a name location (`loc("conv1")`, as frontends
/// name an op's source node), else empty: how reports and remarks point
/// into the user's source.
std::string describeLocation(mlir::Location loc);

/// What a ShapeAnalysis does beyond computing expressions and facts, set
/// once when it is built (in the style of GreedyRewriteConfig).
struct ShapeAnalysisConfig {
  /// A symbol table of the module the analysed functions are in, built once
  /// by the pass and only read by the analysis (so analyses of several
  /// functions may share it in parallel): callees are found in it instead
  /// of by a scan of the module per call. The table must stay valid and up
  /// to date while the analysis runs. Without one, calls resolve the usual
  /// way.
  const mlir::SymbolTable *symbols = nullptr;
  /// Whether the result of a call of a private function is computed from
  /// the callee's body. Without, queries never read outside the function
  /// they start in, which a pass running on functions in parallel requires.
  bool callSummaries = true;
  /// Whether `run()` indexes the values it passes by the simplified form of
  /// their expression, for `findAvailableValue` (simplifying every value's
  /// expression costs about as much as computing it).
  bool availableValues = false;
  /// Whether the visitor also sees, at an op whose single result has a
  /// single use, the facts that hold where that use reads it (a select's
  /// condition for the operand it selects). Such facts hold only for the
  /// value's use, not for what the op does: a pass may replace the value by
  /// a constant or an available value equal to it under them, never
  /// rebuild the op (a rebuilt op would run whatever the condition).
  bool operandFacts = false;
  /// Whether the facts stated in scope are kept as stated
  /// (`getStatedFacts`, for certificates).
  bool logStatedFacts = false;
  /// Whether a check (`cf.assert`) that contradicts earlier facts is
  /// reported as a warning (the program aborts there whatever the input),
  /// so that of the passes that analyse a function only the first one says
  /// it (symshape-infer). Contradicting facts the user states with symshape
  /// ops are errors in every pass.
  bool warnFailingChecks = false;
  /// Bounds how far on-demand queries (`getExpr`/`getDimExpr` outside
  /// `run()`) follow def chains: a value or dim that many steps up becomes
  /// a symbol of its own. A local query then costs a bounded amount
  /// whatever the length of the chain (the canonicalization patterns use
  /// this). None: unbounded.
  std::optional<unsigned> onDemandDepthLimit;
  /// The widest sum or product kept as the expression of a value or dim: a
  /// chain of n ops that each add a term to one sum would build n sums of
  /// growing width, n^2/2 terms in all. A wider one gets a symbol of its own
  /// that keeps the range and divisor the facts prove of the sum, and the
  /// next sum starts from that symbol.
  unsigned maxTerms = cutoff(256u);
};

/// The driver over ShapeSemanticsOpInterface: it asks each op's model what
/// the op computes and states, and answers the models' queries (it is their
/// ShapeQuery).
class ShapeAnalysis : public ShapeQuery {
public:
  explicit ShapeAnalysis(mlir::MLIRContext *context,
                         const ShapeAnalysisConfig &config = {});
  ~ShapeAnalysis() override;

  ExprContext &getExprContext() override { return exprContext; }
  Facts &getFacts() { return facts; }
  Solver &getSolver() override { return solver; }

  /// The expression of an integer or index value; null for other types.
  Expr getExpr(mlir::Value value) override;
  /// The expression of dim `dim` of a ranked tensor or memref; null if the
  /// value is not ranked.
  Expr getDimExpr(mlir::Value shaped, unsigned dim) override;
  /// All dims of a ranked shaped value (empty if unranked).
  SmallVector<Expr> getShape(mlir::Value shaped);
  /// What the `i1` value `condition` states when it is `isTrue`, from its
  /// op's model (empty if it has none).
  Condition getCondition(mlir::Value condition, bool isTrue);
  /// Whether the `i1` value `condition` is provably true or false with the
  /// facts held: the comparison it states, decided.
  Verdict decideCondition(mlir::Value condition);

  unsigned getNumSymbols() const { return symbols.size(); }
  const SymbolInfo &getSymbolInfo(unsigned pos) const { return symbols[pos]; }
  /// A readable name of a symbol for reports and diagnostics.
  std::string getSymbolName(unsigned pos) const;
  /// Per symbol, the sources (op, and whether the fact is the user's) of
  /// the facts in scope at this point of a walk that are about it (a range,
  /// divisor or equality stated by an assert, a binding, a constraint, a
  /// downstream op's assumption), each op once, in the order they were
  /// stated; one pass over the facts. Declarations (`symshape.symbol`) are
  /// not facts of the walk and are not listed.
  llvm::DenseMap<unsigned, SmallVector<FactSource>> getFactSources() const;
  /// `e` with symbols written by name (normalized with the current facts).
  std::string describe(Expr e);
  /// The symbols of `exprs` by name with their ranges and divisors under the
  /// facts that hold now ("n in [1, 64]; m in [0, inf], a multiple of 4"),
  /// at most `limit` of them; empty if they use none.
  std::string describeSymbolRanges(llvm::ArrayRef<Expr> exprs,
                                   unsigned limit = 6);
  /// Gives dim `dim` of `value` a user-facing name (e.g. from
  /// `symshape.dim_names`).
  void setDimName(mlir::Value value, unsigned dim, StringRef name);

  /// Called for every operation in dominance order with the facts that hold
  /// before it; its results already have expressions. Not called for
  /// operations the facts prove unreachable (after a check that always
  /// fails, in a branch never taken): the facts there contradict each other.
  using Visitor = std::function<void(mlir::Operation *)>;
  /// Walks `root`'s regions in dominance order, adding facts as their sources
  /// are passed. Returns failure if symshape-stated facts contradict each
  /// other (an error naming both was emitted).
  mlir::LogicalResult run(mlir::Operation *root, const Visitor &visitor = {});
  /// After `run()`: the first op of a function's entry block after which
  /// nothing runs under the facts (a check that always fails, an op whose
  /// shape requirements the facts contradict, as a concat of a dim proven 3
  /// into a result whose dim is a static 1), or null. The function cannot
  /// return there.
  mlir::Operation *getAbortingOp() const { return abortingOp; }

  /// During `run()` with `availableValues`: a value of type `type`,
  /// other than `exclude`, available at the current point whose expression
  /// simplifies to `e`; or null.
  mlir::Value findAvailableValue(Expr e, mlir::Type type,
                                 mlir::Value exclude = {});

  /// Builds IR computing `e` (as `type`, index or a signless integer) at the
  /// builder's insertion point, from arith ops and tensor/memref.dim. Fails
  /// if a symbol has no value that dominates the insertion point, or if
  /// `widensNarrowedValue(e, type)`.
  mlir::FailureOr<mlir::Value> materialize(mlir::OpBuilder &builder,
                                           mlir::Location loc, Expr e,
                                           mlir::Type type);

  /// Whether IR for `e` as `type` would cast a symbol's value back to a
  /// wider type after a narrowing `index_cast` or `index_castui` made it
  /// (through sign or zero extensions): MLIR folds such a round trip to
  /// the cast's source, which drops the truncation (with 2^32 - 1 in i32,
  /// the program computed 2^32 - 1 for -1).
  bool widensNarrowedValue(Expr e, mlir::Type type) const;

  /// True if every symbol of `e` is a size symbol: the no-overflow
  /// assumption covers it. Not a sign: `b - a` is built from sizes.
  bool isBuiltFromSizes(Expr e) override;

  /// Whether a query stopped at that limit (a symbol stands for a value or
  /// dim whose def chain goes on).
  bool reachedDepthLimit() const { return depthLimitReached; }

  /// During the visitor, with `operandFacts`: true if the facts in scope
  /// include those of the value's use.
  bool isUnderOperandFacts() const { return underOperandFacts; }

  /// A fact as it was stated, before the engine derived anything from it
  /// (for certificates): `range.lo <= expr <= range.hi` and `divisor | expr`,
  /// or, with `other` set, `expr == other`.
  struct StatedFactLog {
    Expr expr;
    Interval range;
    int64_t divisor = 1;
    Expr other;
  };
  /// The facts stated so far that hold at the current point of the walk.
  ArrayRef<StatedFactLog> getStatedFacts() const { return statedFacts; }

  /// What the analysis took of the program's meaning rather than of a fact
  /// (the operands of an elementwise op have one shape, or the program is
  /// undefined; a loop keeps a carried dim, by induction over one probed
  /// iteration), logged with the stated facts (for certificates, which
  /// list them as assumptions with their source), each once.
  struct Assumption {
    mlir::Location loc;
    std::string what;
  };
  /// The assumptions logged since the previous call.
  std::vector<Assumption> takeNewAssumptions();

  // The rest of ShapeQuery, for the models.
  Expr getNamedSymbol(mlir::Value value, llvm::StringRef name,
                      const Interval &range, int64_t divisor) override;
  Expr getCallResult(mlir::CallOpInterface call, unsigned resultIndex,
                     std::optional<unsigned> dim) override;
  bool isCarriedDimKept(mlir::Value carried, mlir::Value yielded,
                        unsigned dim) override;
  bool isDefinedBefore(Expr e, mlir::Operation *op) override;
  void addCondition(mlir::Value condition, bool isTrue,
                    FactSource source) override;
  void addRange(Expr e, const Interval &range, int64_t divisor,
                FactSource source) override;
  void addEquality(Expr a, Expr b, FactSource source) override;

private:
  /// `compute()` one step further up the def chains, or null once the
  /// on-demand depth limit is reached.
  Expr followDefChain(llvm::function_ref<Expr()> compute);
  Expr computeExpr(mlir::Value value);
  Expr computeDimExpr(mlir::Value shaped, unsigned dim);
  Expr computeOpResult(mlir::Operation *op, mlir::OpResult result);
  Expr newSymbol(SymbolInfo info);
  Expr dimSymbol(mlir::Value value, unsigned dim);
  Expr opaqueSymbol(mlir::Value value);
  /// A private callee's result (or dim of it) as an expression over symbols
  /// that stand for its arguments (or dims of them); a null `expr` if it is
  /// not one.
  struct CallSummary {
    struct Argument {
      unsigned symbol;
      unsigned number;
      /// The dim of the argument the symbol stands for; -1 for the argument
      /// itself (an integer).
      int64_t dim;
    };
    Expr expr;
    SmallVector<Argument, 4> arguments;
  };
  CallSummary computeCallSummary(mlir::Region &body, unsigned resultIndex,
                                 std::optional<unsigned> dim);

  void addDeclarations(mlir::Operation *root);
  void addFactsOf(mlir::Operation *op);
  /// Outside a walk, the facts that hold once `op` has run, added when an
  /// expression of one of its results is first computed (a value's users
  /// run after its definition); once per op.
  void addFactsOnDemand(mlir::Operation *op);
  void addDimFacts(mlir::Operation *op);
  /// Reports a fact that contradicts what is known: `e` is what it is
  /// about; `describeFact` writes the fact as the user stated it ("n in
  /// [8, 16]"), only when it is reported.
  void reportContradiction(Expr e, FactSource source,
                           llvm::function_ref<std::string()> describeFact);
  /// `e` with symbols written by name, as stated (not normalized with the
  /// facts, which may have made the symbols constants); with `rename`, a
  /// symbol equal to another symbol is written as that one.
  std::string describeAsStated(Expr e, bool rename = true) const;
  void walkRegion(mlir::Region &region, const Visitor &visitor);
  void walkOp(mlir::Operation *op, const Visitor &visitor);
  void visitWithOperandFacts(mlir::Operation *op, const Visitor &visitor);
  void addRegionEntryFacts(mlir::Operation *op, mlir::Region &region);
  void addBlockEntryFacts(mlir::Block *block);
  void recordAvailable(mlir::Value value, Expr e);
  struct ScopeMarks {
    size_t facts, sources, available, stated;
    bool unreachable;
  };
  ScopeMarks enterScope();
  void exitScope(const ScopeMarks &marks);

  ExprContext &exprContext;
  Facts facts;
  Solver solver;
  std::vector<SymbolInfo> symbols;
  /// isBuiltFromSizes of each node asked about or under one: a node's answer
  /// is that of its operands together, so each node is looked at once, not
  /// once per expression above it (a chain of maxes would be quadratic).
  /// Whether a symbol is a size is fixed when the analysis creates it (and
  /// not scoped), so the answers hold for the whole run.
  llvm::DenseMap<Expr, bool> builtFromSizes;
  bool allSymbolsAreSizes(Expr e);
  llvm::DenseMap<mlir::Value, Expr> valueExprs;
  llvm::DenseMap<std::pair<mlir::Value, unsigned>, Expr> dimExprs;
  llvm::DenseMap<std::pair<mlir::Value, unsigned>, unsigned> dimSymbols;
  llvm::DenseMap<mlir::Value, unsigned> opaqueSymbols;
  /// Named symbols by (the function that declares them, name).
  llvm::DenseMap<std::pair<mlir::Operation *, llvm::StringRef>, unsigned>
      namedSymbols;
  llvm::DenseMap<std::pair<mlir::Value, unsigned>, std::string> dimNames;

  /// Facts stated so far with their sources, for contradiction messages;
  /// scoped like the facts.
  struct StatedFact {
    Expr expr;
    FactSource source;
    /// For an equality that bound the symbol `expr`: what it was bound to.
    Expr boundTo = Expr();
  };
  std::vector<StatedFact> factSources;
  /// Values available at the current point of the walk, by the simplified
  /// form of their expression; scoped.
  llvm::DenseMap<Expr, SmallVector<mlir::Value, 1>> available;
  std::vector<Expr> availableLog;

  ShapeAnalysisConfig config;
  bool underOperandFacts = false;
  std::vector<StatedFactLog> statedFacts;
  std::vector<Assumption> assumptions;
  size_t assumptionsTaken = 0;
  llvm::DenseSet<std::pair<mlir::Operation *, unsigned>> assumed;
  /// Logs assumption number `kind` made at `op` (once per op and kind).
  void noteAssumption(mlir::Operation *op, unsigned kind,
                      llvm::function_ref<std::string()> what);
  bool walking = false;
  llvm::DenseSet<mlir::Operation *> factsOnDemand;
  unsigned onDemandDepth = 0;
  bool depthLimitReached = false;
  /// Nesting of call summaries (recursion is cut off).
  unsigned callDepth = 0;
  mlir::Operation *resolveCallee(mlir::CallOpInterface call) const;
  static constexpr unsigned kMaxCallDepth = 4;
  bool isTooWide(Expr e) const;
  /// `standIn`, the symbol of a value or dim whose expression `wide` is too
  /// wide to keep, with the range and divisor the facts here prove of
  /// `wide` (scoped facts: they end where the facts they follow from do).
  Expr standInFor(Expr wide, Expr standIn);
  bool contradiction = false;
  /// Call summaries by (callee, result index, dim or -1).
  std::map<std::tuple<mlir::Operation *, unsigned, int64_t>, CallSummary>
      callSummaryCache;
  /// Set when the facts of the current scope contradict each other: the
  /// point of the walk is never reached (it follows a check that always
  /// fails, or is inside a branch that is never taken). Scoped.
  bool unreachable = false;
  mlir::Operation *abortingOp = nullptr;
  std::unique_ptr<mlir::DominanceInfo> dominance;
};

/// Attaches the analysis' implementation of SymShapeFactsInterface to the
/// symshape dialect, which its canonicalization patterns query
/// (registerAllDialects calls it).
void registerFactsInterface(mlir::DialectRegistry &registry);

/// The relations that `range.lo <= e <= range.hi` and `divisor | e` (for a
/// divisor above 1) make: what a fact that is erased as implied claims.
llvm::SmallVector<Relation, 3>
rangeClaim(ExprContext &exprs, Expr e, const Interval &range, int64_t divisor);

/// Receives each decision the symshape dialect's canonicalization patterns
/// take from facts (through SymShapeFactsInterface: a value proven equal to
/// a constant or an operand, an apply simplified with what its operands
/// prove, a constrain_range implied): the analysis it was taken with (its
/// stated facts logged), where, and what it claims. A pass that certifies
/// installs one around the pattern driver it runs (ScopedDecisionRecorder).
class DecisionRecorder {
public:
  virtual ~DecisionRecorder();
  virtual void record(ShapeAnalysis &analysis, mlir::Location loc,
                      llvm::StringRef what, llvm::ArrayRef<Relation> claim) = 0;
};

/// Installs a recorder for the patterns run on the current thread (a
/// pattern driver runs its patterns on the thread that calls it) while it
/// lives, and restores the previous one after.
class ScopedDecisionRecorder {
public:
  explicit ScopedDecisionRecorder(DecisionRecorder *recorder);
  ~ScopedDecisionRecorder();
  ScopedDecisionRecorder(const ScopedDecisionRecorder &) = delete;
  ScopedDecisionRecorder &operator=(const ScopedDecisionRecorder &) = delete;

private:
  DecisionRecorder *previous;
};

} // namespace symshape

#endif // SYMSHAPE_ANALYSIS_SHAPEANALYSIS_H
