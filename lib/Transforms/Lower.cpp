//===- Lower.cpp - symshape-lower -----------------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "ArgDimFacts.h"
#include "Units.h"
#include "symshape/Analysis/Materialize.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/Engine/CheckedInt.h"
#include "symshape/IR/SymShapeOps.h"
#include "symshape/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPELOWERPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

namespace {

/// "arg 0 of @f" or "the result of tensor.empty at file:line:col". A cast
/// has its source's dims: the tensor it casts is named (the version of a
/// profile casts its arguments to their static types at the entry).
std::string describeTensor(Value tensor) {
  std::string text;
  llvm::raw_string_ostream os(text);
  while (auto cast = tensor.getDefiningOp<tensor::CastOp>())
    tensor = cast.getSource();
  if (auto arg = dyn_cast<BlockArgument>(tensor)) {
    Operation *parent = arg.getOwner()->getParentOp();
    os << "arg " << arg.getArgNumber();
    if (auto func = dyn_cast_if_present<FunctionOpInterface>(parent))
      os << " of @" << func.getName();
  } else {
    Operation *def = tensor.getDefiningOp();
    os << "the result of " << def->getName();
    if (std::string where = describeLocation(def->getLoc()); !where.empty())
      os << " at " << where;
  }
  return text;
}

/// A run-time check: a cf.assert of `cond` with the message `msg`.
void emitCheck(OpBuilder &b, Location loc, Value cond, const Twine &msg) {
  cf::AssertOp::create(b, loc, cond, b.getStringAttr(msg));
}

/// A symbol's value, taken from a bound dim.
struct SymbolSource {
  BindShapeOp bind;
  unsigned dim;
  /// dim == coeff * symbol + constant.
  int64_t coeff = 1;
  int64_t constant = 0;
};

/// The lowering of one function: its symbols first (each name's
/// declarations become the dim bound to it, checked), then every other
/// symshape op by a conversion pattern (below) that reads what this class
/// computed from one analysis of the function before the conversion.
class Lowering {
public:
  Lowering(FunctionOpInterface func, bool checks, const SymbolTable *symbols)
      : checks(checks), func(func), symbols(symbols), dominance(func),
        exprs(SymShapeDialect::getExprContext(func->getContext())) {}

  LogicalResult run();

  /// What lowering an op needs from the analysis.
  struct OpFacts {
    /// The expressions of the operands an apply or a binding's check is
    /// built from, and whether all of them are sizes.
    SmallVector<Expr> operandExprs;
    bool sizes = true;
    /// How check messages name each operand (bindings) or the value
    /// (constrain_range).
    SmallVector<std::string> names;
    std::string description;
  };

  const OpFacts &getFacts(Operation *op) { return opFacts[op]; }

  /// Builds IR for `e` over `operands` with nsw on size arithmetic.
  Value build(OpBuilder &b, Location loc, Expr e, ValueRange operands,
              const OpFacts &facts) {
    MaterializeOptions options;
    options.nsw = facts.sizes;
    options.symbolValue = [&](unsigned pos) { return operands[pos]; };
    options.isNonNegative = [&](Expr x) {
      return analysis->getSolver().proveNonNegative(
                 substitute(x, facts.operandExprs)) == Verdict::True;
    };
    return materializeExpr(b, loc, e, b.getIndexType(), options);
  }

  /// cf.asserts of `lo <= v <= hi` and `divisor | v`.
  /// Ends of `range` that `known` already implies are not checked.
  void emitRangeChecks(OpBuilder &b, Location loc, Value v,
                       const Interval &range, int64_t divisor,
                       const std::string &what,
                       const Interval &known = Interval::full()) {
    Type type = v.getType();
    auto cst = [&](int64_t c) -> Value {
      return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, c));
    };
    Value ok;
    if (range.getLo() && !(known.getLo() && *known.getLo() >= *range.getLo()))
      ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, v,
                                 cst(*range.getLo()));
    if (range.getHi() && !(known.getHi() && *known.getHi() <= *range.getHi())) {
      Value le = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, v,
                                       cst(*range.getHi()));
      ok = ok ? arith::AndIOp::create(b, loc, ok, le).getResult() : le;
    }
    if (ok) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "symshape: " << what << " must be in " << range;
      emitCheck(b, loc, ok, text);
    }
    if (divisor > 1) {
      Value rem = arith::RemSIOp::create(b, loc, v, cst(divisor));
      Value isMultiple =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem, cst(0));
      emitCheck(b, loc, isMultiple,
                "symshape: " + what + " must be a multiple of " +
                    Twine(divisor));
    }
  }

  /// dim i == expression i, for every dim of the tensor `bind` binds that
  /// is not trivially so; `tensor` and `symbols` are its operands' values.
  void emitBindingChecks(OpBuilder &b, BindShapeOp bind, Value tensor,
                         ValueRange symbols) {
    Location loc = bind.getLoc();
    auto type = cast<RankedTensorType>(tensor.getType());
    const OpFacts &facts = opFacts[bind.getOperation()];
    for (unsigned i = 0, e = bind.getDims().size(); i < e; ++i) {
      Expr bound = bind.getDimExpr(i);
      // A static dim bound to its own size, or a dim that is the symbol it
      // was materialized from, needs no check.
      if (!type.isDynamicDim(i) && bound.isConstant() &&
          bound.getConstantValue() == type.getDimSize(i))
        continue;
      if (sourceDims.count({bind.getOperation(), i}))
        continue;
      Value expected = build(b, loc, bound, symbols, facts);
      Value dim = tensor::DimOp::create(b, loc, tensor, i);
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dim,
                                       expected);
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "symshape: dim " << i << " of " << describeTensor(tensor)
         << " must equal ";
      bound.print(os, [&](llvm::raw_ostream &out, unsigned pos) {
        out << facts.names[pos];
      });
      emitCheck(b, loc, ok, text);
    }
  }

  /// Whether stated facts become run-time checks.
  const bool checks;

private:
  /// Replaces every symbol op by the dim it is bound to (checked).
  /// The no-overflow assumption, checked where sizes enter the program: at
  /// a public function's entry (with checks), every dynamic dim of a ranked
  /// tensor or memref argument is below 2^62 (kSizeLimit), in one
  /// `cf.assert`. A dim whose declared range ends below the limit is left
  /// out: its range check covers it. What is derived from the dims is
  /// trusted to stay below the limit (docs/Dialect.md).
  void checkSizeLimit() {
    if (!checks || func.isExternal() || !func.isPublic())
      return;
    Block &entry = func.getFunctionBody().front();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    Location loc = func.getLoc();
    // Dims are non-negative and the limit is a power of two: every dim is
    // below it iff their bitwise or is (one comparison for all of them).
    Value all;
    for (BlockArgument arg : entry.getArguments()) {
      auto type = dyn_cast<ShapedType>(arg.getType());
      if (!type || !type.hasRank())
        continue;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        if (!type.isDynamicDim(d))
          continue;
        if (RangeAttr r = getArgDimFacts(func, arg.getArgNumber(), d).first;
            r && r.getHi() && *r.getHi() < kSizeLimit)
          continue;
        Value dim = isa<MemRefType>(type)
                        ? memref::DimOp::create(b, loc, arg, d).getResult()
                        : tensor::DimOp::create(b, loc, arg, d).getResult();
        all = all ? arith::OrIOp::create(b, loc, all, dim).getResult() : dim;
      }
    }
    if (!all)
      return;
    Value limit = arith::ConstantIndexOp::create(b, loc, kSizeLimit);
    Value ok =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, all, limit);
    emitCheck(b, loc, ok,
              "symshape: the dynamic dims of @" + func.getName() +
                  "'s arguments must be below 2^62 (the no-overflow "
                  "assumption of sizes)");
  }

  LogicalResult lowerSymbols() {
    llvm::MapVector<StringRef, SmallVector<SymbolOp>> byName;
    func.walk([&](SymbolOp op) { byName[op.getName()].push_back(op); });
    // The bindings that use each name, in walk order (one walk for all
    // names).
    llvm::DenseMap<StringRef, SmallVector<std::pair<BindShapeOp, unsigned>>>
        uses;
    func.walk([&](BindShapeOp bind) {
      for (auto [k, operand] : llvm::enumerate(bind.getSymbols()))
        if (auto symbol = operand.getDefiningOp<SymbolOp>())
          uses[symbol.getName()].push_back({bind, unsigned(k)});
    });
    for (auto &[name, ops] : byName) {
      std::optional<SymbolSource> source = findSource(ops, uses[name]);
      if (!source) {
        // A symbol that nothing binds has no run-time value. If nothing
        // uses it either, it describes no value of the program: its
        // declarations go (with a warning if they state a fact, which then
        // cannot be checked: most likely a misspelt name).
        auto used =
            llvm::find_if(ops, [](SymbolOp op) { return !op->use_empty(); });
        if (used == ops.end()) {
          for (SymbolOp op : ops) {
            if (op.statesFact())
              op.emitWarning("symbol '")
                  << name
                  << "' states a fact but no tensor dim is bound to it and "
                     "nothing uses it: the fact describes no value and is "
                     "not checked";
            op.erase();
          }
          continue;
        }
        InFlightDiagnostic diag =
            used->emitError("cannot materialize symbol '")
            << name
            << "': no tensor dim is bound to it (bind one with "
               "symshape.bind_shape, as `s` or `a * s + c`)";
        return failure();
      }
      FailureOr<Value> value = materializeSymbol(name, ops, *source);
      if (failed(value))
        return failure();
      // The dim a symbol comes from agrees with its binding by construction
      // (and by the divisibility check of a solved binding).
      sourceDims.insert({source->bind.getOperation(), source->dim});
      symbolNames[*value] = name.str();
      for (SymbolOp op : ops) {
        op.getResult().replaceAllUsesWith(*value);
        op.erase();
      }
    }
    return success();
  }

  /// A binding `dim == a * s + c` of one of `ops`, preferring `dim == s`,
  /// among `uses` (the bindings whose operand k was one of `ops`).
  std::optional<SymbolSource>
  findSource(ArrayRef<SymbolOp> ops,
             ArrayRef<std::pair<BindShapeOp, unsigned>> uses) {
    std::optional<SymbolSource> best;
    for (const std::pair<BindShapeOp, unsigned> &use : uses) {
      BindShapeOp bind = use.first;
      unsigned k = use.second;
      auto symbol = bind.getSymbols()[k].getDefiningOp<SymbolOp>();
      if (!symbol || !llvm::is_contained(ops, symbol))
        continue;
      for (unsigned i = 0, e = bind.getDims().size(); i < e; ++i) {
        Expr d = bind.getDimExpr(i);
        // Linear in s_k alone: d == a * s_k + c.
        bool onlyK = d.getSymbolsUsed() == ArrayRef<unsigned>{unsigned(k)};
        if (!onlyK)
          continue;
        auto at = [&](int64_t value) {
          SmallVector<Expr> r;
          for (unsigned j = 0; j <= k; ++j)
            r.push_back(j == k ? exprs.getConstant(value) : exprs.getSymbol(j));
          return substitute(d, r);
        };
        Expr c = at(0), a = sub(at(1), c);
        if (!a || !c || !a.isConstant() || !c.isConstant() ||
            a.getConstantValue() == 0 ||
            add(mul(exprs.getSymbol(k), a), c) != d)
          continue;
        SymbolSource candidate{bind, i, a.getConstantValue(),
                               c.getConstantValue()};
        bool direct = candidate.coeff == 1 && candidate.constant == 0;
        if (!best || (direct && !(best->coeff == 1 && best->constant == 0)))
          best = candidate;
      }
    }
    return best;
  }

  Value constant(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }

  /// The value of symbol `name` from its source binding, with the checks of
  /// its declared range and divisor.
  FailureOr<Value> materializeSymbol(StringRef name, ArrayRef<SymbolOp> ops,
                                     SymbolSource source) {
    Value tensor = source.bind.getTensor();
    // Build at the function entry when the tensor is an argument (it then
    // dominates every use); else just before the binding, which must then
    // dominate every use of the symbol.
    OpBuilder b(func->getContext());
    auto arg = dyn_cast<BlockArgument>(tensor);
    if (arg && arg.getOwner() == &func.getFunctionBody().front()) {
      b.setInsertionPointToStart(arg.getOwner());
    } else {
      b.setInsertionPoint(source.bind);
      for (SymbolOp op : llvm::to_vector(ops))
        for (Operation *user : op->getUsers())
          if (user != source.bind &&
              !dominance.properlyDominates(source.bind.getOperation(), user))
            return op.emitError("cannot materialize symbol '")
                   << name << "': it is used before " << describeTensor(tensor)
                   << ", whose dim " << source.dim << " it is bound to";
    }
    Location loc = ops.front()->getLoc();
    Value dim = tensor::DimOp::create(b, loc, tensor, source.dim);
    std::string origin =
        ("dim " + Twine(source.dim) + " of " + describeTensor(tensor)).str();
    Value value = dim;
    if (source.coeff != 1 || source.constant != 0) {
      // dim == a * s + c: s == (dim - c) floordiv a, exact when a divides
      // dim - c, which is checked.
      Value shifted =
          arith::SubIOp::create(b, loc, dim, constant(b, loc, source.constant));
      Value a = constant(b, loc, source.coeff);
      value = arith::FloorDivSIOp::create(b, loc, shifted, a);
      if (checks) {
        Value rem = arith::RemSIOp::create(b, loc, shifted, a);
        Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem,
                                         constant(b, loc, 0));
        std::string binding;
        llvm::raw_string_ostream os(binding);
        add(mul(exprs.getSymbol(0), source.coeff), source.constant)
            .print(os, [&](llvm::raw_ostream &out, unsigned) { out << name; });
        emitCheck(b, loc, ok,
                  "symshape: " + origin + " must equal " + binding +
                      " for an integer " + name);
      }
      origin = "solved from " + origin;
    }
    if (!checks)
      return value;
    // The declared facts of all ops of this name.
    Interval range = Interval::nonNegative();
    int64_t divisor = 1;
    SmallVector<int64_t> extraDivisors;
    for (SymbolOp op : llvm::to_vector(ops)) {
      RangeAttr r = op.getRangeOrDefault();
      range = range.intersect(Interval(r.getLo(), r.getHi()));
      // Divisors combine by lcm (4 and 6 give 12). An lcm past int64 leaves
      // only 0, which the range check of the largest divisor's multiple
      // cannot express: then each divisor is checked on its own.
      int64_t d = op.getDivisor();
      std::optional<int64_t> lcm = checkedMul(
          divisor / static_cast<int64_t>(gcdMagnitude(divisor, d)), d);
      if (lcm)
        divisor = *lcm;
      else
        extraDivisors.push_back(d);
    }
    // A dim is never negative: a lower bound <= 0 needs no check for it.
    Interval known = value == dim ? Interval::nonNegative() : Interval::full();
    std::string what = ("symbol '" + name + "' (" + origin + ")").str();
    emitRangeChecks(b, loc, value, range, divisor, what, known);
    for (int64_t d : extraDivisors)
      emitRangeChecks(b, loc, value, Interval::full(), d, what);
    return value;
  }

  void precompute(Operation *op) {
    OpFacts facts;
    auto addOperands = [&](ValueRange operands) {
      for (Value v : operands) {
        facts.operandExprs.push_back(analysis->getExpr(v));
        facts.sizes &= analysis->isBuiltFromSizes(facts.operandExprs.back());
      }
    };
    if (auto apply = dyn_cast<ApplyOp>(op)) {
      addOperands(apply.getOperands());
    } else if (auto bind = dyn_cast<BindShapeOp>(op)) {
      if (!checks)
        return;
      addOperands(bind.getSymbols());
      for (auto [v, e] : llvm::zip(bind.getSymbols(), facts.operandExprs)) {
        auto it = symbolNames.find(v);
        facts.names.push_back(it != symbolNames.end() ? it->second
                                                      : analysis->describe(e));
      }
    } else if (auto constrain = dyn_cast<ConstrainRangeOp>(op)) {
      if (!checks)
        return;
      facts.description =
          analysis->describe(analysis->getExpr(constrain.getValue()));
    } else {
      return;
    }
    opFacts[op] = std::move(facts);
  }

  FunctionOpInterface func;
  const SymbolTable *symbols;
  std::unique_ptr<ShapeAnalysis> analysis;
  llvm::DenseMap<Operation *, OpFacts> opFacts;
  DominanceInfo dominance;
  ExprContext &exprs;
  /// The (binding, dim) pairs symbols were materialized from.
  llvm::DenseSet<std::pair<Operation *, unsigned>> sourceDims;
  /// The symbol each materialized value stands for, for check messages.
  llvm::DenseMap<Value, std::string> symbolNames;
};

/// A conversion pattern of symshape-lower: reads what the function's
/// `Lowering` computed before the conversion.
template <typename OpTy>
struct LoweringPattern : public OpConversionPattern<OpTy> {
  LoweringPattern(MLIRContext *context, Lowering &lowering)
      : OpConversionPattern<OpTy>(context), lowering(lowering) {}

protected:
  Lowering &lowering;
};

/// `bind_shape` becomes checks of the bound dims.
struct LowerBindShape : public LoweringPattern<BindShapeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(BindShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (lowering.checks)
      lowering.emitBindingChecks(rewriter, op, adaptor.getTensor(),
                                 adaptor.getSymbols());
    rewriter.eraseOp(op);
    return success();
  }
};

/// `constrain_range` becomes checks of its range and divisor, and its
/// operand.
struct LowerConstrainRange : public LoweringPattern<ConstrainRangeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ConstrainRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (lowering.checks) {
      RangeAttr r = op.getRange();
      lowering.emitRangeChecks(rewriter, op.getLoc(), adaptor.getValue(),
                               Interval(r.getLo(), r.getHi()), op.getDivisor(),
                               "constrained value " +
                                   lowering.getFacts(op).description);
    }
    rewriter.replaceOp(op, adaptor.getValue());
    return success();
  }
};

/// `sym_size` becomes `tensor.dim`.
struct LowerSymSize : public LoweringPattern<SymSizeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(SymSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       tensor::DimOp::create(rewriter, op.getLoc(),
                                             adaptor.getSource(), op.getDim()));
    return success();
  }
};

/// `sym_max` and `sym_min` become `arith.maxsi` and `arith.minsi`.
template <typename OpTy, typename ArithOpTy>
struct LowerMaxMin : public LoweringPattern<OpTy> {
  using LoweringPattern<OpTy>::LoweringPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       ArithOpTy::create(rewriter, op.getLoc(),
                                         adaptor.getLhs(), adaptor.getRhs()));
    return success();
  }
};

/// `apply` becomes `arith` ops over its operands.
struct LowerApply : public LoweringPattern<ApplyOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ApplyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, lowering.build(rewriter, op.getLoc(), op.getExpr().getValue(),
                           adaptor.getOperands(), lowering.getFacts(op)));
    return success();
  }
};

LogicalResult Lowering::run() {
  if (failed(lowerSymbols()))
    return failure();
  // At the entry's beginning, ahead of the checks of the symbols.
  checkSizeLimit();
  // Everything the patterns need from the analysis is computed first, by
  // one analysis of the function (an analysis per op would walk the def
  // chains again for each), and before any op is replaced: the analysis
  // keys its results by values, which rewrites erase.
  ShapeAnalysisConfig analysisConfig;
  analysisConfig.symbols = symbols;
  analysis =
      std::make_unique<ShapeAnalysis>(func->getContext(), analysisConfig);
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    precompute(op);
    if (isa_and_nonnull<SymShapeDialect>(op->getDialect()))
      ops.push_back(op);
  });
  if (ops.empty())
    return success();
  MLIRContext *context = func->getContext();
  ConversionTarget target(*context);
  target.addIllegalDialect<SymShapeDialect>();
  target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                         tensor::TensorDialect>();
  RewritePatternSet patterns(context);
  patterns.add<LowerBindShape, LowerConstrainRange, LowerSymSize,
               LowerMaxMin<SymMaxOp, arith::MaxSIOp>,
               LowerMaxMin<SymMinOp, arith::MinSIOp>, LowerApply>(context,
                                                                  *this);
  ConversionConfig config;
  // The ops' folders would decide what the patterns build.
  config.foldingMode = DialectConversionFoldingMode::Never;
  // No pattern fails once it has changed the IR, and each builds only legal
  // ops: there is nothing to roll back, and the one-shot driver keeps no
  // record of changes.
  config.allowPatternRollback = false;
  // Only the symshape ops (and what they contain: nothing) are visited.
  return applyPartialConversion(ops, target, std::move(patterns), config);
}

/// Removes the discardable `symshape.*` attributes of an op and, for a
/// function, of its arguments and results.
void stripSymShapeAttrs(Operation *op) {
  auto isOurs = [](NamedAttribute attr) {
    return attr.getName().getValue().starts_with("symshape.");
  };
  for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
    if (isOurs(attr))
      op->removeDiscardableAttr(attr.getName());
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return;
  // All dictionaries at once: removing one attribute of one argument
  // rebuilds the array of every argument's dictionary.
  auto strip = [&](ArrayAttr dicts,
                   function_ref<void(ArrayRef<DictionaryAttr>)> setAll) {
    if (!dicts)
      return;
    SmallVector<DictionaryAttr> stripped;
    bool changed = false;
    for (auto dict : dicts.getAsRange<DictionaryAttr>()) {
      if (!llvm::any_of(dict, isOurs)) {
        stripped.push_back(dict);
        continue;
      }
      changed = true;
      SmallVector<NamedAttribute> kept;
      llvm::copy_if(dict, std::back_inserter(kept),
                    [&](NamedAttribute attr) { return !isOurs(attr); });
      stripped.push_back(DictionaryAttr::get(op->getContext(), kept));
    }
    if (changed)
      setAll(stripped);
  };
  strip(func.getArgAttrsAttr(),
        [&](ArrayRef<DictionaryAttr> d) { func.setAllArgAttrs(d); });
  strip(func.getResAttrsAttr(),
        [&](ArrayRef<DictionaryAttr> d) { func.setAllResultAttrs(d); });
}

class SymShapeLowerPass
    : public symshape::impl::SymShapeLowerPassBase<SymShapeLowerPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    // Each function is lowered on its own. The analysis of a function reads
    // the bodies of the functions it calls.
    Operation *root = getOperation();
    SmallVector<Operation *> units = analysisUnits(root);
    std::unique_ptr<SymbolTable> symbols = moduleSymbolTable(root);
    bool withChecks = checks == CheckMode::Assert;
    // The output is ordinary MLIR: the symshape attributes (argument names,
    // ranges) have done their work and go too. Symshape ops outside
    // functions cannot be lowered.
    auto finishUnit = [&](Operation *unit) {
      WalkResult walk = unit->walk([&](Operation *op) {
        stripSymShapeAttrs(op);
        // An unregistered op has no dialect.
        if (isa_and_nonnull<SymShapeDialect>(op->getDialect())) {
          op->emitError("symshape-lower: no function around this op");
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      return failure(walk.wasInterrupted());
    };
    auto lowerUnit = [&](size_t i, unsigned) -> FailureOr<bool> {
      WalkResult walk = units[i]->walk([&](FunctionOpInterface func) {
        if (func.isExternal())
          return WalkResult::advance();
        return failed(Lowering(func, withChecks, symbols.get()).run())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      });
      if (walk.wasInterrupted())
        return failure();
      return false;
    };
    // Callers before callees, so that a lowering reads the bodies of the
    // functions its function calls as they were before the pass. Within a
    // layer no function reads another: each is lowered in one task, in
    // parallel with the others. The functions of a call cycle are lowered
    // one after the other (there, a callee may already be lowered).
    CallOrderConfig config;
    config.calleesFirst = false;
    auto nothing = [](size_t, unsigned) { return success(); };
    UnitSteps steps;
    steps.analyse = nothing;
    steps.apply = lowerUnit;
    if (failed(runInCallOrder(&getContext(), orderByCalls(root, units), config,
                              steps)))
      return signalPassFailure();
    // Attributes go once every function is lowered (a lowering reads the
    // bodies of the functions its function calls).
    if (failed(forEachUnit(&getContext(), units.size(),
                           [&](size_t i) { return finishUnit(units[i]); })))
      return signalPassFailure();
    if (!llvm::is_contained(units, root))
      stripSymShapeAttrs(root);
  }
};

} // namespace
