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

#include "symshape/Engine/Solver.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <tuple>
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
static llvm::cl::opt<std::string> proverOut(
    "prover-claims",
    llvm::cl::desc("Prover fuzzing: generate random facts (symbol ranges, "
                   "divisors, equalities, relational and expression ranges) "
                   "and queries, and write every true/false verdict, range "
                   "and simplification as JSON lines to this file (checked "
                   "by test/Analysis/check_prover_z3.py)"),
    llvm::cl::init(""));
static llvm::cl::opt<unsigned> queriesPerCase(
    "queries-per-case",
    llvm::cl::desc("Prover fuzzing: expression pairs queried per set of facts"),
    llvm::cl::init(4));
static llvm::cl::opt<bool> verbose("v", llvm::cl::desc("Print every case"),
                                   llvm::cl::init(false));
static llvm::cl::opt<unsigned> printInexact(
    "print-inexact",
    llvm::cl::desc("Print up to this many computed ranges that are sound but "
                   "wider than the exact range (bounded mode)"),
    llvm::cl::init(0));
static llvm::cl::opt<double> minExact(
    "min-exact",
    llvm::cl::desc("Fail if fewer than this percentage of the computed ranges "
                   "equal the exact range (bounded mode)"),
    llvm::cl::init(0.0));

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

  /// The share of computed ranges that equal the exact range, in percent.
  double exactPercent() const {
    return rangesMeasured ? 100.0 * rangesExact / rangesMeasured : 100.0;
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
      // The exact range of `e` and whether each relation holds at every
      // point (all*) or at none (none*), for the tightness figures.
      std::optional<int64_t> exactLo, exactHi;
      bool allLE = true, noneLE = true, allLT = true, noneLT = true,
           allEQ = true, noneEQ = true, anyPair = false, undefined = false;
      enumerate(c, [&](ArrayRef<int64_t> x) {
        if (!ok)
          return;
        ++points;
        std::optional<int64_t> ve = evaluate(e, x), vf = evaluate(f, x),
                               vs = evaluate(simplified, x);
        if (ve) {
          ok &= check(r.contains(*ve), "range", c, e, f, x);
          ok &= check(vs && *vs == *ve, "simplify", c, e, simplified, x);
          exactLo = exactLo ? std::min(*exactLo, *ve) : *ve;
          exactHi = exactHi ? std::max(*exactHi, *ve) : *ve;
        } else {
          undefined = true;
        }
        if (ve && vf) {
          ok &= checkVerdict(le, *ve <= *vf, "le", c, e, f, x);
          ok &= checkVerdict(lt, *ve < *vf, "lt", c, e, f, x);
          ok &= checkVerdict(eq, *ve == *vf, "eq", c, e, f, x);
          anyPair = true;
          (*ve <= *vf ? noneLE : allLE) = false;
          (*ve < *vf ? noneLT : allLT) = false;
          (*ve == *vf ? noneEQ : allEQ) = false;
        }
      });
      failures += ok ? 0 : 1;
      // Where `e` divides by zero at some point it has no exact range (a
      // division by a range that contains 0 is unknown by definition).
      if (ok && exactLo && undefined)
        ++rangesPartial;
      if (ok && exactLo && !undefined) {
        ++rangesMeasured;
        if (r == Interval(exactLo, exactHi)) {
          ++rangesExact;
        } else if (inexactToPrint) {
          --inexactToPrint;
          llvm::outs() << "inexact range: " << e << " is " << r << ", exact "
                       << Interval(exactLo, exactHi) << " with";
          printSymbols(llvm::outs(), c);
          llvm::outs() << "\n";
        }
      }
      if (ok && anyPair) {
        for (auto [v, all, none] : {std::make_tuple(le, allLE, noneLE),
                                    std::make_tuple(lt, allLT, noneLT),
                                    std::make_tuple(eq, allEQ, noneEQ)}) {
          if (!all && !none)
            continue;
          ++decidable;
          if (v != Verdict::Unknown)
            ++decided;
        }
      }
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
    printSymbols(llvm::errs(), c);
    llvm::errs() << "\n";
    return false;
  }

  static void printSymbols(llvm::raw_ostream &os, const Case &c) {
    for (const SymbolSpec &s : c.symbols) {
      os << ' ' << (s.isSize ? "size" : "int") << Interval(s.lo, s.hi) << "/"
         << s.divisor;
      if (s.equality)
        os << "=" << s.equality;
    }
  }

  static void writeBound(llvm::raw_ostream &os, std::optional<int64_t> b) {
    if (b)
      os << *b;
    else
      os << "null";
  }

  static void writeSymbols(llvm::raw_ostream &os, const Case &c) {
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
  }

  void writeZ3(llvm::raw_ostream &os, const Case &c, Expr e, Expr f, Interval r,
               Expr simplified, Verdict le, Verdict lt, Verdict eq) {
    os << "{\"symbols\": [";
    writeSymbols(os, c);
    os << "], \"e\": \"" << e << "\", \"f\": \"" << f << "\", \"lo\": ";
    writeBound(os, r.getLo());
    os << ", \"hi\": ";
    writeBound(os, r.getHi());
    os << ", \"simplified\": \"" << simplified << "\", \"le\": \""
       << stringifyVerdict(le) << "\", \"lt\": \"" << stringifyVerdict(lt)
       << "\", \"eq\": \"" << stringifyVerdict(eq) << "\"}\n";
  }

  //===--------------------------------------------------------------------===//
  // Prover fuzzing: random facts of every kind, many queries, claims for z3.
  //===--------------------------------------------------------------------===//

  /// A relational or expression fact `lo <= e <= hi` as recorded.
  struct FactSpec {
    Expr e;
    Interval range;
  };

  /// A random interval around `v`: half-bounded, bounded, or the point.
  Interval around(int64_t v) {
    switch (rnd.range(0, 9)) {
    case 0:
      return Interval::point(v);
    case 1:
    case 2:
    case 3:
      return Interval::atLeast(v - rnd.range(0, 3));
    case 4:
    case 5:
    case 6:
      return Interval::atMost(v + rnd.range(0, 3));
    default:
      return Interval(v - rnd.range(0, 3), v + rnd.range(0, 3));
    }
  }

  /// A small expression for the sides of a relational fact.
  Expr genSide(unsigned n) {
    if (rnd.chance(60))
      return ctx.getSymbol(static_cast<unsigned>(rnd.range(0, n - 1)));
    return genExpr(n, 1);
  }

  /// A random spelling of a relation between a and b: m * (a - b) + k.
  Expr spell(Expr a, Expr b) {
    static const int64_t scales[] = {1, 1, 1, -1, -1, 2, -2, 3, -3};
    int64_t m = scales[rnd.range(0, 8)];
    return add(mul(sub(a, b), m), rnd.chance(50) ? 0 : rnd.range(-3, 3));
  }

  /// Generates symbols and facts that hold at a random witness point (so
  /// that they are satisfiable), records them in `c.facts` and `factSpecs`,
  /// and fills `pairs` with the sides of the relational facts.
  void genProverCase(Case &c, std::vector<FactSpec> &factSpecs,
                     std::vector<std::pair<Expr, Expr>> &pairs) {
    unsigned n = static_cast<unsigned>(rnd.range(1, 4));
    std::vector<int64_t> w(n);
    auto specAround = [&](SymbolSpec &s, int64_t v) {
      s.isSize = v >= 0 && rnd.chance(60);
      s.divisor = 1;
      for (int64_t d : {4, 3, 2})
        if (v % d == 0 && rnd.chance(25))
          s.divisor = d;
      s.lo = rnd.chance(30) ? std::nullopt
                            : std::optional<int64_t>(v - rnd.range(0, 5));
      s.hi = rnd.chance(35) ? std::nullopt
                            : std::optional<int64_t>(v + rnd.range(0, 6));
    };
    for (unsigned i = 0; i < n; ++i) {
      w[i] = rnd.range(-6, 8);
      SymbolSpec s;
      specAround(s, w[i]);
      c.symbols.push_back(s);
    }
    // Sometimes the last symbol is bound to an expression of the others.
    if (n >= 2 && rnd.chance(25)) {
      Expr eq = genExpr(n - 1, 2);
      std::optional<int64_t> v = eq ? evaluate(eq, w) : std::nullopt;
      if (v && *v > -1000 && *v < 1000) {
        w[n - 1] = *v;
        specAround(c.symbols.back(), *v);
        c.symbols.back().equality = eq;
      }
    }
    for (unsigned i = 0; i < n; ++i) {
      SymbolSpec &s = c.symbols[i];
      if (s.isSize)
        c.facts.declareSize(i);
      c.facts.addSymbolRange(i, Interval(s.lo, s.hi));
      c.facts.addSymbolDivisor(i, s.divisor);
      if (s.equality && !c.facts.addEquality(i, s.equality))
        s.equality = Expr();
    }
    // Relational facts in random spellings and ranges of expressions.
    unsigned numFacts = static_cast<unsigned>(rnd.range(0, 3));
    for (unsigned k = 0; k < numFacts; ++k) {
      Expr g;
      if (rnd.chance(65)) {
        Expr a = genSide(n), b = genSide(n);
        if (!a || !b || a == b)
          continue;
        pairs.push_back({a, b});
        g = spell(a, b);
      } else {
        g = genExpr(n, 2);
      }
      std::optional<int64_t> v = g ? evaluate(g, w) : std::nullopt;
      if (!v || g.isConstant())
        continue;
      Interval r = around(*v);
      c.facts.addExprRange(g, r);
      factSpecs.push_back({g, r});
    }
  }

  /// A pair of expressions to compare: mostly around the facts' sides.
  std::pair<Expr, Expr> genQueryPair(unsigned n,
                                     ArrayRef<std::pair<Expr, Expr>> pairs,
                                     Solver &solver) {
    if (!pairs.empty() && rnd.chance(60)) {
      auto [a, b] = pairs[rnd.range(0, pairs.size() - 1)];
      if (rnd.chance(50))
        std::swap(a, b);
      int64_t k = rnd.range(-2, 2);
      switch (rnd.range(0, 7)) {
      case 0:
        return {a, b};
      case 1:
        return {add(a, k), add(b, k)};
      case 2: {
        int64_t m = rnd.chance(50) ? rnd.range(2, 3) : -rnd.range(1, 2);
        return {mul(a, m), mul(b, m)};
      }
      case 3:
        return {max(a, b), a};
      case 4:
        return {min(a, b), b};
      case 5:
        return {a, add(b, k)};
      case 6:
        return {sub(a, b), ctx.getConstant(k)};
      default:
        return {max(a, genSide(n)), add(b, k)};
      }
    }
    // Constants decide nothing about the facts: draw again (a few times).
    Expr e = genExpr(n, 3);
    for (unsigned tries = 0; tries < 4 && (!e || e.isConstant()); ++tries)
      e = genExpr(n, 3);
    if (!e)
      e = ctx.getSymbol(0);
    return {e, genPartner(e, n, solver)};
  }

  void countQuery(Verdict v) {
    ++proverQueries;
    count(v);
  }

  static void writeVerdict(llvm::raw_ostream &os, bool &first, StringRef op,
                           Expr a, Expr b, Verdict v) {
    if (v == Verdict::Unknown)
      return;
    os << (first ? "" : ", ") << "{\"op\": \"" << op << "\", \"a\": \"" << a
       << "\", \"b\": \"" << b << "\", \"verdict\": \"" << stringifyVerdict(v)
       << "\"}";
    first = false;
  }

  static void writeRange(llvm::raw_ostream &os, bool &first, Expr e,
                         Interval r) {
    if (r.isFull())
      return;
    os << (first ? "" : ", ") << "{\"op\": \"range\", \"a\": \"" << e
       << "\", \"lo\": ";
    writeBound(os, r.isEmpty() ? std::optional<int64_t>(1) : r.getLo());
    os << ", \"hi\": ";
    writeBound(os, r.isEmpty() ? std::optional<int64_t>(0) : r.getHi());
    os << "}";
    first = false;
  }

  static void writeSimplified(llvm::raw_ostream &os, bool &first, Expr e,
                              Expr s) {
    if (s == e)
      return;
    os << (first ? "" : ", ") << "{\"op\": \"simplify\", \"a\": \"" << e
       << "\", \"b\": \"" << s << "\"}";
    first = false;
  }

  void runProver(unsigned numCases, llvm::raw_ostream &os) {
    for (unsigned iter = 0; iter < numCases; ++iter) {
      Case c;
      std::vector<FactSpec> factSpecs;
      std::vector<std::pair<Expr, Expr>> pairs;
      genProverCase(c, factSpecs, pairs);
      Solver solver(c.facts);
      unsigned n = c.symbols.size();
      os << "{\"symbols\": [";
      writeSymbols(os, c);
      os << "], \"facts\": [";
      for (size_t i = 0; i < factSpecs.size(); ++i) {
        os << (i ? ", " : "") << "{\"e\": \"" << factSpecs[i].e
           << "\", \"lo\": ";
        writeBound(os, factSpecs[i].range.getLo());
        os << ", \"hi\": ";
        writeBound(os, factSpecs[i].range.getHi());
        os << "}";
      }
      os << "], \"claims\": [";
      bool first = true;
      for (unsigned q = 0; q < queriesPerCase; ++q) {
        auto [a, b] = genQueryPair(n, pairs, solver);
        if (!a || !b || (a.isConstant() && b.isConstant()))
          continue;
        ++expressions;
        Verdict le = solver.proveLE(a, b), lt = solver.proveLT(a, b),
                eq = solver.proveEQ(a, b), nn = solver.proveNonNegative(a);
        for (Verdict v : {le, lt, eq, nn})
          countQuery(v);
        writeVerdict(os, first, "le", a, b, le);
        writeVerdict(os, first, "lt", a, b, lt);
        writeVerdict(os, first, "eq", a, b, eq);
        writeVerdict(os, first, "le", ctx.getConstant(0), a, nn);
        for (Expr e : {a, sub(b, a)}) {
          if (!e)
            continue;
          ++proverQueries;
          ++rangeQueries;
          writeRange(os, first, e, solver.getRange(e));
        }
        for (Expr e : {a, max(a, b), min(a, b)}) {
          if (!e)
            continue;
          ++proverQueries;
          Expr simplified = solver.simplify(e);
          if (simplified != e)
            ++simplifications;
          writeSimplified(os, first, e, simplified);
        }
      }
      os << "]}\n";
    }
  }

  void reportProver() {
    llvm::outs() << "seed " << seedOpt << ": prover fuzzing, " << casesOpt
                 << " sets of facts, " << expressions << " query pairs, "
                 << proverQueries << " queries (" << rangeQueries << " ranges, "
                 << simplifications << " simplifications)\n";
    llvm::outs() << "verdicts: " << trueVerdicts << " true, " << falseVerdicts
                 << " false, " << unknownVerdicts << " unknown\n";
  }

  void report() {
    llvm::outs() << "seed " << seedOpt << ": " << expressions
                 << " random expressions checked (" << nullExprs
                 << " not representable, drawn again)\n";
    llvm::outs() << "verdicts: " << trueVerdicts << " true, " << falseVerdicts
                 << " false, " << unknownVerdicts << " unknown\n";
    llvm::outs() << "simplifications: " << simplifications << "\n";
    if (z3Out.empty()) {
      llvm::outs() << "enumerated points: " << points << "\n";
      llvm::outs() << llvm::format(
          "exact ranges: %llu of %llu (%.2f%%); %llu expressions undefined "
          "at some point not measured\n",
          rangesExact, rangesMeasured, exactPercent(), rangesPartial);
      llvm::outs() << llvm::format(
          "decided verdicts: %llu of %llu decidable (%.2f%%)\n", decided,
          decidable, decidable ? 100.0 * decided / decidable : 100.0);
    }
    llvm::outs() << "unsound answers: " << failures << "\n";
  }

private:
  ExprContext ctx;
  Random rnd;
  bool bounded;
  uint64_t expressions = 0, nullExprs = 0, trueVerdicts = 0, falseVerdicts = 0,
           unknownVerdicts = 0, simplifications = 0, points = 0, failures = 0;
  uint64_t proverQueries = 0, rangeQueries = 0;
  uint64_t rangesMeasured = 0, rangesExact = 0, rangesPartial = 0,
           decidable = 0, decided = 0;
  unsigned inexactToPrint = printInexact;
};

} // namespace

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "symshape engine soundness check: random expressions over random "
      "facts; ranges, simplifications and proofs checked by enumeration (or "
      "written for z3)\n");
  if (!proverOut.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(proverOut, ec);
    if (ec) {
      llvm::errs() << "error: cannot write " << proverOut << ": "
                   << ec.message() << "\n";
      return 2;
    }
    Checker checker(seedOpt, /*bounded=*/false);
    checker.runProver(casesOpt, os);
    checker.reportProver();
    return 0;
  }
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
  if (!z3 && checker.exactPercent() < minExact) {
    llvm::errs() << "error: exact ranges below " << minExact << "%\n";
    ok = false;
  }
  return ok ? 0 : 1;
}
