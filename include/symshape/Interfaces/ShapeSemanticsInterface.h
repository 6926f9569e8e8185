//===- ShapeSemanticsInterface.h - What an op means for shapes --*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The op interface through which the analysis learns what an op computes
// (ShapeSemanticsOpInterface, from ShapeSemanticsInterface.td) and the
// ShapeQuery through which a model asks about other values and states
// facts. The interface knows nothing of how the analysis works: a model
// only sees a ShapeQuery, and the analysis only sees the interface. What
// passes may do with an op (ShapeRewriteOpInterface) and how
// dynamic-to-static rebuilds it (StaticRebuildOpInterface) are interfaces
// of their own.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_INTERFACES_SHAPESEMANTICSINTERFACE_H
#define SYMSHAPE_INTERFACES_SHAPESEMANTICSINTERFACE_H

#include "symshape/Engine/Expr.h"
#include "symshape/Engine/Interval.h"
#include "symshape/Engine/Solver.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include <optional>

namespace symshape {

/// Where a fact comes from: the op that states it (for diagnostics naming
/// both sides of a contradiction), and whether the user stated it with a
/// symshape op (a contradiction is then an error) or the program checks it
/// (a contradiction is a warning: the program aborts there).
struct FactSource {
  mlir::Operation *op = nullptr;
  bool userStated = false;
};

/// Where the facts an op states hold (ShapeSemanticsOpInterface::addFacts).
struct FactScope {
  enum class Kind {
    /// Once the op has run, wherever it dominates.
    AfterOp,
    /// On entry to region `index` of the op, only there.
    RegionEntry,
    /// On entry to successor `index` of this terminator, for a block
    /// reached from here only: in it and in the blocks it dominates.
    Successor,
    /// Wherever the value of operand `index` is used, for a value used by
    /// this op only.
    OperandUse,
  };
  Kind kind = Kind::AfterOp;
  unsigned index = 0;

  static FactScope afterOp() { return {Kind::AfterOp, 0}; }
  static FactScope regionEntry(unsigned index) {
    return {Kind::RegionEntry, index};
  }
  static FactScope successor(unsigned index) {
    return {Kind::Successor, index};
  }
  static FactScope operandUse(unsigned index) {
    return {Kind::OperandUse, index};
  }
  bool isAfterOp() const { return kind == Kind::AfterOp; }
};

/// How a pass may replace an op's single integer result
/// (ShapeRewriteOpInterface::getResultRewrite).
enum class ResultRewrite {
  /// Never.
  None,
  /// By any value it is proven equal to, or IR computing a simpler form.
  Recompute,
  /// Only by a constant (a dim read).
  ConstantOnly,
};

/// A relation between two integers, `lhs rel rhs` (what a decision claims,
/// for certificates).
struct Relation {
  enum class Kind { EQ, NE, LT, LE } kind;
  Expr lhs, rhs;
};

/// A comparison of two integers, `lhs pred rhs`, signed or unsigned (what a
/// condition states).
struct Comparison {
  enum class Predicate { EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE };
  Predicate pred;
  Expr lhs, rhs;

  bool isUnsigned() const {
    return pred == Predicate::ULT || pred == Predicate::ULE ||
           pred == Predicate::UGT || pred == Predicate::UGE;
  }
  /// `p` with its operands swapped: `a p b` is `b swapped(p) a`.
  static Predicate swapped(Predicate p);
  /// The signed predicate of an unsigned one (which it agrees with on
  /// non-negative values); a signed one, EQ or NE as it is.
  static Predicate signedOf(Predicate p);
  /// The relation it states, for certificates: an unsigned comparison is
  /// the signed one, which it is on the non-negative values that deciding
  /// it requires.
  Relation toRelation() const;
};

/// What an `i1` value states when it has a given truth value
/// (ShapeSemanticsOpInterface::getCondition): a comparison, and other
/// conditions that then hold, each a value and the truth value it has.
struct Condition {
  std::optional<Comparison> comparison;
  llvm::SmallVector<std::pair<mlir::Value, bool>, 2> implied;
};

/// A read of dim `index` of `shaped` (ShapeRewriteOpInterface::getDimRead).
struct DimRead {
  mlir::Value shaped;
  mlir::Value index;
};

/// A max or min op (ShapeRewriteOpInterface::getExtremum).
enum class Extremum { None, Max, Min };

/// The analysis as a model sees it.
class ShapeQuery {
public:
  virtual ~ShapeQuery();

  virtual ExprContext &getExprContext() = 0;
  /// The prover, with the facts that hold at the point being analysed.
  virtual Solver &getSolver() = 0;

  /// The expression of an integer or index value; null for other types.
  virtual Expr getExpr(mlir::Value value) = 0;
  /// Dim `dim` of a ranked tensor or memref; null if it is not ranked.
  virtual Expr getDimExpr(mlir::Value shaped, unsigned dim) = 0;
  /// True if `e` is built from sizes: every symbol of it is a size symbol.
  /// The no-overflow assumption covers arithmetic on it, nothing more: such
  /// an expression may be negative (`0 - a`, `b - a`, `2 - 5 * a`). Where a
  /// rule needs `e >= 0`, it asks `isProvenNonNegative`.
  virtual bool isBuiltFromSizes(Expr e) = 0;

  /// The size symbol named `name` in the function around `value`'s
  /// definition (a name denotes one symbol per function), declared with
  /// `range` and `divisor` if this is its first occurrence.
  virtual Expr getNamedSymbol(mlir::Value value, llvm::StringRef name,
                              const Interval &range, int64_t divisor) = 0;

  /// Result `resultIndex` of `call` (or dim `dim` of it) as an expression of
  /// the call's operands, if the callee is private and computes it from its
  /// arguments; null otherwise.
  virtual Expr getCallResult(mlir::CallOpInterface call, unsigned resultIndex,
                             std::optional<unsigned> dim) = 0;

  /// True if `yielded`, the value a loop body yields for the carried value
  /// `carried` (a region argument), has dim `dim` equal to `carried`'s on
  /// every iteration: by induction the carried value then keeps the dim of
  /// its initial value.
  virtual bool isCarriedDimKept(mlir::Value carried, mlir::Value yielded,
                                unsigned dim) = 0;

  /// True if every symbol of `e` stands for a value defined before `op`
  /// (outside its regions): `e` can then describe a result of `op`, whereas
  /// a value inside a loop's body is a different value on every iteration.
  virtual bool isDefinedBefore(Expr e, mlir::Operation *op) = 0;

  /// Adds the facts of `condition` (an `i1`) being `isTrue`.
  virtual void addCondition(mlir::Value condition, bool isTrue,
                            FactSource source) = 0;
  /// Adds `range.lo <= e <= range.hi` and, for a symbol, `divisor | e`.
  virtual void addRange(Expr e, const Interval &range, int64_t divisor,
                        FactSource source) = 0;
  /// Adds `a == b`.
  virtual void addEquality(Expr a, Expr b, FactSource source) = 0;

  //===--------------------------------------------------------------------===//
  // Helpers built on the above.
  //===--------------------------------------------------------------------===//

  /// The expression of a constant or a value.
  Expr getFoldResultExpr(mlir::OpFoldResult ofr);
  /// The expressions of `values`; false if one is null.
  bool getExprs(mlir::ValueRange values, llvm::SmallVectorImpl<Expr> &exprs);
  /// Adds the facts of `comparison` holding.
  void addComparison(const Comparison &comparison, FactSource source);
  /// Whether `comparison` provably holds or fails with the facts held (an
  /// unsigned one only on values proven non-negative).
  Verdict decideComparison(const Comparison &comparison);
  bool isProvenNonNegative(Expr e);
  bool isProvenPositive(Expr e);
  /// `e` if every value it may take fits `type` (a 64-bit size always
  /// does, by the no-overflow assumption); null otherwise.
  Expr ifFits(Expr e, mlir::Type type);
  /// `exact`, the mathematical result of the integer op `op`, if the op
  /// cannot wrap: it carries `nsw`, or the result fits its type.
  Expr checkedArith(mlir::Operation *op, Expr exact);
};

/// What symshape-dynamic-to-static proved at an op, as a model sees it when
/// it rebuilds the op with more static types
/// (StaticRebuildOpInterface::buildStaticReplacement).
class StaticRefinement {
public:
  virtual ~StaticRefinement();

  /// An operand for the rebuilt op: seen through the casts that only forget
  /// static dims, and cast to its proven type where that is more static.
  virtual mlir::Value refineOperand(mlir::OpBuilder &builder,
                                    mlir::Value operand) = 0;
  /// An index operand (an offset, a padding) with a proven constant value,
  /// as an attribute; otherwise as it is.
  virtual mlir::OpFoldResult refineIndex(mlir::OpBuilder &builder,
                                         mlir::OpFoldResult ofr) = 0;
  /// A size or extent, like `refineIndex` except that a static 0 is never
  /// introduced (the lowering of MLIR 22.1 rejects slices and collapses of a
  /// static 0 dim).
  virtual mlir::OpFoldResult refineSize(mlir::OpBuilder &builder,
                                        mlir::OpFoldResult ofr) = 0;
  /// The proven type of an operand or result of the op: static wherever its
  /// dim is proven constant.
  virtual mlir::Type getProvenType(mlir::Value value) = 0;

  llvm::SmallVector<mlir::OpFoldResult>
  refineIndices(mlir::OpBuilder &builder,
                llvm::ArrayRef<mlir::OpFoldResult> ofrs);
  llvm::SmallVector<mlir::OpFoldResult>
  refineSizes(mlir::OpBuilder &builder,
              llvm::ArrayRef<mlir::OpFoldResult> ofrs);
};

/// The static value of an attribute operand; an SSA operand (even a
/// constant one) is dynamic in the type of the op that takes it.
std::optional<int64_t> getStaticValue(mlir::OpFoldResult ofr);

/// Integer types the analysis models as expressions (index and signless
/// integers of 2 to 64 bits; not i1 conditions).
bool isIntLike(mlir::Type type);
/// The width of an integer type; 64 for index.
unsigned bitWidth(mlir::Type type);
/// The signed range of a `width`-bit integer.
Interval typeRange(unsigned width);
/// The value of a constant integer of at most 64 bits.
std::optional<int64_t> getConstantInt(mlir::Value value);

/// Converts an affine expression over `operands` (dims first, then
/// symbols). Null if an operand is null.
Expr exprFromAffine(mlir::AffineExpr e, llvm::ArrayRef<Expr> operands,
                    unsigned numDims, ExprContext &ctx);

} // namespace symshape

#include "symshape/Interfaces/ShapeSemanticsInterface.h.inc"

#endif // SYMSHAPE_INTERFACES_SHAPESEMANTICSINTERFACE_H
