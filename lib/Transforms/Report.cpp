//===- Report.cpp - The symbolic facts report -----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Transforms/Report.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <utility>

using namespace mlir;
using namespace symshape;

namespace {

/// Where a fact of a symbol comes from: a kind ("declaration", "assert",
/// "assumption",
/// "binding", "constraint", "option") and a location in the source, or the
/// option as written.
struct FactOrigin {
  StringRef kind;
  std::string where;
};

/// The `symshape.symbol` ops of `func` that state a range or a divisor, by
/// name: the declarations of named symbols.
llvm::StringMap<SmallVector<Location, 1>>
collectDeclarations(FunctionOpInterface func) {
  llvm::StringMap<SmallVector<Location, 1>> declared;
  func->walk([&](SymbolOp symbol) {
    if (symbol.statesFact())
      declared[symbol.getName()].push_back(symbol.getLoc());
  });
  return declared;
}

/// Where the facts on symbol `pos` that hold at this point of `analysis`'s
/// walk come from, declarations first.
SmallVector<FactOrigin>
factOrigins(const ShapeAnalysis &analysis, unsigned pos,
            const llvm::StringMap<SmallVector<Location, 1>> &declared,
            ArrayRef<FactSource> sources, const AssumedBy *assumed) {
  SmallVector<FactOrigin> origins;
  const SymbolInfo &info = analysis.getSymbolInfo(pos);
  SmallVector<Location, 1> declarations;
  if (info.kind == SymbolInfo::Kind::Named)
    if (auto it = declared.find(info.name); it != declared.end())
      declarations = it->second;
  llvm::StringSet<> seen;
  auto add = [&](StringRef kind, Location loc) {
    std::string where = describeLocation(loc);
    if (seen.insert((kind + " " + where).str()).second)
      origins.push_back({kind, where});
  };
  for (Location loc : declarations)
    add("declaration", loc);
  for (const FactSource &source : sources) {
    Operation *op = source.op;
    if (auto bind = dyn_cast<BindShapeOp>(op)) {
      // The binding symshape-infer writes for an argument's dims (at the
      // argument) names them; what it states is their declaration.
      auto arg = dyn_cast<BlockArgument>(bind.getTensor());
      if (arg && arg.getOwner()->isEntryBlock() &&
          bind->getLoc() == arg.getLoc())
        continue;
      add("binding", op->getLoc());
    } else if (isa<ConstrainRangeOp>(op)) {
      add("constraint", op->getLoc());
    } else if (source.userStated) {
      // A downstream op's assumption (dstream.assume, say).
      add("assumption", op->getLoc());
    } else {
      add("assert", op->getLoc());
    }
  }
  if (assumed)
    if (auto it = assumed->find(analysis.getSymbolName(pos));
        it != assumed->end())
      origins.push_back({"option", it->second});
  return origins;
}

/// What the reports say of one symbol: its name, kind, range and divisor
/// under the facts in scope, and where those facts come from.
struct SymbolSummary {
  std::string name;
  bool isSize;
  Interval range;
  int64_t divisor;
  SmallVector<FactOrigin> origins;
};

/// The summary of symbol `pos` at this point of `analysis`'s walk, with
/// `sources` the sources of its facts (ShapeAnalysis::getFactSources).
SymbolSummary
summarizeSymbol(ShapeAnalysis &analysis, unsigned pos,
                const llvm::StringMap<SmallVector<Location, 1>> &declared,
                ArrayRef<FactSource> sources, const AssumedBy *assumed) {
  Solver &solver = analysis.getSolver();
  Expr s = analysis.getExprContext().getSymbol(pos);
  return {analysis.getSymbolName(pos),
          analysis.getFacts().getSymbol(pos).isSize, solver.getRange(s),
          solver.getDivisor(s),
          factOrigins(analysis, pos, declared, sources, assumed)};
}

/// `origins` as a list in a line of the text report: each kind once, with
/// up to three locations.
void printOrigins(llvm::raw_ostream &os, ArrayRef<FactOrigin> origins) {
  if (origins.empty()) {
    os << " (no facts stated)";
    return;
  }
  os << " (";
  StringRef sep = "";
  for (size_t i = 0; i < origins.size();) {
    StringRef kind = origins[i].kind;
    size_t end = i;
    while (end < origins.size() && origins[end].kind == kind)
      ++end;
    os << sep;
    sep = "; ";
    if (kind == "option") {
      os << origins[i].where;
      i = end;
      continue;
    }
    os << (kind == "declaration" ? "declared" : kind);
    size_t shown = std::min<size_t>(end - i, 3);
    StringRef at = " at ";
    for (size_t k = i; k < i + shown; ++k) {
      if (origins[k].where.empty())
        continue;
      os << at << origins[k].where;
      at = ", ";
    }
    if (end - i > shown)
      os << " and " << (end - i - shown) << " more";
    i = end;
  }
  os << ")";
}

} // namespace

namespace {

/// The text of the facts report of one function, gathered by one analysis
/// of it: the lines of its values' dims, and its symbols with their facts
/// as they hold at the end of the entry block.
class FactsDescriber {
public:
  FactsDescriber(FunctionOpInterface func, const SymbolTable *symbols,
                 bool full, const AssumedBy *assumed)
      : func(func), full(full), assumed(assumed),
        analysis(func->getContext(), configFor(symbols)), state(func),
        entry(&func.getFunctionBody().front()),
        declared(collectDeclarations(func)) {}

  std::optional<FunctionFacts> run() {
    (void)analysis.run(func, [&](Operation *op) {
      // An op's results by the op and where it is in the source.
      std::string where = describeLocation(op->getLoc());
      for (Value result : op->getResults())
        describeValue(result, where.empty() ? op->getName().getStringRef()
                                            : op->getName().getStringRef() +
                                                  " at " + where);
      // Facts are described as they hold at the end of the entry block,
      // where the facts of the entry block (bindings, asserts) all hold.
      if (op->getBlock() == entry && op == entry->getTerminator()) {
        for (BlockArgument arg : entry->getArguments())
          describeValue(arg, "argument " + Twine(arg.getArgNumber()));
        describeSymbols();
      }
    });
    // A function without symbols of the user's (a test harness on static
    // shapes, where only the results of its calls are unknown) has no
    // facts to report.
    if (!aboutUserValues)
      return std::nullopt;
    std::string dimsText;
    llvm::raw_string_ostream dims(dimsText);
    printLines(dims);
    return FunctionFacts{func.getName().str(), std::move(symbolsText),
                         std::move(dimsText)};
  }

private:
  static ShapeAnalysisConfig configFor(const SymbolTable *symbols) {
    ShapeAnalysisConfig config;
    config.symbols = symbols;
    return config;
  }

  /// Whether a symbol is the user's: a named symbol, or (a dim of) one of
  /// the function's arguments.
  bool isUsers(unsigned pos) {
    const SymbolInfo &info = analysis.getSymbolInfo(pos);
    auto arg = dyn_cast_if_present<BlockArgument>(info.value);
    return info.kind == SymbolInfo::Kind::Named ||
           (arg && arg.getOwner() == entry);
  }

  /// Writes the dims of `v` to `out`; true if one of them is not constant.
  bool describeShape(Value v, llvm::raw_ostream &out) {
    SmallVector<Expr> shape = analysis.getShape(v);
    bool symbolic = false;
    out << "[";
    llvm::interleaveComma(shape, out, [&](Expr e) {
      // In its simplest form under the facts that hold here: the dims of a
      // slice `z[:y0]` of `z = zeros(max(x0, y0))` are y0, not
      // min(y0, max(x0, y0)).
      Expr n = analysis.getSolver().simplify(e);
      Expr exact = analysis.getSolver().normalize(e);
      used.insert(exact.getSymbolsUsed().begin(), exact.getSymbolsUsed().end());
      // A dim proven constant is still about the values it was computed
      // from.
      for (unsigned pos : e.getSymbolsUsed())
        aboutUserValues |= isUsers(pos);
      out << analysis.describe(n);
      symbolic |= !n.isConstant();
      // A derived dim with its range under the facts that hold here.
      if (!n.isConstant() && !n.isSymbol())
        out << " (in " << analysis.getSolver().getRange(n) << ")";
    });
    out << "]";
    return symbolic;
  }

  /// One line per value. The default listing is for reading a whole model:
  /// the arguments, and each type and dims once, where they first appear,
  /// with how many values have them; values with only constant dims
  /// (weights) and pads (their source's dims plus constants) are left to
  /// report-full.
  struct Line {
    std::string name, what, type, shape;
    bool argument; // always listed, on its own
    bool listed;   // a value with a symbolic dim, not a pad
  };

  void describeValue(Value v, const Twine &what) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      return;
    Line line;
    llvm::raw_string_ostream name(line.name), typeText(line.type),
        shape(line.shape);
    v.printAsOperand(name, state);
    line.what = what.str();
    typeText << type;
    bool symbolic = describeShape(v, shape);
    line.argument = isa<BlockArgument>(v);
    line.listed =
        symbolic && !isa_and_present<tensor::PadOp>(v.getDefiningOp());
    lines.push_back(std::move(line));
  }

  void printLines(llvm::raw_ostream &dims) {
    llvm::StringMap<size_t> count;
    if (!full)
      for (const Line &line : lines)
        if (line.listed && !line.argument)
          ++count[line.type + " = " + line.shape];
    for (const Line &line : lines) {
      size_t n = 1;
      if (!full && !line.argument) {
        if (!line.listed)
          continue;
        size_t &left = count[line.type + " = " + line.shape];
        if (left == 0)
          continue; // printed where it first appeared
        n = std::exchange(left, 0);
      }
      dims << "    " << line.name << " (" << line.what << ")";
      if (n > 1)
        dims << " and " << (n - 1) << " more of this shape";
      dims << " : " << line.type << " = " << line.shape << "\n";
    }
  }

  void describeSymbols() {
    llvm::raw_string_ostream syms(symbolsText);
    llvm::DenseMap<unsigned, SmallVector<FactSource>> sources =
        analysis.getFactSources();
    for (unsigned pos : used) {
      aboutUserValues |= isUsers(pos);
      SymbolSummary sym = summarizeSymbol(analysis, pos, declared,
                                          sources.lookup(pos), assumed);
      syms << "    " << sym.name << " : " << (sym.isSize ? "size" : "integer")
           << " in " << sym.range;
      if (sym.divisor > 1)
        syms << ", multiple of " << sym.divisor;
      printOrigins(syms, sym.origins);
      syms << "\n";
    }
  }

  FunctionOpInterface func;
  bool full;
  const AssumedBy *assumed;
  ShapeAnalysis analysis;
  AsmState state;
  Block *entry;
  llvm::StringMap<SmallVector<Location, 1>> declared;
  /// The symbols the listed dims use, in the order they are met.
  llvm::SetVector<unsigned> used;
  bool aboutUserValues = false;
  SmallVector<Line> lines;
  std::string symbolsText;
};

} // namespace

std::optional<FunctionFacts> symshape::describeFacts(FunctionOpInterface func,
                                                     const SymbolTable *symbols,
                                                     bool full,
                                                     const AssumedBy *assumed) {
  return FactsDescriber(func, symbols, full, assumed).run();
}

void symshape::printFactsReport(FunctionOpInterface func, llvm::raw_ostream &os,
                                const SymbolTable *symbols, bool full) {
  std::optional<FunctionFacts> facts = describeFacts(func, symbols, full);
  if (!facts)
    return;
  printFunctionFacts(os, *facts);
}

void symshape::printFunctionFacts(llvm::raw_ostream &os,
                                  const FunctionFacts &facts) {
  os << "symshape facts for @" << facts.function << ":\n";
  printSymbols(os, facts);
  os << "  tensor dims:\n" << facts.dims;
}

void symshape::printSymbols(llvm::raw_ostream &os, const FunctionFacts &facts) {
  os << "  symbols:"
     << (facts.symbols.empty() ? " none (every dim is proven constant)\n"
                               : "\n" + facts.symbols);
}

/// A range bound in the JSON report: an integer, or "inf"/"-inf".
static void writeBound(llvm::json::OStream &j, std::optional<int64_t> bound,
                       StringRef unbounded) {
  if (bound)
    j.value(*bound);
  else
    j.value(unbounded);
}

static void writeRange(llvm::json::OStream &j, const Interval &range) {
  j.attributeArray("range", [&] {
    writeBound(j, range.getLo(), "-inf");
    writeBound(j, range.getHi(), "inf");
  });
}

namespace {

/// One dim of a value in the JSON report.
struct JSONDim {
  std::string expr;
  Interval range;
  int64_t divisor;
};

/// What the JSON report says of one function: the dims of its arguments and
/// (where its entry block returns them) of its results, and the symbols
/// they use, as the facts hold at the end of the entry block.
struct JSONFunction {
  SmallVector<SmallVector<JSONDim>> args, results;
  SmallVector<SymbolSummary> symbols;
  bool returnsHere = false;
};

JSONFunction gatherJSONFunction(FunctionOpInterface func,
                                const SymbolTable *symbols,
                                const AssumedBy *assumed) {
  JSONFunction out;
  ShapeAnalysisConfig config;
  config.symbols = symbols;
  ShapeAnalysis analysis(func->getContext(), config);
  Solver &solver = analysis.getSolver();
  Block *entry = &func.getFunctionBody().front();
  Operation *terminator = entry->getTerminator();
  out.returnsHere = terminator && terminator->hasTrait<OpTrait::ReturnLike>() &&
                    terminator->getNumOperands() == func.getNumResults();
  llvm::SetVector<unsigned> used;
  llvm::StringMap<SmallVector<Location, 1>> declared =
      collectDeclarations(func);
  auto dimsOf = [&](Value v) {
    SmallVector<JSONDim> dims;
    for (Expr e : analysis.getShape(v)) {
      Expr n = solver.simplify(e);
      used.insert(n.getSymbolsUsed().begin(), n.getSymbolsUsed().end());
      dims.push_back(
          {analysis.describe(n), solver.getRange(n), solver.getDivisor(n)});
    }
    return dims;
  };
  // Facts as they hold at the end of the entry block (its bindings and
  // checks), where its terminator returns the results.
  (void)analysis.run(func, [&](Operation *op) {
    if (op != terminator)
      return;
    for (BlockArgument arg : entry->getArguments())
      out.args.push_back(dimsOf(arg));
    if (out.returnsHere)
      for (Value v : terminator->getOperands())
        out.results.push_back(dimsOf(v));
    llvm::DenseMap<unsigned, SmallVector<FactSource>> sources =
        analysis.getFactSources();
    for (unsigned pos : used)
      out.symbols.push_back(summarizeSymbol(analysis, pos, declared,
                                            sources.lookup(pos), assumed));
  });
  return out;
}

/// The ranked tensors among `values` (of `types`) with their dims.
void writeJSONValues(llvm::json::OStream &j, StringRef key,
                     ArrayRef<SmallVector<JSONDim>> values, TypeRange types) {
  j.attributeArray(key, [&] {
    for (size_t i = 0; i < values.size(); ++i) {
      auto type = dyn_cast<RankedTensorType>(types[i]);
      if (!type)
        continue;
      j.object([&] {
        j.attribute("index", int64_t(i));
        std::string typeText;
        llvm::raw_string_ostream ts(typeText);
        ts << type;
        j.attribute("type", typeText);
        j.attributeArray("dims", [&] {
          for (const JSONDim &d : values[i])
            j.object([&] {
              j.attribute("expr", d.expr);
              writeRange(j, d.range);
              j.attribute("divisor", d.divisor);
            });
        });
      });
    }
  });
}

void writeJSONSymbols(llvm::json::OStream &j, ArrayRef<SymbolSummary> symbols) {
  j.attributeArray("symbols", [&] {
    for (const SymbolSummary &sym : symbols)
      j.object([&] {
        j.attribute("name", sym.name);
        j.attribute("kind", sym.isSize ? "size" : "integer");
        writeRange(j, sym.range);
        j.attribute("divisor", sym.divisor);
        j.attributeArray("sources", [&] {
          for (const FactOrigin &o : sym.origins)
            j.object([&] {
              j.attribute("kind", o.kind);
              if (!o.where.empty())
                j.attribute(o.kind == "option" ? "option" : "at", o.where);
            });
        });
      });
  });
}

} // namespace

void symshape::writeFactsReportJSON(ArrayRef<FunctionOpInterface> funcs,
                                    llvm::raw_ostream &os,
                                    const SymbolTable *symbols,
                                    const AssumedBy *assumed) {
  llvm::json::OStream j(os, /*IndentSize=*/2);
  j.object([&] {
    j.attribute("format", "symshape-facts");
    j.attribute("version", 1);
    j.attributeArray("functions", [&] {
      for (FunctionOpInterface func : funcs) {
        if (func.isExternal() || !func.isPublic())
          continue;
        JSONFunction facts = gatherJSONFunction(func, symbols, assumed);
        j.object([&] {
          j.attribute("name", func.getName());
          writeJSONValues(j, "arguments", facts.args, func.getArgumentTypes());
          if (facts.returnsHere)
            writeJSONValues(j, "results", facts.results, func.getResultTypes());
          writeJSONSymbols(j, facts.symbols);
        });
      }
    });
  });
  os << "\n";
}
