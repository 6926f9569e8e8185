//===- ShapeAnalysis.cpp - Symbolic facts of ordinary MLIR ----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/ShapeAnalysis.h"

#include "symshape/Analysis/Materialize.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace symshape;

#define DEBUG_TYPE "symshape-analysis"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool symshape::isImpliedRange(Solver &solver, Expr e, const Interval &range,
                              int64_t divisor) {
  return e && range.contains(solver.getRange(e)) &&
         (divisor <= 1 || solver.getDivisor(e) % divisor == 0);
}

//===----------------------------------------------------------------------===//
// Construction and symbols
//===----------------------------------------------------------------------===//

Operation *symshape::nameScope(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<FunctionOpInterface>(p) ||
        p->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return p;
  return nullptr;
}

ShapeAnalysis::ShapeAnalysis(MLIRContext *context,
                             const ShapeAnalysisConfig &config)
    : exprContext(SymShapeDialect::getExprContext(context)), solver(facts),
      config(config) {}

ShapeAnalysis::~ShapeAnalysis() = default;

Expr ShapeAnalysis::newSymbol(SymbolInfo info) {
  unsigned pos = symbols.size();
  bool isSize = info.isSize;
  symbols.push_back(std::move(info));
  if (isSize)
    facts.declareSize(pos);
  return exprContext.getSymbol(pos);
}

Expr ShapeAnalysis::dimSymbol(Value value, unsigned dim) {
  auto key = std::make_pair(value, dim);
  auto it = dimSymbols.find(key);
  if (it != dimSymbols.end())
    return exprContext.getSymbol(it->second);
  SymbolInfo info{SymbolInfo::Kind::Dim, value, dim, "", /*isSize=*/true};
  Expr s = newSymbol(info);
  dimSymbols[key] = s.getSymbolPosition();
  return s;
}

Expr ShapeAnalysis::opaqueSymbol(Value value) {
  auto it = opaqueSymbols.find(value);
  if (it != opaqueSymbols.end())
    return exprContext.getSymbol(it->second);
  SymbolInfo info{SymbolInfo::Kind::Opaque, value, -1, "", /*isSize=*/false};
  Expr s = newSymbol(info);
  opaqueSymbols[value] = s.getSymbolPosition();
  return s;
}

Expr ShapeAnalysis::getNamedSymbol(Value value, StringRef name,
                                   const symshape::Interval &range,
                                   int64_t divisor) {
  // A name denotes one symbol per function (docs/Dialect.md).
  Operation *anchor = value.getDefiningOp();
  Operation *scope =
      anchor ? nameScope(anchor) : value.getParentRegion()->getParentOp();
  auto key = std::make_pair(scope, name);
  auto it = namedSymbols.find(key);
  if (it != namedSymbols.end())
    return exprContext.getSymbol(it->second);
  // Not declared by a walk: declare it now (facts of a symbol are
  // declarations, true wherever the symbol exists).
  SymbolInfo info{SymbolInfo::Kind::Named, value, -1, name.str(),
                  /*isSize=*/true};
  Expr s = newSymbol(info);
  namedSymbols[key] = s.getSymbolPosition();
  facts.declareSymbolRange(s.getSymbolPosition(), range);
  facts.declareSymbolDivisor(s.getSymbolPosition(), divisor);
  return s;
}

void ShapeAnalysis::setDimName(Value value, unsigned dim, StringRef name) {
  dimNames[{value, dim}] = name.str();
}

bool symshape::isElementwiseOnTensors(Operation *op) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumOperands() == 0 ||
      op->getNumResults() == 0)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  auto sameRank = [&](Type t) {
    auto ranked = dyn_cast<RankedTensorType>(t);
    return ranked && ranked.getRank() == type.getRank();
  };
  return type && llvm::all_of(op->getOperandTypes(), sameRank) &&
         llvm::all_of(op->getResultTypes(), sameRank);
}

std::string symshape::describeLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (llvm::sys::path::filename(fileLoc.getFilename().getValue()) + ":" +
            Twine(fileLoc.getLine()) + ":" + Twine(fileLoc.getColumn()))
        .str();
  // A name without a place in a file (what frontends write for the node
  // an op comes from) is the name, quoted.
  if (auto nameLoc = dyn_cast<NameLoc>(loc)) {
    std::string inner = describeLocation(nameLoc.getChildLoc());
    return inner.empty() ? ("\"" + nameLoc.getName().getValue() + "\"").str()
                         : inner;
  }
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string s = describeLocation(inner); !s.empty())
        return s;
  return "";
}

std::string ShapeAnalysis::getSymbolName(unsigned pos) const {
  const SymbolInfo &info = symbols[pos];
  if (info.kind == SymbolInfo::Kind::Named)
    return info.name;
  if (info.kind == SymbolInfo::Kind::Dim) {
    auto it = dimNames.find({info.value, static_cast<unsigned>(info.dim)});
    if (it != dimNames.end() && !it->second.empty())
      return it->second;
  }
  // Names the user gave a function argument's dims.
  auto arg = dyn_cast<BlockArgument>(info.value);
  auto func = arg && arg.getOwner()->isEntryBlock()
                  ? dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp())
                  : FunctionOpInterface();
  if (func && info.kind == SymbolInfo::Kind::Dim) {
    if (auto names = func.getArgAttrOfType<ArrayAttr>(arg.getArgNumber(),
                                                      "symshape.dim_names"))
      if (info.dim < static_cast<int64_t>(names.size()))
        if (auto name = dyn_cast<StringAttr>(names[info.dim]);
            name && !name.getValue().empty())
          return name.getValue().str();
  }
  // Otherwise what the user can find in the source: an argument by its
  // number, anything else by its op and location, in brackets so that it
  // reads as one term of an expression.
  std::string name;
  llvm::raw_string_ostream os(name);
  if (func) {
    os << "arg" << arg.getArgNumber();
    if (info.kind == SymbolInfo::Kind::Dim)
      os << ".dim" << info.dim;
    return name;
  }
  os << "[";
  if (info.kind == SymbolInfo::Kind::Dim)
    os << "dim " << info.dim << " of ";
  Location loc = info.value.getLoc();
  if (arg && !describeLocation(arg.getLoc()).empty()) {
    // Where the argument is declared in the source (`^bb1(%n: index)`).
    os << "block argument";
  } else if (arg) {
    os << "block argument " << arg.getArgNumber() << " of "
       << arg.getOwner()->getParentOp()->getName();
    loc = arg.getOwner()->getParentOp()->getLoc();
  } else {
    auto result = cast<OpResult>(info.value);
    Operation *owner = result.getOwner();
    if (owner->getNumResults() > 1)
      os << "result " << result.getResultNumber() << " of ";
    os << owner->getName().getStringRef();
  }
  if (std::string where = describeLocation(loc); !where.empty())
    os << " at " << where;
  os << "]";
  return name;
}

llvm::DenseMap<unsigned, SmallVector<FactSource>>
ShapeAnalysis::getFactSources() const {
  llvm::DenseMap<unsigned, SmallVector<FactSource>> sources;
  llvm::DenseSet<std::pair<unsigned, Operation *>> seen;
  auto note = [&](Expr e, const FactSource &source) {
    if (e)
      for (unsigned pos : e.getSymbolsUsed())
        if (seen.insert({pos, source.op}).second)
          sources[pos].push_back(source);
  };
  for (const StatedFact &fact : factSources) {
    note(fact.expr, fact.source);
    note(fact.boundTo, fact.source);
  }
  return sources;
}

std::string ShapeAnalysis::describe(Expr e) {
  if (!e)
    return "<unknown>";
  std::string text;
  llvm::raw_string_ostream os(text);
  solver.normalize(e).print(os, [&](llvm::raw_ostream &out, unsigned pos) {
    out << getSymbolName(pos);
  });
  return text;
}

bool ShapeAnalysis::isBuiltFromSizes(Expr e) {
  e = solver.normalize(e);
  if (!e)
    return false;
  // A symbol this analysis has not created yet may still be declared a
  // size: such an answer is not kept.
  if (e.getNumSymbolsUsed() > symbols.size())
    return llvm::all_of(e.getSymbolsUsed(),
                        [&](unsigned pos) { return facts.isSizeSymbol(pos); });
  return allSymbolsAreSizes(e);
}

bool ShapeAnalysis::allSymbolsAreSizes(Expr e) {
  if (e.isSymbol())
    return facts.isSizeSymbol(e.getSymbolPosition());
  if (e.getSymbolsUsed().empty())
    return true;
  auto it = builtFromSizes.find(e);
  if (it != builtFromSizes.end())
    return it->second;
  // The symbols of a node are those of its operands; those of a sum
  // extending another by one term (Expr::getExtendedSum), that sum's and the
  // term's.
  bool all;
  Expr shorter = e.getExtendedSum();
  auto known = shorter ? builtFromSizes.find(shorter) : builtFromSizes.end();
  if (known != builtFromSizes.end())
    all = known->second && // (read before the call below grows the table)
          allSymbolsAreSizes(e.getOperands()[e.getExtensionIndex()]);
  else
    all = llvm::all_of(e.getOperands(),
                       [&](Expr op) { return allSymbolsAreSizes(op); });
  builtFromSizes[e] = all;
  return all;
}

//===----------------------------------------------------------------------===//
// Expressions of values
//===----------------------------------------------------------------------===//

Expr ShapeAnalysis::getExpr(Value value) {
  if (!value || !isIntLike(value.getType()))
    return Expr();
  auto it = valueExprs.find(value);
  if (it != valueExprs.end())
    return it->second;
  Expr e = followDefChain([&] { return computeExpr(value); });
  if (!e)
    e = opaqueSymbol(value);
  else if (isTooWide(e))
    e = standInFor(e, opaqueSymbol(value));
  valueExprs[value] = e;
  return e;
}

Expr ShapeAnalysis::standInFor(Expr wide, Expr standIn) {
  // What the facts here prove of the expression (its range is exact for a
  // sum of distinct symbols, a chain of n sizes added one by one) holds of
  // the value from here on; like any fact stated here, it ends with the
  // scope. Each stand-in's range carries into the next sum.
  Interval range = solver.getRange(wide);
  int64_t divisor = solver.getDivisor(wide);
  unsigned pos = standIn.getSymbolPosition();
  facts.addSymbolRange(pos, range);
  if (divisor > 1)
    facts.addSymbolDivisor(pos, divisor);
  return standIn;
}

/// A sum or product wider than `config.maxTerms` is not kept as the
/// expression of a value or dim (ShapeAnalysisConfig::maxTerms).
bool ShapeAnalysis::isTooWide(Expr e) const {
  ExprKind kind = e.getKind();
  return (kind == ExprKind::Add || kind == ExprKind::Mul) &&
         e.getOperands().size() > config.maxTerms;
}

Expr ShapeAnalysis::followDefChain(llvm::function_ref<Expr()> compute) {
  if (config.onDemandDepthLimit &&
      onDemandDepth >= *config.onDemandDepthLimit) {
    depthLimitReached = true;
    return Expr();
  }
  ++onDemandDepth;
  Expr e = compute();
  --onDemandDepth;
  return e;
}

Expr ShapeAnalysis::computeExpr(Value value) {
  if (auto result = dyn_cast<OpResult>(value))
    return computeOpResult(result.getOwner(), result);
  return opaqueSymbol(value);
}

Expr ShapeAnalysis::computeOpResult(Operation *op, OpResult result) {
  auto semantics = dyn_cast<ShapeSemanticsOpInterface>(op);
  if (!semantics)
    return Expr();
  addFactsOnDemand(op);
  return semantics.getResultExpr(result, *this);
}

//===----------------------------------------------------------------------===//
// Dims of shaped values
//===----------------------------------------------------------------------===//

Expr ShapeAnalysis::getDimExpr(Value shaped, unsigned dim) {
  auto type = dyn_cast<ShapedType>(shaped.getType());
  if (!type || !type.hasRank() || dim >= type.getRank())
    return Expr();
  if (!type.isDynamicDim(dim))
    return exprContext.getConstant(type.getDimSize(dim));
  auto key = std::make_pair(shaped, dim);
  auto it = dimExprs.find(key);
  if (it != dimExprs.end())
    return it->second;
  Expr e = followDefChain([&] { return computeDimExpr(shaped, dim); });
  if (!e)
    e = dimSymbol(shaped, dim);
  else if (isTooWide(e))
    e = standInFor(e, dimSymbol(shaped, dim));
  dimExprs[key] = e;
  return e;
}

SmallVector<Expr> ShapeAnalysis::getShape(Value shaped) {
  SmallVector<Expr> shape;
  auto type = dyn_cast<ShapedType>(shaped.getType());
  if (!type || !type.hasRank())
    return shape;
  for (unsigned i = 0, e = type.getRank(); i < e; ++i)
    shape.push_back(getDimExpr(shaped, i));
  return shape;
}

/// A probe analysis without facts gives the carried value's dim an opaque
/// symbol S and computes the yielded dim: kept exactly when that is S
/// itself.
bool ShapeAnalysis::isCarriedDimKept(Value carried, Value yielded,
                                     unsigned dim) {
  if (callDepth >= kMaxCallDepth)
    return false;
  ShapeAnalysis probe(carried.getContext());
  probe.callDepth = callDepth + 1;
  probe.config.symbols = config.symbols;
  Expr s = probe.dimSymbol(carried, dim);
  probe.dimExprs[{carried, dim}] = s;
  if (probe.getDimExpr(yielded, dim) != s)
    return false;
  Operation *loop = isa<BlockArgument>(carried)
                        ? cast<BlockArgument>(carried).getOwner()->getParentOp()
                        : carried.getDefiningOp();
  if (loop)
    noteAssumption(loop, 1 + dim, [&] {
      return "the loop " + loop->getName().getStringRef().str() +
             " keeps dim " + std::to_string(dim) +
             " of a carried tensor (one iteration probed with the dim "
             "unknown: by induction)";
    });
  return true;
}

Expr ShapeAnalysis::computeDimExpr(Value shaped, unsigned dim) {
  if (auto arg = dyn_cast<BlockArgument>(shaped)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto semantics = dyn_cast_or_null<ShapeSemanticsOpInterface>(parent))
      return semantics.getValueDimExpr(arg, dim, *this);
    return Expr();
  }
  auto result = cast<OpResult>(shaped);
  Operation *op = result.getOwner();
  if (auto semantics = dyn_cast<ShapeSemanticsOpInterface>(op)) {
    addFactsOnDemand(op);
    if (Expr e = semantics.getValueDimExpr(result, dim, *this))
      return e;
  }
  // A destination-passing op's result has the shape of its tied init.
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    if (OpOperand *init = dps.getTiedOpOperand(result))
      return getDimExpr(init->get(), dim);
  // An elementwise op on tensors only (arith, math) has the shape of its
  // operands: they must all have it, or the program is undefined. With a
  // scalar operand it may be something else: `arith.select` of an `i1`
  // picks one of two tensors whose shapes may differ.
  if (isElementwiseOnTensors(op)) {
    if (llvm::any_of(op->getOperands(),
                     [&](Value v) { return v != op->getOperand(0); }))
      noteAssumption(op, 0, [&] {
        return "the tensor operands of " + op->getName().getStringRef().str() +
               " have one shape (elementwise; the program is undefined "
               "otherwise)";
      });
    return getDimExpr(op->getOperand(0), dim);
  }
  return Expr();
}

void ShapeAnalysis::noteAssumption(Operation *op, unsigned kind,
                                   llvm::function_ref<std::string()> what) {
  if (config.logStatedFacts && assumed.insert({op, kind}).second)
    assumptions.push_back({op->getLoc(), what()});
}

std::vector<ShapeAnalysis::Assumption> ShapeAnalysis::takeNewAssumptions() {
  std::vector<Assumption> fresh(assumptions.begin() + assumptionsTaken,
                                assumptions.end());
  assumptionsTaken = assumptions.size();
  return fresh;
}

bool ShapeAnalysis::isDefinedBefore(Expr e, Operation *op) {
  e = solver.normalize(e);
  if (!e)
    return false;
  for (unsigned pos : e.getSymbolsUsed()) {
    Value v = symbols[pos].value;
    if (!v)
      return false;
    // `v` is defined in a block that holds `op` (or an op around it), before
    // that op; anything else (inside `op`, in another block) is refused.
    Operation *ancestor = v.getParentBlock()->findAncestorOpInBlock(*op);
    if (!ancestor || ancestor == v.getDefiningOp())
      return false;
    if (Operation *def = v.getDefiningOp();
        def && !def->isBeforeInBlock(ancestor))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Calls of private functions
//===----------------------------------------------------------------------===//

ShapeAnalysis::CallSummary
ShapeAnalysis::computeCallSummary(Region &body, unsigned resultIndex,
                                  std::optional<unsigned> dim) {
  // One return, at the end of the entry block.
  Block &entry = body.front();
  Operation *ret = nullptr;
  for (Block &block : body) {
    if (!block.mightHaveTerminator())
      continue;
    Operation *terminator = block.getTerminator();
    if (!terminator->hasTrait<OpTrait::ReturnLike>())
      continue;
    if (ret || &block != &entry)
      return {};
    ret = terminator;
  }
  if (!ret || resultIndex >= ret->getNumOperands())
    return {};
  ShapeAnalysis inner(body.getContext());
  inner.callDepth = callDepth + 1;
  inner.config.symbols = config.symbols;
  Value returned = ret->getOperand(resultIndex);
  Expr e = dim ? inner.getDimExpr(returned, *dim) : inner.getExpr(returned);
  e = inner.solver.normalize(e);
  if (!e)
    return {};
  CallSummary summary;
  for (unsigned pos : e.getSymbolsUsed()) {
    const SymbolInfo &info = inner.getSymbolInfo(pos);
    auto arg = dyn_cast<BlockArgument>(info.value);
    if (!arg || arg.getOwner() != &entry ||
        (info.kind != SymbolInfo::Kind::Dim &&
         info.kind != SymbolInfo::Kind::Opaque))
      return {};
    summary.arguments.push_back(
        {pos, arg.getArgNumber(),
         info.kind == SymbolInfo::Kind::Dim ? info.dim : int64_t(-1)});
  }
  summary.expr = e;
  return summary;
}

Operation *ShapeAnalysis::resolveCallee(CallOpInterface call) const {
  auto ref = llvm::dyn_cast_if_present<FlatSymbolRefAttr>(
      llvm::dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee()));
  if (config.symbols && ref &&
      SymbolTable::getNearestSymbolTable(call) == config.symbols->getOp())
    return config.symbols->lookup(ref.getValue());
  return call.resolveCallable();
}

Expr ShapeAnalysis::getCallResult(CallOpInterface call, unsigned resultIndex,
                                  std::optional<unsigned> dim) {
  if (!config.callSummaries || callDepth >= kMaxCallDepth)
    return Expr();
  // Only private functions with a body: a public one may be replaced at
  // link time.
  Operation *callee = resolveCallee(call);
  auto callable = dyn_cast_or_null<CallableOpInterface>(callee);
  auto symbol = dyn_cast_or_null<SymbolOpInterface>(callee);
  Region *body = callable ? callable.getCallableRegion() : nullptr;
  if (!symbol || !symbol.isPrivate() || !body || body->empty())
    return Expr();
  // The callee's result as an expression of its arguments, without the
  // facts that hold only inside it: computed once per (callee, result, dim)
  // and reused for every call.
  auto key =
      std::make_tuple(callee, resultIndex, dim ? int64_t(*dim) : int64_t(-1));
  auto cached = callSummaryCache.find(key);
  if (cached == callSummaryCache.end())
    cached = callSummaryCache
                 .try_emplace(key, computeCallSummary(*body, resultIndex, dim))
                 .first;
  // A copy: the queries below may summarize other calls (and grow the map).
  CallSummary summary = cached->second;
  if (!summary.expr)
    return Expr();
  llvm::SmallDenseMap<unsigned, Expr, 8> replacements;
  for (const CallSummary::Argument &arg : summary.arguments) {
    if (arg.number >= call.getArgOperands().size())
      return Expr();
    Value operand = call.getArgOperands()[arg.number];
    Expr mapped =
        arg.dim >= 0 ? getDimExpr(operand, arg.dim) : getExpr(operand);
    if (!mapped)
      return Expr();
    replacements[arg.symbol] = mapped;
  }
  return substituteSymbols(summary.expr,
                           [&](unsigned pos) { return replacements[pos]; });
}

//===----------------------------------------------------------------------===//
// Facts
//===----------------------------------------------------------------------===//

/// "in [lo, hi]" and ", a multiple of d" for a divisor above 1: a stated
/// range and divisor, for diagnostics.
static std::string describeRange(const symshape::Interval &range,
                                 int64_t divisor) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "in " << range;
  if (divisor > 1)
    os << ", a multiple of " << divisor;
  return text;
}

/// The range of a symbol with what its kind implies (a size is >= 0).
static symshape::Interval kindRange(const SymbolFacts &f) {
  return f.isSize ? f.range.intersect(symshape::Interval::nonNegative())
                  : f.range;
}

std::string ShapeAnalysis::describeSymbolRanges(ArrayRef<Expr> exprs,
                                                unsigned limit) {
  llvm::SetVector<unsigned> used;
  for (Expr e : exprs)
    if (Expr n = solver.normalize(e))
      used.insert_range(n.getSymbolsUsed());
  std::string text;
  llvm::raw_string_ostream os(text);
  unsigned shown = 0;
  for (unsigned pos : used) {
    if (shown == limit) {
      os << "; ...";
      break;
    }
    Expr symbol = exprContext.getSymbol(pos);
    os << (shown++ ? "; " : "") << getSymbolName(pos) << " "
       << describeRange(solver.getRange(symbol), solver.getDivisor(symbol));
  }
  return text;
}

std::string ShapeAnalysis::describeAsStated(Expr e, bool rename) const {
  // A symbol equal to another symbol (a dim bound to a named symbol) is
  // written as that one; no other fact is applied, so that no symbol
  // becomes the constant a binding made it.
  Expr renamed = !rename ? e : substituteSymbols(e, [&](unsigned pos) {
    Expr to = facts.getEquality(pos);
    return to && to.isSymbol() ? to : exprContext.getSymbol(pos);
  });
  std::string text;
  llvm::raw_string_ostream os(text);
  (renamed ? renamed : e).print(os, [&](llvm::raw_ostream &out, unsigned pos) {
    out << getSymbolName(pos);
  });
  return text;
}

void ShapeAnalysis::reportContradiction(
    Expr e, FactSource fact, llvm::function_ref<std::string()> describeFact) {
  if (!fact.userStated && !config.warnFailingChecks)
    return;
  std::string stated = describeFact();
  Operation *source = fact.op;
  // The most recent other source of a fact on a symbol of `e`.
  Operation *other = nullptr;
  for (auto it = factSources.rbegin(); it != factSources.rend(); ++it) {
    if (it->source.op == source || !it->expr)
      continue;
    bool shared = false;
    for (unsigned i : e.getSymbolsUsed())
      shared |= it->expr.usesSymbol(i);
    if (shared || it->expr == e) {
      other = it->source.op;
      break;
    }
  }
  // Name the symbols the fact is about, as the user knows them.
  std::string about;
  llvm::raw_string_ostream os(about);
  llvm::interleaveComma(e.getSymbolsUsed(), os,
                        [&](unsigned i) { os << getSymbolName(i); });
  if (about.empty())
    about = stated;
  // Diagnostics at the source's location, without the op printed again.
  InFlightDiagnostic diag =
      fact.userStated
          ? mlir::emitError(source->getLoc())
                << "contradicting facts: this fact ('" << stated
                << "') cannot hold together with what is known of '" << about
                << "'"
          : mlir::emitWarning(source->getLoc())
                << "this check ('" << stated << "') contradicts earlier facts "
                << "on '" << about
                << "': the program aborts here at run time whatever the input";
  if (fact.userStated)
    contradiction = true;
  if (other)
    diag.attachNote(other->getLoc()) << "the other fact is stated here";
  // And what is declared of each symbol, where it is declared.
  for (unsigned i : e.getSymbolsUsed()) {
    SymbolFacts declared = facts.getDeclaration(i);
    symshape::Interval range = kindRange(declared);
    // Nothing declared beyond the default of the symbol's kind.
    if ((range.isFull() || range == symshape::Interval::nonNegative()) &&
        declared.divisor == 1)
      continue;
    const SymbolInfo &info = symbols[i];
    Location loc = info.value ? info.value.getLoc() : source->getLoc();
    if (Operation *def = info.value ? info.value.getDefiningOp() : nullptr)
      loc = def->getLoc();
    diag.attachNote(loc) << "'" << getSymbolName(i) << "' is declared "
                         << describeRange(range, declared.divisor) << " here";
  }
}

void ShapeAnalysis::addRange(Expr e, const symshape::Interval &range,
                             int64_t divisor, FactSource source) {
  if (config.logStatedFacts && e)
    statedFacts.push_back({e, range, divisor, Expr()});
  LLVM_DEBUG(llvm::dbgs() << "symshape-analysis: fact " << describe(e) << " in "
                          << range << " (divisor " << divisor << ")\n");
  Expr asStated = e;
  e = solver.normalize(e);
  if (!e)
    return;
  bool ok = true;
  // Check against what is already known, including computed ranges.
  if (!solver.getRange(e).intersect(range).isEmpty()) {
    ok = facts.addExprRange(e, range);
  } else {
    facts.addExprRange(e, range);
    ok = false;
  }
  if (ok && divisor > 1) {
    if (e.isSymbol())
      ok = facts.addSymbolDivisor(e.getSymbolPosition(), divisor);
  }
  if (!ok)
    unreachable = true;
  if (source.op) {
    if (!ok)
      reportContradiction(e, source, [&] {
        // One bound or a point reads as the comparison it came from.
        std::string text;
        llvm::raw_string_ostream os(text);
        os << describeAsStated(asStated);
        if (range.isPoint())
          os << " == " << *range.getPoint();
        else if (!range.getLo() && range.getHi())
          os << " <= " << *range.getHi();
        else if (range.getLo() && !range.getHi())
          os << " >= " << *range.getLo();
        else
          os << " " << describeRange(range, /*divisor=*/1);
        if (divisor > 1)
          os << ", a multiple of " << divisor;
        return text;
      });
    factSources.push_back({e, source});
  }
}

void ShapeAnalysis::addEquality(Expr a, Expr b, FactSource source) {
  if (config.logStatedFacts && a && b)
    statedFacts.push_back({a, symshape::Interval(), 1, b});
  LLVM_DEBUG(llvm::dbgs() << "symshape-analysis: fact " << describe(a)
                          << " == " << describe(b) << "\n");
  // As stated, without the equalities (this one may be among them when it
  // is reported).
  Expr statedA = a, statedB = b;
  auto stated = [&] {
    return describeAsStated(statedA, /*rename=*/false) +
           " == " + describeAsStated(statedB, /*rename=*/false);
  };
  a = solver.normalize(a);
  b = solver.normalize(b);
  if (!a || !b || a == b)
    return;
  // A symbol that the other side does not use can be bound to it; a - b is
  // a constant only if neither side is one (otherwise a binding is tried
  // first and the difference may not be needed).
  auto freeSymbol = [](Expr sym, Expr other) {
    return sym.isSymbol() && !other.usesSymbol(sym.getSymbolPosition());
  };
  Expr d;
  if (!freeSymbol(a, b) && !freeSymbol(b, a)) {
    d = sub(a, b);
    if (d && d.isConstant()) {
      unreachable = true;
      if (source.op)
        reportContradiction(a, source, [&] {
          return stated() + " (" + describe(a) + " == " + describe(b) + ")";
        });
      return;
    }
  }
  auto bind = [&](Expr sym, Expr value) {
    if (!freeSymbol(sym, value))
      return false;
    unsigned pos = sym.getSymbolPosition();
    SymbolFacts known = facts.getSymbol(pos);
    // The symbol's own range and divisor now constrain `value`.
    symshape::Interval valueRange = solver.getRange(value);
    if (!facts.addEquality(pos, value))
      return false;
    symshape::Interval symRange = kindRange(known);
    bool ok = !valueRange.intersect(symRange).isEmpty();
    if (!symRange.isFull())
      ok &= facts.addExprRange(value, symRange);
    if (known.divisor > 1 && value.isSymbol())
      ok &= facts.addSymbolDivisor(value.getSymbolPosition(), known.divisor);
    if (!ok)
      unreachable = true;
    if (source.op) {
      if (!ok)
        reportContradiction(sym, source, stated);
      factSources.push_back({sym, source, value});
    }
    return true;
  };
  // The symbol that stays is the one the user knows best: a named symbol or
  // a dim before an opaque value (a select, a cast, a call's result), so
  // that reports keep the user's names.
  auto rank = [&](Expr e) {
    if (!e.isSymbol())
      return 0;
    switch (symbols[e.getSymbolPosition()].kind) {
    case SymbolInfo::Kind::Named:
      return 3;
    case SymbolInfo::Kind::Dim:
      return 2;
    case SymbolInfo::Kind::Opaque:
      return 1;
    }
    return 1;
  };
  bool keepA = rank(a) > rank(b);
  if (keepA ? bind(b, a) || bind(a, b) : bind(a, b) || bind(b, a))
    return;
  if (!d)
    d = sub(a, b);
  addRange(d, symshape::Interval::point(0), 1, source);
}

void ShapeAnalysis::addCondition(Value cond, bool isTrue, FactSource source) {
  // A constant condition that does not hold: the point is never reached (a
  // cf.assert of false, the branch of an scf.if that is not taken).
  if (std::optional<int64_t> c = getConstantInt(cond)) {
    if ((*c != 0) != isTrue)
      unreachable = true;
    return;
  }
  Condition condition = getCondition(cond, isTrue);
  if (condition.comparison)
    addComparison(*condition.comparison, source);
  for (auto [value, holds] : condition.implied)
    addCondition(value, holds, source);
}

Condition ShapeAnalysis::getCondition(Value cond, bool isTrue) {
  if (auto result = dyn_cast<OpResult>(cond))
    if (auto semantics = dyn_cast<ShapeSemanticsOpInterface>(result.getOwner()))
      return semantics.getCondition(result, isTrue, *this);
  return Condition();
}

Verdict ShapeAnalysis::decideCondition(Value cond) {
  Condition condition = getCondition(cond, /*isTrue=*/true);
  return condition.comparison ? decideComparison(*condition.comparison)
                              : Verdict::Unknown;
}

void ShapeAnalysis::addFactsOf(Operation *op) {
  if (auto semantics = dyn_cast<ShapeSemanticsOpInterface>(op))
    semantics.addFacts(FactScope::afterOp(), *this);
}

void ShapeAnalysis::addFactsOnDemand(Operation *op) {
  if (!walking && factsOnDemand.insert(op).second)
    addFactsOf(op);
}

void ShapeAnalysis::addDeclarations(Operation *root) {
  // Symbols are declarations: their facts hold wherever they exist. Two
  // symbol ops with one name in one function are one symbol: their ranges
  // intersect and their divisors combine by lcm; they must agree.
  llvm::DenseMap<std::pair<Operation *, StringRef>, SymbolOp> first;
  root->walk([&](SymbolOp symbol) {
    Expr s = getExpr(symbol.getResult());
    auto [it, inserted] = first.try_emplace(
        std::make_pair(nameScope(symbol), symbol.getName()), symbol);
    if (inserted)
      return;
    SymbolOp other = it->second;
    unsigned pos = s.getSymbolPosition();
    RangeAttr range = symbol.getRangeOrDefault();
    bool ok = facts.declareSymbolRange(
        pos, symshape::Interval(range.getLo(), range.getHi()));
    ok &= facts.declareSymbolDivisor(pos, symbol.getDivisor());
    if (!ok) {
      contradiction = true;
      auto describe = [](SymbolOp op) {
        RangeAttr r = op.getRangeOrDefault();
        return describeRange(symshape::Interval(r.getLo(), r.getHi()),
                             op.getDivisor());
      };
      InFlightDiagnostic diag =
          mlir::emitError(symbol.getLoc())
          << "contradicting facts: symbol '" << symbol.getName()
          << "' is declared again " << describe(symbol)
          << ", which cannot hold together with its other declaration";
      diag.attachNote(other.getLoc())
          << "the other declaration is here: " << describe(other);
    }
  });
}

//===----------------------------------------------------------------------===//
// The walk in dominance order
//===----------------------------------------------------------------------===//

void ShapeAnalysis::recordAvailable(Value value, Expr e) {
  if (!e || !config.availableValues)
    return;
  Expr key = solver.simplify(e);
  available[key].push_back(value);
  availableLog.push_back(key);
}

Value ShapeAnalysis::findAvailableValue(Expr e, Type type, Value exclude) {
  assert(config.availableValues &&
         "the analysis does not index available values");
  if (!e)
    return Value();
  auto it = available.find(solver.simplify(e));
  if (it == available.end())
    return Value();
  for (Value v : llvm::reverse(it->second))
    if (v != exclude && v.getType() == type)
      return v;
  return Value();
}

ShapeAnalysis::ScopeMarks ShapeAnalysis::enterScope() {
  return {facts.mark(), factSources.size(), availableLog.size(),
          statedFacts.size(), unreachable};
}

void ShapeAnalysis::exitScope(const ScopeMarks &marks) {
  facts.rollback(marks.facts);
  factSources.resize(marks.sources);
  statedFacts.resize(marks.stated);
  unreachable = marks.unreachable;
  while (availableLog.size() > marks.available) {
    available[availableLog.back()].pop_back();
    availableLog.pop_back();
  }
}

void ShapeAnalysis::addRegionEntryFacts(Operation *op, Region &region) {
  if (auto semantics = dyn_cast<ShapeSemanticsOpInterface>(op))
    semantics.addFacts(FactScope::regionEntry(region.getRegionNumber()), *this);
}

void ShapeAnalysis::walkOp(Operation *op, const Visitor &visitor) {
  // Code that never runs is left alone: its facts prove anything, and a
  // rewrite drawn from them may not even verify.
  if (unreachable)
    return;
  for (Region &region : op->getRegions()) {
    ScopeMarks marks = enterScope();
    addRegionEntryFacts(op, region);
    walkRegion(region, visitor);
    exitScope(marks);
  }
  for (Value result : op->getResults())
    if (Expr e = getExpr(result))
      recordAvailable(result, e);
  if (visitor)
    visitWithOperandFacts(op, visitor);
  addFactsOf(op);
  addDimFacts(op);
}

void ShapeAnalysis::visitWithOperandFacts(Operation *op,
                                          const Visitor &visitor) {
  // A pure op without regions whose single result is read by one use only:
  // what holds at that use holds for the value (it matters nowhere else).
  OpOperand *use = nullptr;
  if (config.operandFacts && op->getNumResults() == 1 &&
      op->getNumRegions() == 0 && op->getResult(0).hasOneUse() && isPure(op))
    use = &*op->getResult(0).getUses().begin();
  auto user = use ? dyn_cast<ShapeSemanticsOpInterface>(use->getOwner())
                  : ShapeSemanticsOpInterface();
  if (!user) {
    visitor(op);
    return;
  }
  ScopeMarks marks = enterScope();
  user.addFacts(FactScope::operandUse(use->getOperandNumber()), *this);
  // Only facts the use added restrict what may be done with the value.
  underOperandFacts = facts.mark() != marks.facts || unreachable;
  // A value never selected is left alone.
  if (!unreachable)
    visitor(op);
  underOperandFacts = false;
  exitScope(marks);
}

void ShapeAnalysis::addDimFacts(Operation *op) {
  // Once `op` has run, the dims of its results exist and are sizes: a dim
  // computed from an integer unknown (a slice size, an empty's extent) is
  // non-negative from here on (before, it may have been anything).
  for (Value result : op->getResults()) {
    auto type = dyn_cast<ShapedType>(result.getType());
    if (!type || !type.hasRank())
      continue;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d))
        continue;
      Expr e = getDimExpr(result, d);
      if (e && !solver.getRange(e).isNonNegative())
        addRange(e, symshape::Interval::nonNegative(), 1, FactSource());
    }
  }
}

void ShapeAnalysis::addBlockEntryFacts(Block *block) {
  // Only a block entered through one edge of one branch: at a join the
  // branch's facts do not hold.
  Block *pred = block->getSinglePredecessor();
  if (!pred || !pred->mightHaveTerminator())
    return;
  Operation *branch = pred->getTerminator();
  auto semantics = dyn_cast<ShapeSemanticsOpInterface>(branch);
  if (!semantics)
    return;
  std::optional<unsigned> edge;
  for (unsigned i = 0, e = branch->getNumSuccessors(); i < e; ++i) {
    if (branch->getSuccessor(i) != block)
      continue;
    if (edge)
      return; // Both edges lead here.
    edge = i;
  }
  if (edge)
    semantics.addFacts(FactScope::successor(*edge), *this);
}

void ShapeAnalysis::walkRegion(Region &region, const Visitor &visitor) {
  if (region.empty())
    return;
  // Where a function's entry block stops running under the facts, if it
  // does.
  bool functionEntry = isa<FunctionOpInterface>(region.getParentOp());
  auto walkBlock = [&](Block &block) {
    for (BlockArgument arg : block.getArguments())
      if (Expr e = getExpr(arg))
        recordAvailable(arg, e);
    bool entry = functionEntry && &block == &region.front();
    for (Operation &op : block) {
      bool wasUnreachable = unreachable;
      walkOp(&op, visitor);
      if (entry && !wasUnreachable && unreachable && !abortingOp)
        abortingOp = &op;
    }
  };
  if (region.hasOneBlock()) {
    walkBlock(region.front());
    return;
  }
  // Several blocks: a fact from a block holds in the blocks it dominates.
  std::function<void(DominanceInfoNode *)> walkNode =
      [&](DominanceInfoNode *node) {
        ScopeMarks marks = enterScope();
        addBlockEntryFacts(node->getBlock());
        walkBlock(*node->getBlock());
        for (DominanceInfoNode *child : node->children())
          walkNode(child);
        exitScope(marks);
      };
  walkNode(dominance->getNode(&region.front()));
}

LogicalResult ShapeAnalysis::run(Operation *root, const Visitor &visitor) {
  dominance = std::make_unique<DominanceInfo>(root);
  walking = true;
  contradiction = false;
  unreachable = false;
  abortingOp = nullptr;
  addDeclarations(root);
  // Facts stated inside `root` hold only there: they are dropped when the
  // walk ends, as those of each function of a module are when its walk
  // ends, so that what is asked after the walk (materialization) sees the
  // same facts whether `root` is a module or a function.
  ScopeMarks marks = enterScope();
  for (Region &region : root->getRegions())
    walkRegion(region, visitor);
  exitScope(marks);
  walking = false;
  return failure(contradiction);
}

//===----------------------------------------------------------------------===//
// Materialization
//===----------------------------------------------------------------------===//

bool ShapeAnalysis::widensNarrowedValue(Expr e, Type type) const {
  if (!e)
    return false;
  unsigned width = bitWidth(type);
  for (unsigned i : e.getSymbolsUsed()) {
    Value v = symbols[i].value;
    // A dim symbol is materialized as a tensor.dim or memref.dim (index).
    if (!v || symbols[i].kind == SymbolInfo::Kind::Dim ||
        !v.getType().isIntOrIndex() || bitWidth(v.getType()) >= width)
      continue;
    Operation *def = v.getDefiningOp();
    while (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(def))
      def = def->getOperand(0).getDefiningOp();
    if (isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(def) &&
        bitWidth(def->getOperand(0).getType()) >
            bitWidth(def->getResult(0).getType()))
      return true;
  }
  return false;
}

FailureOr<Value> ShapeAnalysis::materialize(OpBuilder &b, Location loc, Expr e,
                                            Type type) {
  if (!e)
    return failure();
  if (!dominance) {
    Operation *scope = b.getInsertionBlock()->getParentOp();
    while (scope->getParentOp() &&
           !scope->hasTrait<OpTrait::IsIsolatedFromAbove>())
      scope = scope->getParentOp();
    dominance = std::make_unique<DominanceInfo>(scope);
  }
  Block *block = b.getInsertionBlock();
  Block::iterator point = b.getInsertionPoint();
  auto dominatesPoint = [&](Value v) {
    if (point == block->end())
      return dominance->properlyDominates(v, block->getTerminator()) ||
             v.getParentBlock() == block;
    return dominance->properlyDominates(v, &*point);
  };
  e = solver.normalize(e);
  // Every symbol needs a value that dominates the insertion point; check
  // before building anything.
  for (unsigned i : e.getSymbolsUsed()) {
    Value v = symbols[i].value;
    if (!v || !dominatesPoint(v))
      return failure();
  }
  if (widensNarrowedValue(e, type))
    return failure();
  // Size arithmetic carries nsw (the no-overflow assumption), as does
  // arithmetic whose range was proven to fit.
  MaterializeOptions options;
  options.nsw = isBuiltFromSizes(e) ||
                typeRange(bitWidth(type)).contains(solver.getRange(e));
  options.isNonNegative = [&](Expr x) {
    return solver.proveNonNegative(x) == Verdict::True;
  };
  options.symbolValue = [&](unsigned pos) -> Value {
    const SymbolInfo &info = symbols[pos];
    if (info.kind != SymbolInfo::Kind::Dim)
      return info.value;
    Value index = arith::ConstantIndexOp::create(b, loc, info.dim);
    if (isa<MemRefType>(info.value.getType()))
      return memref::DimOp::create(b, loc, info.value, index);
    return tensor::DimOp::create(b, loc, info.value, index);
  };
  return materializeExpr(b, loc, e, type, options);
}
