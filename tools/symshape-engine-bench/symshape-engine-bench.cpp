//===- symshape-engine-bench.cpp - Time the engine on a corpus ------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Reads a corpus of expressions with facts (one case per line,
// `facts | expression`, facts as `size:LO:HI:DIV` or `int:LO:HI:DIV` per
// symbol, LO/HI may be -inf/inf) and, for every case, builds the expression
// from text, simplifies it with the facts and computes its range. Prints the
// results (for cross-checking) and, on stderr, the time per case. Used by
// bench/engine_vs_sympy.py, which times sympy on the same corpus in the same
// run.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Solver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <string>
#include <vector>

using namespace symshape;

static llvm::cl::opt<std::string>
    input(llvm::cl::Positional, llvm::cl::desc("<corpus>"), llvm::cl::Required);
static llvm::cl::opt<unsigned>
    repetitions("repetitions", llvm::cl::desc("Timed passes over the corpus"),
                llvm::cl::init(20));

namespace {
struct SymbolSpec {
  bool isSize;
  Interval range;
  int64_t divisor;
};
struct Case {
  std::vector<SymbolSpec> symbols;
  std::string expr;
};

std::optional<int64_t> parseBound(StringRef s) {
  if (s == "inf" || s == "-inf")
    return std::nullopt;
  int64_t v = 0;
  if (s.getAsInteger(10, v))
    return std::nullopt;
  return v;
}

bool parseCase(StringRef line, Case &c) {
  auto [factsText, exprText] = line.split('|');
  SmallVector<StringRef> specs;
  factsText.trim().split(specs, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef spec : specs) {
    SmallVector<StringRef> parts;
    spec.split(parts, ':');
    if (parts.size() != 4)
      return false;
    int64_t div = 1;
    if (parts[3].getAsInteger(10, div))
      return false;
    c.symbols.push_back({parts[0] == "size",
                         Interval(parseBound(parts[1]), parseBound(parts[2])),
                         div});
  }
  c.expr = exprText.trim().str();
  return !c.expr.empty();
}

/// One pass over the corpus in a fresh expression store.
void runOnce(ArrayRef<Case> cases, std::vector<std::string> *results) {
  ExprContext ctx;
  for (const Case &c : cases) {
    Facts facts;
    for (auto [i, s] : llvm::enumerate(c.symbols)) {
      if (s.isSize)
        facts.declareSize(i);
      facts.declareSymbolRange(i, s.range);
      facts.declareSymbolDivisor(i, s.divisor);
    }
    Solver solver(facts);
    Expr e = parseExpr(ctx, c.expr);
    Expr simplified = solver.simplify(e);
    Interval range = solver.getRange(e);
    if (results)
      results->push_back(simplified.str() + " | " + range.str());
  }
}
} // namespace

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "Times the symshape engine on a corpus of expressions\n");
  auto buffer = llvm::MemoryBuffer::getFile(input);
  if (!buffer) {
    llvm::errs() << "error: cannot read " << input << "\n";
    return 2;
  }
  std::vector<Case> cases;
  SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines) {
    Case c;
    if (!parseCase(line, c)) {
      llvm::errs() << "error: malformed case: " << line << "\n";
      return 2;
    }
    cases.push_back(std::move(c));
  }
  std::vector<std::string> results;
  runOnce(cases, &results);
  for (const std::string &r : results)
    llvm::outs() << r << "\n";
  auto start = std::chrono::steady_clock::now();
  for (unsigned r = 0; r < repetitions; ++r)
    runOnce(cases, nullptr);
  auto end = std::chrono::steady_clock::now();
  double seconds = std::chrono::duration<double>(end - start).count();
  llvm::errs() << "cases " << cases.size() << " seconds-per-case "
               << llvm::format("%.9f", seconds / (cases.size() * repetitions))
               << "\n";
  return 0;
}
