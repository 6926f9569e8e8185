//===- symshape-engine-check.cpp - Soundness property test of the engine --===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Generates random expressions over random facts (ranges, divisors, sizes and
// integers, equalities), asks the engine for ranges, simplifications and
// three-valued proofs, and checks every answer:
//
//   * by exhaustive enumeration when every symbol has a bounded range: every
//     computed range contains every value, every simplification equals the
//     original wherever the original is defined, every "true" holds and every
//     "false" fails at every point;
//   * otherwise (unbounded ranges) it writes the claims as JSON lines for
//     test/Analysis/check_z3.py, which proves each one with z3.
//
// Deterministic for a given --seed. Prints its counts; exits non-zero on a
// failed check.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/Solver.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace symshape;

static llvm::cl::opt<uint64_t> seedOpt("seed", llvm::cl::desc("Random seed"),
                                       llvm::cl::init(1));
static llvm::cl::opt<unsigned>
    casesOpt("cases", llvm::cl::desc("Number of random cases"),
             llvm::cl::init(10000));
static llvm::cl::opt<std::string>
    z3Out("z3-claims",
          llvm::cl::desc("Generate cases with unbounded ranges and write their "
                         "claims as JSON lines to this file (checked by z3)"),
          llvm::cl::init(""));
static llvm::cl::opt<bool> verbose("v", llvm::cl::desc("Print every case"),
                                   llvm::cl::init(false));

namespace {

/// A small deterministic generator (std::mt19937_64 is fully specified;
/// std distributions are not, so values are drawn by hand).
class Random {
public:
  explicit Random(uint64_t seed) : rng(seed) {}
  int64_t range(int64_t lo, int64_t hi) {
    return lo +
           static_cast<int64_t>(rng() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool chance(unsigned percent) { return rng() % 100 < percent; }

private:
  std::mt19937_64 rng;
};

struct SymbolSpec {
  bool isSize;
  std::optional<int64_t> lo, hi;
  int64_t divisor;
  Expr equality; // null if the symbol is free
};

struct Case {
  std::vector<SymbolSpec> symbols;
  Facts facts;
};

class Checker {
public:
  Checker(uint64_t seed, bool bounded) : rnd(seed), bounded(bounded) {}

  Expr genExpr(unsigned numSymbols, unsigned depth) {
    if (depth == 0 || rnd.chance(25)) {
      if (rnd.chance(40))
        return ctx.getConstant(rnd.range(-6, 6));
      return ctx.getSymbol(static_cast<unsigned>(rnd.range(0, numSymbols - 1)));
    }
    Expr a = genExpr(numSymbols, depth - 1);
    switch (rnd.range(0, 9)) {
    case 0:
    case 1:
      return a + genExpr(numSymbols, depth - 1);
    case 2:
      return a - genExpr(numSymbols, depth - 1);
    case 3:
      return a * (rnd.chance(50) ? ctx.getConstant(rnd.range(-3, 4))
                                 : genExpr(numSymbols, depth - 1));
    case 4: {
      Expr d = rnd.chance(80) ? nonZeroConstant() : genExpr(numSymbols, 1);
      return floorDiv(a, d);
    }
    case 5: {
      Expr d = rnd.chance(80) ? nonZeroConstant() : genExpr(numSymbols, 1);
      return ceilDiv(a, d);
    }
    case 6: {
      Expr d = rnd.chance(80) ? nonZeroConstant() : genExpr(numSymbols, 1);
      return mod(a, d);
    }
    case 7: {
      std::vector<Expr> ops{a, genExpr(numSymbols, depth - 1)};
      if (rnd.chance(30))
        ops.push_back(genExpr(numSymbols, depth - 1));
      return max(ops);
    }
    default: {
      std::vector<Expr> ops{a, genExpr(numSymbols, depth - 1)};
      if (rnd.chance(30))
        ops.push_back(genExpr(numSymbols, depth - 1));
      return min(ops);
    }
    }
  }

  Expr nonZeroConstant() {
    int64_t v = rnd.range(1, 5);
    return ctx.getConstant(rnd.chance(80) ? v : -v);
  }

  /// A partner for comparisons that makes both verdicts likely.
  Expr genPartner(Expr e, unsigned numSymbols, Solver &solver) {
    switch (rnd.range(0, 5)) {
    case 0:
      return e + rnd.range(-2, 2);
    case 1:
      return solver.simplify(e) + rnd.range(-1, 1);
    case 2:
      if (!e.getOperands().empty())
        return e.getOperands()[rnd.range(0, e.getOperands().size() - 1)];
      return e;
    case 3:
      return max(e, genExpr(numSymbols, 1));
    case 4:
      return ctx.getConstant(rnd.range(-8, 12));
    default:
      return genExpr(numSymbols, 2);
    }
  }

  void genCase(Case &c) {
    unsigned n = static_cast<unsigned>(rnd.range(1, 3));
    for (unsigned i = 0; i < n; ++i) {
      SymbolSpec s;
      s.isSize = rnd.chance(60);
      s.divisor = rnd.chance(70) ? 1 : rnd.range(2, 4);
      int64_t lo = s.isSize ? rnd.range(0, 4) : rnd.range(-6, 4);
      int64_t hi = lo + rnd.range(0, 8);
      s.lo = lo;
      s.hi = hi;
      if (!bounded) {
        if (rnd.chance(50))
          s.hi = std::nullopt;
        if (!s.isSize && rnd.chance(50))
          s.lo = std::nullopt;
      }
      // Keep the facts satisfiable: some multiple of the divisor in range.
      Interval r = Interval(s.lo, s.hi);
      if (s.isSize)
        r = r.intersect(Interval::nonNegative());
      if (r.roundToMultiple(s.divisor).isEmpty())
        s.divisor = 1;
      c.symbols.push_back(s);
    }
    // Sometimes the last symbol equals an expression of the others, as a dim
    // bound by symshape.bind_shape.
    if (n >= 2 && rnd.chance(20)) {
      Expr eq = genExpr(n - 1, 2);
      if (eq && !eq.usesSymbol(n - 1))
        c.symbols.back().equality = eq;
    }
    for (unsigned i = 0; i < n; ++i) {
      const SymbolSpec &s = c.symbols[i];
      if (s.isSize)
        c.facts.declareSize(i);
      c.facts.addSymbolRange(i, Interval(s.lo, s.hi));
      c.facts.addSymbolDivisor(i, s.divisor);
      if (s.equality)
        c.facts.addEquality(i, s.equality);
    }
  }

  /// Calls `fn` with every assignment of the symbols allowed by the specs.
  void enumerate(const Case &c,
                 const std::function<void(ArrayRef<int64_t>)> &fn) {
    std::vector<int64_t> values(c.symbols.size(), 0);
    std::function<void(unsigned)> rec = [&](unsigned i) {
      if (i == c.symbols.size()) {
        // Dependent symbols take the value of their equality and must still
        // satisfy their own facts.
        for (unsigned k = 0; k < c.symbols.size(); ++k) {
          const SymbolSpec &s = c.symbols[k];
          if (!s.equality)
            continue;
          std::optional<int64_t> v = evaluate(s.equality, values);
          if (!v || !admissible(s, *v))
            return;
          values[k] = *v;
        }
        fn(values);
        return;
      }
      const SymbolSpec &s = c.symbols[i];
      if (s.equality) {
        rec(i + 1);
        return;
      }
      for (int64_t v = *s.lo; v <= *s.hi; ++v)
        if (admissible(s, v)) {
          values[i] = v;
          rec(i + 1);
        }
    };
    rec(0);
  }

  static bool admissible(const SymbolSpec &s, int64_t v) {
    if (s.isSize && v < 0)
      return false;
    if ((s.lo && v < *s.lo) || (s.hi && v > *s.hi))
      return false;
    return v % s.divisor == 0;
  }

  bool run(unsigned numCases, llvm::raw_ostream *z3) {
    for (unsigned iter = 0; iter < numCases; ++iter) {
      Case c;
      genCase(c);
      Solver solver(c.facts);
      unsigned n = c.symbols.size();
      // Expressions that are not representable (a zero divisor, an int64
      // overflow) are drawn again, so that every case checks one.
      Expr e = genExpr(n, 3);
      while (!e) {
        ++nullExprs;
        e = genExpr(n, 3);
      }
      ++expressions;
      Expr f = genPartner(e, n, solver);
      if (!f)
        f = ctx.getConstant(0);
      Interval r = solver.getRange(e);
      Expr simplified = solver.simplify(e);
      Verdict le = solver.proveLE(e, f), lt = solver.proveLT(e, f),
              eq = solver.proveEQ(e, f);
      count(le);
      count(lt);
      count(eq);
      if (simplified != e)
        ++simplifications;
      if (verbose)
        llvm::outs() << "case " << iter << ": e = " << e << ", f = " << f
                     << ", range " << r << ", simplified " << simplified
                     << ", le " << stringifyVerdict(le) << ", lt "
                     << stringifyVerdict(lt) << ", eq " << stringifyVerdict(eq)
                     << "\n";
      if (z3) {
        writeZ3(*z3, c, e, f, r, simplified, le, lt, eq);
        continue;
      }
      bool ok = true;
      enumerate(c, [&](ArrayRef<int64_t> x) {
        if (!ok)
          return;
        ++points;
        std::optional<int64_t> ve = evaluate(e, x), vf = evaluate(f, x),
                               vs = evaluate(simplified, x);
        if (ve) {
          ok &= check(r.contains(*ve), "range", c, e, f, x);
          ok &= check(vs && *vs == *ve, "simplify", c, e, simplified, x);
        }
        if (ve && vf) {
          ok &= checkVerdict(le, *ve <= *vf, "le", c, e, f, x);
          ok &= checkVerdict(lt, *ve < *vf, "lt", c, e, f, x);
          ok &= checkVerdict(eq, *ve == *vf, "eq", c, e, f, x);
        }
      });
      failures += ok ? 0 : 1;
    }
    return failures == 0;
  }

  void count(Verdict v) {
    if (v == Verdict::True)
      ++trueVerdicts;
    else if (v == Verdict::False)
      ++falseVerdicts;
    else
      ++unknownVerdicts;
  }

  bool checkVerdict(Verdict v, bool holds, const char *what, const Case &c,
                    Expr a, Expr b, ArrayRef<int64_t> x) {
    if (v == Verdict::Unknown)
      return true;
    return check(holds == (v == Verdict::True), what, c, a, b, x);
  }

  bool check(bool ok, const char *what, const Case &c, Expr a, Expr b,
             ArrayRef<int64_t> x) {
    if (ok)
      return true;
    llvm::errs() << "UNSOUND " << what << ": a = " << a << ", b = " << b
                 << " at";
    for (int64_t v : x)
      llvm::errs() << ' ' << v;
    llvm::errs() << " with";
    for (const SymbolSpec &s : c.symbols) {
      llvm::errs() << ' ' << (s.isSize ? "size" : "int") << Interval(s.lo, s.hi)
                   << "/" << s.divisor;
      if (s.equality)
        llvm::errs() << "=" << s.equality;
    }
    llvm::errs() << "\n";
    return false;
  }

  static void writeBound(llvm::raw_ostream &os, std::optional<int64_t> b) {
    if (b)
      os << *b;
    else
      os << "null";
  }

  void writeZ3(llvm::raw_ostream &os, const Case &c, Expr e, Expr f, Interval r,
               Expr simplified, Verdict le, Verdict lt, Verdict eq) {
    os << "{\"symbols\": [";
    for (size_t i = 0; i < c.symbols.size(); ++i) {
      const SymbolSpec &s = c.symbols[i];
      os << (i ? ", " : "") << "{\"size\": " << (s.isSize ? "true" : "false")
         << ", \"lo\": ";
      writeBound(os, s.lo);
      os << ", \"hi\": ";
      writeBound(os, s.hi);
      os << ", \"divisor\": " << s.divisor << ", \"equality\": ";
      if (s.equality)
        os << '"' << s.equality << '"';
      else
        os << "null";
      os << "}";
    }
    os << "], \"e\": \"" << e << "\", \"f\": \"" << f << "\", \"lo\": ";
    writeBound(os, r.getLo());
    os << ", \"hi\": ";
    writeBound(os, r.getHi());
    os << ", \"simplified\": \"" << simplified << "\", \"le\": \""
       << stringifyVerdict(le) << "\", \"lt\": \"" << stringifyVerdict(lt)
       << "\", \"eq\": \"" << stringifyVerdict(eq) << "\"}\n";
  }

  void report() {
    llvm::outs() << "seed " << seedOpt << ": " << expressions
                 << " random expressions checked (" << nullExprs
                 << " not representable, drawn again)\n";
    llvm::outs() << "verdicts: " << trueVerdicts << " true, " << falseVerdicts
                 << " false, " << unknownVerdicts << " unknown\n";
    llvm::outs() << "simplifications: " << simplifications << "\n";
    if (z3Out.empty())
      llvm::outs() << "enumerated points: " << points << "\n";
    llvm::outs() << "unsound answers: " << failures << "\n";
  }

private:
  ExprContext ctx;
  Random rnd;
  bool bounded;
  uint64_t expressions = 0, nullExprs = 0, trueVerdicts = 0, falseVerdicts = 0,
           unknownVerdicts = 0, simplifications = 0, points = 0, failures = 0;
};

} // namespace

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "symshape engine soundness check: random expressions over random "
      "facts; ranges, simplifications and proofs checked by enumeration (or "
      "written for z3)\n");
  std::unique_ptr<llvm::raw_fd_ostream> z3;
  if (!z3Out.empty()) {
    std::error_code ec;
    z3 = std::make_unique<llvm::raw_fd_ostream>(z3Out, ec);
    if (ec) {
      llvm::errs() << "error: cannot write " << z3Out << ": " << ec.message()
                   << "\n";
      return 2;
    }
  }
  Checker checker(seedOpt, /*bounded=*/!z3);
  bool ok = checker.run(casesOpt, z3.get());
  checker.report();
  return ok ? 0 : 1;
}
