//===- Certify.cpp - Decisions as SMT proof obligations -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Expressions become SMT-LIB integer terms with the engine's semantics:
// floordiv is floor division (SMT-LIB's `div` is Euclidean, which agrees
// for a positive divisor; a negative divisor is handled by negating both
// sides), ceildiv and mod follow from it (mod takes the sign of the
// divisor), max and min are `ite`s.
//
//===----------------------------------------------------------------------===//

#include "Certify.h"

#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/Dialect/SMT/IR/SMTOps.h"
#include "mlir/Dialect/SMT/IR/SMTTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/SMTLIB/ExportSMTLIB.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"

using namespace mlir;
using namespace symshape;

Obligation symshape::makeObligation(ShapeAnalysis &analysis, Location loc,
                                    std::string what,
                                    ArrayRef<Relation> claim) {
  Obligation o{std::move(what), loc, SmallVector<Relation, 2>(claim), {}, {}};
  ArrayRef<ShapeAnalysis::StatedFactLog> stated = analysis.getStatedFacts();
  o.facts.assign(stated.begin(), stated.end());
  llvm::DenseSet<unsigned> used;
  auto use = [&](Expr e) {
    if (e)
      for (unsigned pos : e.getSymbolsUsed())
        used.insert(pos);
  };
  for (const ShapeAnalysis::StatedFactLog &f : o.facts) {
    use(f.expr);
    use(f.other);
  }
  for (const Relation &atom : o.claim) {
    use(atom.lhs);
    use(atom.rhs);
  }
  SmallVector<unsigned> sorted(used.begin(), used.end());
  llvm::sort(sorted);
  for (unsigned pos : sorted)
    o.declarations.push_back({pos, analysis.getFacts().getDeclaration(pos)});
  o.assumptions = analysis.takeNewAssumptions();
  return o;
}

std::string symshape::describeRelation(ShapeAnalysis &analysis,
                                       const Relation &r) {
  static const char *const rel[] = {"==", "!=", "<", "<="};
  return analysis.describe(r.lhs) + " " + rel[static_cast<int>(r.kind)] + " " +
         analysis.describe(r.rhs);
}

std::string symshape::describeClaim(ShapeAnalysis &analysis,
                                    ArrayRef<Relation> claim) {
  std::string text;
  for (const Relation &r : claim)
    text += " " + describeRelation(analysis, r) + ";";
  return text;
}

namespace {

/// Builds the SMT terms of one obligation inside an `smt.solver`.
class TermBuilder {
public:
  TermBuilder(OpBuilder &b, Location loc)
      : b(b), loc(loc), intType(smt::IntType::get(b.getContext())),
        boolType(smt::BoolType::get(b.getContext())) {}

  void declare(unsigned pos) {
    symbols[pos] = smt::DeclareFunOp::create(b, loc, intType,
                                             b.getStringAttr("s" + Twine(pos)));
  }

  Value constant(int64_t v) {
    return smt::IntConstantOp::create(b, loc, intType,
                                      b.getIntegerAttr(b.getI64Type(), v));
  }

  Value cmp(smt::IntPredicate pred, Value l, Value r) {
    return smt::IntCmpOp::create(
        b, loc, boolType, smt::IntPredicateAttr::get(b.getContext(), pred), l,
        r);
  }

  /// The term of `e`, or null if it has none (a null expression).
  Value term(Expr e) {
    if (!e)
      return Value();
    auto it = memo.find(e);
    if (it != memo.end())
      return it->second;
    Value t = build(e);
    memo[e] = t;
    return t;
  }

  /// floor(a / b).
  Value floorDiv(Value a, Value bv) {
    Value zero = constant(0);
    Value positive = cmp(smt::IntPredicate::gt, bv, zero);
    Value negA = smt::IntSubOp::create(b, loc, intType, zero, a);
    Value negB = smt::IntSubOp::create(b, loc, intType, zero, bv);
    Value whenPositive = smt::IntDivOp::create(b, loc, intType, a, bv);
    Value whenNegative = smt::IntDivOp::create(b, loc, intType, negA, negB);
    return smt::IteOp::create(b, loc, intType, positive, whenPositive,
                              whenNegative);
  }

  Value relation(const Relation &atom) {
    Value l = term(atom.lhs), r = term(atom.rhs);
    if (!l || !r)
      return Value();
    switch (atom.kind) {
    case Relation::Kind::EQ:
      return smt::EqOp::create(b, loc, l, r);
    case Relation::Kind::NE:
      return smt::NotOp::create(b, loc, boolType,
                                smt::EqOp::create(b, loc, l, r));
    case Relation::Kind::LT:
      return cmp(smt::IntPredicate::lt, l, r);
    case Relation::Kind::LE:
      return cmp(smt::IntPredicate::le, l, r);
    }
    return Value();
  }

  /// `lo <= e <= hi` and `divisor | e`.
  SmallVector<Value> rangeFacts(Value e, const Interval &range,
                                int64_t divisor) {
    SmallVector<Value> out;
    if (std::optional<int64_t> lo = range.getLo())
      out.push_back(cmp(smt::IntPredicate::ge, e, constant(*lo)));
    if (std::optional<int64_t> hi = range.getHi())
      out.push_back(cmp(smt::IntPredicate::le, e, constant(*hi)));
    if (divisor > 1) {
      // One op per statement: the order must not depend on the compiler.
      Value d = constant(divisor);
      Value mod = smt::IntModOp::create(b, loc, intType, e, d);
      out.push_back(smt::EqOp::create(b, loc, mod, constant(0)));
    }
    return out;
  }

private:
  Value build(Expr e) {
    switch (e.getKind()) {
    case ExprKind::Constant:
      return constant(e.getConstantValue());
    case ExprKind::Symbol: {
      auto it = symbols.find(e.getSymbolPosition());
      return it == symbols.end() ? Value() : it->second;
    }
    case ExprKind::Add: {
      SmallVector<Value> terms;
      for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
        Value v = term(t);
        if (!v)
          return Value();
        terms.push_back(c == 1
                            ? v
                            : smt::IntMulOp::create(b, loc, intType,
                                                    ValueRange{constant(c), v})
                                  .getResult());
      }
      terms.push_back(constant(e.getAddConstant()));
      return smt::IntAddOp::create(b, loc, intType, terms);
    }
    case ExprKind::Mul: {
      SmallVector<Value> factors;
      for (Expr f : e.getOperands()) {
        Value v = term(f);
        if (!v)
          return Value();
        factors.push_back(v);
      }
      if (factors.size() == 1)
        return factors.front();
      return smt::IntMulOp::create(b, loc, intType, factors);
    }
    case ExprKind::FloorDiv:
    case ExprKind::CeilDiv:
    case ExprKind::Mod: {
      Value a = term(e.getOperands()[0]), d = term(e.getOperands()[1]);
      if (!a || !d)
        return Value();
      if (e.getKind() == ExprKind::FloorDiv)
        return floorDiv(a, d);
      if (e.getKind() == ExprKind::CeilDiv) {
        // ceil(a / d) = -floor(-a / d).
        Value zero = constant(0);
        Value negA = smt::IntSubOp::create(b, loc, intType, zero, a);
        return smt::IntSubOp::create(b, loc, intType, zero, floorDiv(negA, d));
      }
      // a mod d = a - d * floor(a / d).
      Value q = floorDiv(a, d);
      return smt::IntSubOp::create(
          b, loc, intType, a,
          smt::IntMulOp::create(b, loc, intType, ValueRange{d, q}));
    }
    case ExprKind::Max:
    case ExprKind::Min: {
      bool isMax = e.getKind() == ExprKind::Max;
      Value acc;
      for (Expr operand : e.getOperands()) {
        Value v = term(operand);
        if (!v)
          return Value();
        if (!acc) {
          acc = v;
          continue;
        }
        Value keep =
            cmp(isMax ? smt::IntPredicate::ge : smt::IntPredicate::le, acc, v);
        acc = smt::IteOp::create(b, loc, intType, keep, acc, v);
      }
      return acc;
    }
    }
    return Value();
  }

  OpBuilder &b;
  Location loc;
  Type intType, boolType;
  llvm::DenseMap<unsigned, Value> symbols;
  llvm::DenseMap<Expr, Value> memo;
};

/// Builds the query of `o` in `module`; false if an expression has no term.
bool buildQuery(OpBuilder &b, ModuleOp module, const Obligation &o) {
  Location loc = o.loc;
  b.setInsertionPointToEnd(module.getBody());
  auto solver = smt::SolverOp::create(b, loc, TypeRange(), ValueRange());
  Block *body = b.createBlock(&solver.getBodyRegion());
  b.setInsertionPointToStart(body);
  TermBuilder t(b, loc);
  auto assertAll = [&](ArrayRef<Value> facts) {
    for (Value f : facts)
      smt::AssertOp::create(b, loc, f);
  };
  if (o.claim.empty() || !o.claim.front().lhs)
    return false;
  ExprContext &exprs = o.claim.front().lhs.getContext();
  for (const auto &[pos, decl] : o.declarations)
    t.declare(pos);
  // Declarations: sizes are >= 0, declared ranges and divisors.
  for (const auto &[pos, decl] : o.declarations) {
    Interval range = decl.range;
    if (decl.isSize)
      range = range.intersect(Interval::nonNegative());
    assertAll(t.rangeFacts(t.term(exprs.getSymbol(pos)), range, decl.divisor));
  }
  for (const ShapeAnalysis::StatedFactLog &f : o.facts) {
    Value e = t.term(f.expr);
    if (!e)
      return false;
    if (f.other) {
      Value other = t.term(f.other);
      if (!other)
        return false;
      smt::AssertOp::create(b, loc, smt::EqOp::create(b, loc, e, other));
      continue;
    }
    assertAll(t.rangeFacts(e, f.range, f.divisor));
  }
  // The claim does not hold: one of its relations is false.
  SmallVector<Value> negated;
  for (const Relation &atom : o.claim) {
    Value r = t.relation(atom);
    if (!r)
      return false;
    negated.push_back(
        smt::NotOp::create(b, loc, smt::BoolType::get(b.getContext()), r));
  }
  if (negated.empty())
    return false;
  Value violated =
      negated.size() == 1
          ? negated.front()
          : smt::OrOp::create(b, loc, smt::BoolType::get(b.getContext()),
                              negated)
                .getResult();
  smt::AssertOp::create(b, loc, violated);
  auto check = smt::CheckOp::create(b, loc, TypeRange());
  for (Region &region : check->getRegions()) {
    b.createBlock(&region);
    smt::YieldOp::create(b, loc, ValueRange());
  }
  b.setInsertionPointToEnd(body);
  smt::YieldOp::create(b, loc, ValueRange());
  return true;
}

} // namespace

LogicalResult
symshape::writeUnitObligations(MLIRContext *context,
                               MutableArrayRef<std::vector<Obligation>> perUnit,
                               StringRef path, bool append) {
  std::vector<Obligation> all;
  for (std::vector<Obligation> &unit : perUnit)
    for (Obligation &o : unit)
      all.push_back(std::move(o));
  return writeObligations(context, all, path, append);
}

LogicalResult symshape::writeObligations(MLIRContext *context,
                                         ArrayRef<Obligation> obligations,
                                         StringRef path, bool append) {
  std::error_code error;
  llvm::raw_fd_ostream os(
      path, error, append ? llvm::sys::fs::OF_Append : llvm::sys::fs::OF_None);
  if (error)
    return emitError(UnknownLoc::get(context))
           << "cannot open the certificate file '" << path
           << "': " << error.message();
  if (!append)
    os << "; symshape decisions as proof obligations: each query asserts "
          "the facts in scope and\n; the negated claim, over the "
          "mathematical integers; every check-sat must be unsat.\n"
          "; assumption: the no-overflow contract (docs/Dialect.md): size "
          "arithmetic does not wrap;\n; symshape-lower checks that the "
          "dynamic dims of public functions' arguments are below\n; 2^62, "
          "and derived sizes are trusted.\n";
  OpBuilder b(context);
  auto print = [](Location loc) {
    std::string where;
    llvm::raw_string_ostream ws(where);
    loc.print(ws);
    return where;
  };
  // Each assumption once per pass (every round of a pass analyses anew).
  llvm::StringSet<> written;
  for (const Obligation &o : obligations) {
    OwningOpRef<ModuleOp> module = ModuleOp::create(o.loc);
    for (const ShapeAnalysis::Assumption &a : o.assumptions) {
      std::string line = a.what + " at " + print(a.loc);
      if (written.insert(line).second)
        os << "; assumption: " << line << "\n";
    }
    os << "; obligation: " << o.what << " at " << print(o.loc) << "\n";
    if (llvm::all_of(o.claim,
                     [](const Relation &r) {
                       return r.lhs && r.lhs == r.rhs &&
                              r.kind != Relation::Kind::NE &&
                              r.kind != Relation::Kind::LT;
                     }) &&
        !o.claim.empty()) {
      os << "; (holds by the ops' definitions: no fact is used)\n";
      continue;
    }
    if (!buildQuery(b, *module, o)) {
      os << "; (not expressible)\n";
      continue;
    }
    if (failed(smt::exportSMTLIB(*module, os)))
      return emitError(o.loc) << "cannot export a proof obligation";
  }
  return success();
}
