//===- Materialize.cpp - Build IR that computes an expression -------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/Materialize.h"
#include "symshape/Engine/CheckedInt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/SmallVectorExtras.h"

using namespace mlir;
using namespace symshape;

static unsigned widthOf(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  return 64;
}

Value symshape::castIntegerTo(OpBuilder &b, Location loc, Value v, Type type) {
  Type from = v.getType();
  if (from == type)
    return v;
  if (isa<IndexType>(from) || isa<IndexType>(type))
    return arith::IndexCastOp::create(b, loc, type, v);
  if (widthOf(from) < widthOf(type))
    return arith::ExtSIOp::create(b, loc, type, v);
  return arith::TruncIOp::create(b, loc, type, v);
}

namespace {
class ExprIRBuilder {
public:
  ExprIRBuilder(OpBuilder &b, Location loc, Type type,
                const MaterializeOptions &o)
      : b(b), loc(loc), type(type), o(o),
        flags(o.nsw ? arith::IntegerOverflowFlags::nsw
                    : arith::IntegerOverflowFlags::none) {}

  Value constant(int64_t v) {
    return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
  }

  Value build(Expr e) {
    switch (e.getKind()) {
    case ExprKind::Constant:
      return constant(e.getConstantValue());
    case ExprKind::Symbol:
      return castIntegerTo(b, loc, o.symbolValue(e.getSymbolPosition()), type);
    case ExprKind::Add:
      return buildSum(e);
    case ExprKind::Mul: {
      Value product;
      for (Expr f : e.getOperands()) {
        Value v = build(f);
        product =
            product
                ? arith::MulIOp::create(b, loc, product, v, flags).getResult()
                : v;
      }
      return product;
    }
    case ExprKind::FloorDiv:
    case ExprKind::CeilDiv:
    case ExprKind::Mod: {
      std::optional<int64_t> c = e.getOperands()[1].getConstantOrNone();
      Expr dividend = e.getOperands()[0];
      if (e.getKind() == ExprKind::Mod && c && *c > 1)
        dividend = smallestResidues(dividend, *c);
      // One statement each: the order of the ops must not depend on the
      // compiler's order of evaluating arguments.
      Value lhs = build(dividend);
      Value rhs = build(e.getOperands()[1]);
      if (e.getKind() == ExprKind::FloorDiv)
        return arith::FloorDivSIOp::create(b, loc, lhs, rhs);
      if (e.getKind() == ExprKind::CeilDiv)
        return arith::CeilDivSIOp::create(b, loc, lhs, rhs);
      // remsi truncates; it is the floor modulo for a non-negative dividend
      // and a positive divisor. Otherwise: a - b * floor(a / b).
      if (c && *c > 0 && o.isNonNegative && o.isNonNegative(dividend))
        return arith::RemSIOp::create(b, loc, lhs, rhs);
      Value q = arith::FloorDivSIOp::create(b, loc, lhs, rhs);
      Value qb = arith::MulIOp::create(b, loc, q, rhs);
      return arith::SubIOp::create(b, loc, lhs, qb);
    }
    case ExprKind::Max:
    case ExprKind::Min: {
      Value acc;
      for (Expr op : e.getOperands()) {
        Value v = build(op);
        if (!acc)
          acc = v;
        else if (e.getKind() == ExprKind::Max)
          acc = arith::MaxSIOp::create(b, loc, acc, v);
        else
          acc = arith::MinSIOp::create(b, loc, acc, v);
      }
      return acc;
    }
    }
    llvm_unreachable("unknown expression kind");
  }

private:
  /// The dividend of `a mod c` with each coefficient and the constant
  /// replaced by its residue modulo c of least magnitude (4 becomes -1
  /// modulo 5): the same value modulo c, and intermediates no larger than
  /// those of any dividend of that class the program may have computed.
  /// The engine's canonical form keeps coefficients in [0, c), so
  /// `(-n - 1) mod 5` is `(4 * n + 4) mod 5`, whose `4 * n` overflows for
  /// n near 2^62 where the program's `-n - 1` does not.
  static Expr smallestResidues(Expr a, int64_t c) {
    auto residue = [&](int64_t k) {
      int64_t r = *checkedFloorMod(k, c);
      return r > c / 2 ? r - c : r;
    };
    if (a.getKind() != ExprKind::Add)
      return a;
    SmallVector<int64_t> residues =
        llvm::map_to_vector(a.getCoefficients(), residue);
    // One normalization, not one sum per term (a chain of `add` calls is
    // quadratic in the terms); a term whose residue is 0 is dropped.
    Expr r = linearCombination(a.getOperands(), residues,
                               residue(a.getAddConstant()));
    return r ? r : a;
  }

  /// Positive terms first, so that a sum rarely starts with `0 - x`.
  Value buildSum(Expr e) {
    SmallVector<std::pair<Expr, int64_t>> terms;
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients()))
      terms.push_back({t, c});
    std::stable_partition(terms.begin(), terms.end(),
                          [](auto &tc) { return tc.second > 0; });
    int64_t k = e.getAddConstant();
    Value sum;
    if (terms.front().second < 0 && k != 0) {
      sum = constant(k);
      k = 0;
    }
    for (auto [t, c] : terms) {
      Value v = build(t);
      // |c| as an unsigned magnitude; INT64_MIN stays a multiplication.
      if (c != 1 && c != -1) {
        bool negate = c < 0 && c != INT64_MIN;
        v = arith::MulIOp::create(b, loc, v, constant(negate ? -c : c), flags);
        if (!negate && c < 0) {
          sum = sum ? arith::AddIOp::create(b, loc, sum, v, flags).getResult()
                    : v;
          continue;
        }
      }
      if (c > 0)
        sum =
            sum ? arith::AddIOp::create(b, loc, sum, v, flags).getResult() : v;
      else
        sum = arith::SubIOp::create(b, loc, sum ? sum : constant(0), v, flags);
    }
    if (k != 0)
      sum = arith::AddIOp::create(b, loc, sum, constant(k), flags);
    return sum;
  }

  OpBuilder &b;
  Location loc;
  Type type;
  const MaterializeOptions &o;
  arith::IntegerOverflowFlags flags;
};
} // namespace

Value symshape::materializeExpr(OpBuilder &builder, Location loc, Expr e,
                                Type type, const MaterializeOptions &options) {
  return ExprIRBuilder(builder, loc, type, options).build(e);
}
