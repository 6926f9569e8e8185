//===- ShapeAnalysis.cpp - Symbolic facts of ordinary MLIR ----------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/Analysis/Materialize.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace symshape;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Integer types the analysis models as expressions (not i1 conditions).
static bool isIntLike(Type type) {
  if (isa<IndexType>(type))
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.isSignless() && intType.getWidth() >= 2 &&
         intType.getWidth() <= 64;
}

static unsigned bitWidth(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  return 64;
}

/// The signed range of a `width`-bit integer.
static symshape::Interval typeRange(unsigned width) {
  if (width >= 64)
    return symshape::Interval(INT64_MIN, INT64_MAX);
  int64_t half = int64_t(1) << (width - 1);
  return symshape::Interval(-half, half - 1);
}

static std::optional<int64_t> getConstantInt(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)) && value.getBitWidth() <= 64)
    return value.getSExtValue();
  return std::nullopt;
}

Expr symshape::exprFromAffine(AffineExpr e, ArrayRef<Expr> operands,
                              unsigned numDims, ExprContext &ctx) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return ctx.getConstant(cast<AffineConstantExpr>(e).getValue());
  case AffineExprKind::DimId:
    return operands[cast<AffineDimExpr>(e).getPosition()];
  case AffineExprKind::SymbolId:
    return operands[numDims + cast<AffineSymbolExpr>(e).getPosition()];
  default:
    break;
  }
  auto bin = cast<AffineBinaryOpExpr>(e);
  Expr l = exprFromAffine(bin.getLHS(), operands, numDims, ctx);
  Expr r = exprFromAffine(bin.getRHS(), operands, numDims, ctx);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return add(l, r);
  case AffineExprKind::Mul:
    return mul(l, r);
  case AffineExprKind::FloorDiv:
    return floorDiv(l, r);
  case AffineExprKind::CeilDiv:
    return ceilDiv(l, r);
  case AffineExprKind::Mod:
    return mod(l, r);
  default:
    return Expr();
  }
}

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

ShapeAnalysis::ShapeAnalysis(MLIRContext *context)
    : exprContext(SymShapeDialect::getExprContext(context)), solver(facts) {}

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

void ShapeAnalysis::setDimName(Value value, unsigned dim, StringRef name) {
  dimNames[{value, dim}] = name.str();
}

/// "file:line:col" of `loc` if it has one, else empty.
static std::string shortLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (llvm::sys::path::filename(fileLoc.getFilename().getValue()) + ":" +
            Twine(fileLoc.getLine()) + ":" + Twine(fileLoc.getColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return shortLocation(nameLoc.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string s = shortLocation(inner); !s.empty())
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
  if (arg) {
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
  if (std::string where = shortLocation(loc); !where.empty())
    os << " at " << where;
  os << "]";
  return name;
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

bool ShapeAnalysis::isSizeExpr(Expr e) {
  e = solver.normalize(e);
  if (!e)
    return false;
  return llvm::all_of(e.getSymbolsUsed(),
                      [&](unsigned pos) { return facts.getSymbol(pos).isSize; });
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
  valueExprs[value] = e;
  return e;
}

Expr ShapeAnalysis::followDefChain(llvm::function_ref<Expr()> compute) {
  if (depthLimit && onDemandDepth >= *depthLimit)
    return Expr();
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

Expr ShapeAnalysis::foldResultToExpr(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr)) {
    if (auto intAttr = dyn_cast<IntegerAttr>(attr))
      return exprContext.getConstant(intAttr.getInt());
    return Expr();
  }
  return getExpr(cast<Value>(ofr));
}

/// `exact` is the mathematical result of an integer op. It is the op's value
/// only if the op cannot wrap: it carries `nsw`, or it computes a size
/// (covered by the no-overflow assumption) in 64 bits, or the range of the
/// result fits the type.
Expr ShapeAnalysis::checkedArith(Operation *op, Expr exact) {
  if (!exact)
    return Expr();
  if (auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
    if (flags.hasNoSignedWrap())
      return exact;
  Type type = op->getResult(0).getType();
  unsigned width = bitWidth(type);
  if (width == 64 && isSizeExpr(exact))
    return exact;
  if (typeRange(width).contains(solver.getRange(exact)))
    return exact;
  return Expr();
}

Expr ShapeAnalysis::computeOpResult(Operation *op, OpResult result) {
  auto operandExpr = [&](unsigned i) { return getExpr(op->getOperand(i)); };
  auto proven = [&](Verdict v) { return v == Verdict::True; };
  auto nonNegative = [&](Expr e) {
    return e && proven(solver.proveNonNegative(e));
  };
  auto positive = [&](Expr e) {
    return e && proven(solver.proveLT(exprContext.getConstant(0), e));
  };
  auto fits = [&](Expr e, Type type) -> Expr {
    if (!e)
      return Expr();
    unsigned width = bitWidth(type);
    if (width == 64 && isSizeExpr(e))
      return e;
    return typeRange(width).contains(solver.getRange(e)) ? e : Expr();
  };
  Type resultType = result.getType();
  return llvm::TypeSwitch<Operation *, Expr>(op)
      .Case([&](arith::ConstantOp c) -> Expr {
        if (auto attr = dyn_cast<IntegerAttr>(c.getValue()))
          if (attr.getValue().getBitWidth() <= 64)
            return exprContext.getConstant(
                isa<IndexType>(attr.getType())
                    ? attr.getInt()
                    : attr.getValue().getSExtValue());
        return Expr();
      })
      .Case([&](arith::AddIOp) {
        return checkedArith(op, add(operandExpr(0), operandExpr(1)));
      })
      .Case([&](arith::SubIOp) {
        return checkedArith(op, sub(operandExpr(0), operandExpr(1)));
      })
      .Case([&](arith::MulIOp) {
        return checkedArith(op, mul(operandExpr(0), operandExpr(1)));
      })
      .Case([&](arith::MaxSIOp) { return max(operandExpr(0), operandExpr(1)); })
      .Case([&](arith::MinSIOp) { return min(operandExpr(0), operandExpr(1)); })
      .Case<arith::FloorDivSIOp, arith::CeilDivSIOp>([&](Operation *) -> Expr {
        // Exact but for MIN / -1, which a positive divisor excludes.
        Expr a = operandExpr(0), b = operandExpr(1);
        if (!positive(b))
          return Expr();
        return isa<arith::FloorDivSIOp>(op) ? floorDiv(a, b) : ceilDiv(a, b);
      })
      .Case<arith::DivSIOp, arith::RemSIOp, arith::DivUIOp, arith::RemUIOp>(
          [&](Operation *) -> Expr {
            // Truncating division equals floor division only for a
            // non-negative dividend and a positive divisor.
            Expr a = operandExpr(0), b = operandExpr(1);
            if (!nonNegative(a) || !positive(b))
              return Expr();
            return isa<arith::DivSIOp, arith::DivUIOp>(op) ? floorDiv(a, b)
                                                           : mod(a, b);
          })
      .Case<arith::IndexCastOp, arith::ExtSIOp, arith::TruncIOp>(
          [&](Operation *) {
            // Sign extension keeps the value; narrowing must fit.
            return fits(operandExpr(0), resultType);
          })
      .Case<arith::IndexCastUIOp, arith::ExtUIOp>([&](Operation *) -> Expr {
        // Zero extension keeps a non-negative value.
        Expr a = operandExpr(0);
        return nonNegative(a) ? fits(a, resultType) : Expr();
      })
      .Case([&](arith::SelectOp sel) -> Expr {
        Expr t = operandExpr(1), f = operandExpr(2);
        if (auto c = getConstantInt(sel.getCondition()))
          return *c ? t : f;
        // select(a < b, a, b) is min(a, b); select(a > b, a, b) max(a, b).
        if (auto cmp = sel.getCondition().getDefiningOp<arith::CmpIOp>()) {
          bool same = cmp.getLhs() == sel.getTrueValue() &&
                      cmp.getRhs() == sel.getFalseValue();
          if (same) {
            switch (cmp.getPredicate()) {
            case arith::CmpIPredicate::slt:
            case arith::CmpIPredicate::sle:
              return min(t, f);
            case arith::CmpIPredicate::sgt:
            case arith::CmpIPredicate::sge:
              return max(t, f);
            default:
              break;
            }
          }
        }
        return Expr();
      })
      .Case([&](affine::AffineApplyOp apply) -> Expr {
        SmallVector<Expr> ops;
        for (Value v : apply.getMapOperands())
          ops.push_back(getExpr(v));
        if (llvm::any_of(ops, [](Expr e) { return !e; }))
          return Expr();
        AffineMap map = apply.getAffineMap();
        return checkedArith(op, exprFromAffine(map.getResult(0), ops,
                                               map.getNumDims(), exprContext));
      })
      .Case<affine::AffineMinOp, affine::AffineMaxOp>([&](Operation *) -> Expr {
        AffineMap map;
        ValueRange mapOperands;
        if (auto minOp = dyn_cast<affine::AffineMinOp>(op)) {
          map = minOp.getAffineMap();
          mapOperands = minOp.getMapOperands();
        } else {
          auto maxOp = cast<affine::AffineMaxOp>(op);
          map = maxOp.getAffineMap();
          mapOperands = maxOp.getMapOperands();
        }
        SmallVector<Expr> ops;
        for (Value v : mapOperands)
          ops.push_back(getExpr(v));
        if (llvm::any_of(ops, [](Expr e) { return !e; }))
          return Expr();
        SmallVector<Expr> results;
        for (AffineExpr r : map.getResults()) {
          Expr e = fits(exprFromAffine(r, ops, map.getNumDims(), exprContext),
                        resultType);
          if (!e)
            return Expr();
          results.push_back(e);
        }
        return isa<affine::AffineMinOp>(op) ? min(results) : max(results);
      })
      .Case<tensor::DimOp, memref::DimOp>([&](Operation *) -> Expr {
        std::optional<int64_t> index = getConstantInt(op->getOperand(1));
        if (!index || *index < 0)
          return Expr();
        return getDimExpr(op->getOperand(0), static_cast<unsigned>(*index));
      })
      .Case([&](SymSizeOp size) {
        return getDimExpr(size.getSource(), size.getDim());
      })
      .Case([&](SymbolOp symbol) -> Expr {
        // A name denotes one symbol per function (docs/Dialect.md).
        auto key = std::make_pair(nameScope(symbol), symbol.getName());
        auto it = namedSymbols.find(key);
        if (it != namedSymbols.end())
          return exprContext.getSymbol(it->second);
        // Not declared by a walk: declare it now (facts of a symbol are
        // declarations, true wherever the symbol exists).
        SymbolInfo info{SymbolInfo::Kind::Named, symbol.getResult(), -1,
                        symbol.getName().str(), /*isSize=*/true};
        Expr s = newSymbol(info);
        namedSymbols[key] = s.getSymbolPosition();
        RangeAttr range = symbol.getRangeOrDefault();
        facts.declareSymbolRange(
            s.getSymbolPosition(),
            symshape::Interval(range.getLo(), range.getHi()));
        facts.declareSymbolDivisor(s.getSymbolPosition(), symbol.getDivisor());
        return s;
      })
      .Case([&](SymMaxOp) { return max(operandExpr(0), operandExpr(1)); })
      .Case([&](SymMinOp) { return min(operandExpr(0), operandExpr(1)); })
      .Case([&](ApplyOp apply) -> Expr {
        SmallVector<Expr> ops;
        for (Value v : apply.getOperands())
          ops.push_back(getExpr(v));
        if (llvm::any_of(ops, [](Expr e) { return !e; }))
          return Expr();
        return substitute(apply.getExpr().getValue(), ops);
      })
      .Case([&](ConstrainRangeOp constrain) {
        // Outside a walk the fact holds for every user of the result.
        if (!walking)
          addFactsOf(op);
        return operandExpr(0);
      })
      .Case([&](func::CallOp call) {
        return summarizeCall(call, result.getResultNumber(), std::nullopt);
      })
      .Default([&](Operation *) { return Expr(); });
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

/// True if the body of `forOp` yields, for iter arg `i`, a tensor whose dim
/// `dim` equals the iter arg's on every iteration (so by induction the iter
/// arg has its init's dim). A probe analysis without facts gives the iter
/// arg's dim an opaque symbol S and computes the yielded dim: invariant
/// exactly when that is S itself.
bool ShapeAnalysis::isLoopInvariantDim(scf::ForOp forOp, unsigned i,
                                       unsigned dim) {
  if (callDepth >= kMaxCallDepth)
    return false;
  Value arg = forOp.getRegionIterArgs()[i];
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  ShapeAnalysis probe(forOp->getContext());
  probe.callDepth = callDepth + 1;
  Expr s = probe.dimSymbol(arg, dim);
  probe.dimExprs[{arg, dim}] = s;
  return probe.getDimExpr(yield.getOperand(i), dim) == s;
}

Expr ShapeAnalysis::computeDimExpr(Value shaped, unsigned dim) {
  if (auto arg = dyn_cast<BlockArgument>(shaped)) {
    if (auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
      if (arg.getArgNumber() > 0) {
        unsigned i = arg.getArgNumber() - 1;
        if (isLoopInvariantDim(forOp, i, dim))
          return getDimExpr(forOp.getInitArgs()[i], dim);
      }
    }
    return Expr();
  }
  auto result = cast<OpResult>(shaped);
  return computeOpResultDim(result.getOwner(), result, dim);
}

/// The expression of the `dim`-th dim from the dynamic sizes of an op that
/// lists one operand per `?` of its result type (tensor.empty, memref.alloc,
/// tensor.generate, tensor.splat).
static Value dynamicSizeOperand(ShapedType type, ValueRange dynamicSizes,
                                unsigned dim) {
  unsigned index = 0;
  for (unsigned i = 0; i < dim; ++i)
    if (type.isDynamicDim(i))
      ++index;
  return index < dynamicSizes.size() ? dynamicSizes[index] : Value();
}

Expr ShapeAnalysis::computeOpResultDim(Operation *op, OpResult result,
                                       unsigned dim) {
  auto type = cast<ShapedType>(result.getType());
  auto sizeOf = [&](ValueRange dynamicSizes) -> Expr {
    Value v = dynamicSizeOperand(type, dynamicSizes, dim);
    return v ? getExpr(v) : Expr();
  };
  /// The sizes of a (possibly rank-reducing) slice, for result dim `dim`.
  auto sliceSize = [&](ArrayRef<OpFoldResult> sizes,
                       const llvm::SmallBitVector &dropped) -> Expr {
    unsigned kept = 0;
    for (unsigned i = 0; i < sizes.size(); ++i) {
      if (dropped.test(i))
        continue;
      if (kept++ == dim)
        return foldResultToExpr(sizes[i]);
    }
    return Expr();
  };
  return llvm::TypeSwitch<Operation *, Expr>(op)
      .Case([&](tensor::EmptyOp e) { return sizeOf(e.getDynamicSizes()); })
      .Case([&](memref::AllocOp a) { return sizeOf(a.getDynamicSizes()); })
      .Case([&](memref::AllocaOp a) { return sizeOf(a.getDynamicSizes()); })
      .Case([&](tensor::GenerateOp g) { return sizeOf(g.getDynamicExtents()); })
      .Case([&](tensor::SplatOp s) { return sizeOf(s.getDynamicSizes()); })
      .Case<tensor::CastOp, memref::CastOp, bufferization::ToTensorOp,
            bufferization::ToBufferOp>([&](Operation *) -> Expr {
        Value source = op->getOperand(0);
        auto sourceType = dyn_cast<ShapedType>(source.getType());
        if (!sourceType || !sourceType.hasRank() ||
            sourceType.getRank() != type.getRank())
          return Expr();
        return getDimExpr(source, dim);
      })
      .Case([&](tensor::ExtractSliceOp slice) {
        return sliceSize(slice.getMixedSizes(), slice.getDroppedDims());
      })
      .Case([&](memref::SubViewOp view) {
        return sliceSize(view.getMixedSizes(), view.getDroppedDims());
      })
      .Case([&](tensor::PadOp pad) -> Expr {
        Expr low = foldResultToExpr(pad.getMixedLowPad()[dim]);
        Expr high = foldResultToExpr(pad.getMixedHighPad()[dim]);
        Expr source = getDimExpr(pad.getSource(), dim);
        return add(add(source, low), high);
      })
      .Case([&](tensor::ConcatOp concat) -> Expr {
        if (concat.getDim() != dim)
          return getDimExpr(concat.getInputs().front(), dim);
        Expr sum = exprContext.getConstant(0);
        for (Value input : concat.getInputs())
          sum = add(sum, getDimExpr(input, dim));
        return sum;
      })
      .Case<tensor::CollapseShapeOp, memref::CollapseShapeOp>(
          [&](auto collapse) -> Expr {
            // Keep the groups alive: indexing a temporary would dangle.
            SmallVector<ReassociationIndices> groups =
                collapse.getReassociationIndices();
            Expr product = exprContext.getConstant(1);
            for (int64_t i : groups[dim])
              product = mul(product, getDimExpr(collapse.getSrc(), i));
            return product;
          })
      .Case<tensor::ExpandShapeOp, memref::ExpandShapeOp>(
          [&](auto expand) -> Expr {
            // Read output_shape; never recompute it with a floordiv.
            return foldResultToExpr(expand.getMixedOutputShape()[dim]);
          })
      .Case([&](scf::IfOp ifOp) -> Expr {
        if (ifOp.getElseRegion().empty())
          return Expr();
        unsigned i = result.getResultNumber();
        Expr thenDim = getDimExpr(ifOp.thenYield().getOperand(i), dim);
        Expr elseDim = getDimExpr(ifOp.elseYield().getOperand(i), dim);
        return thenDim == elseDim ? thenDim : Expr();
      })
      .Case([&](scf::ForOp forOp) -> Expr {
        unsigned i = result.getResultNumber();
        return getDimExpr(forOp.getRegionIterArgs()[i], dim) ==
                       getDimExpr(forOp.getInitArgs()[i], dim)
                   ? getDimExpr(forOp.getInitArgs()[i], dim)
                   : Expr();
      })
      .Case([&](func::CallOp call) {
        return summarizeCall(call, result.getResultNumber(), dim);
      })
      .Case([&](DestinationStyleOpInterface dps) -> Expr {
        OpOperand *init = dps.getTiedOpOperand(result);
        return init ? getDimExpr(init->get(), dim) : Expr();
      })
      .Default([&](Operation *) { return Expr(); });
}

//===----------------------------------------------------------------------===//
// Calls of private functions
//===----------------------------------------------------------------------===//

ShapeAnalysis::CallSummary
ShapeAnalysis::computeCallSummary(func::FuncOp callee, unsigned resultIndex,
                                  std::optional<unsigned> dim) {
  Block &entry = callee.getBody().front();
  SmallVector<func::ReturnOp> returns;
  callee.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  if (returns.size() != 1 || returns.front()->getBlock() != &entry)
    return {};
  ShapeAnalysis inner(callee->getContext());
  inner.callDepth = callDepth + 1;
  Value returned = returns.front().getOperand(resultIndex);
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

Expr ShapeAnalysis::summarizeCall(func::CallOp call, unsigned resultIndex,
                                  std::optional<unsigned> dim) {
  // Only private functions: a public one may be replaced at link time.
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callSummaries || !callee || !callee.isPrivate() || callee.isExternal() ||
      callDepth >= kMaxCallDepth)
    return Expr();
  // The callee's result as an expression of its arguments, without the
  // facts that hold only inside it: computed once per (callee, result, dim)
  // and reused for every call.
  auto key = std::make_tuple(callee.getOperation(), resultIndex,
                             dim ? int64_t(*dim) : int64_t(-1));
  auto cached = callSummaryCache.find(key);
  if (cached == callSummaryCache.end())
    cached = callSummaryCache
                 .try_emplace(key, computeCallSummary(callee, resultIndex, dim))
                 .first;
  // A copy: the queries below may summarize other calls (and grow the map).
  CallSummary summary = cached->second;
  if (!summary.expr)
    return Expr();
  llvm::SmallDenseMap<unsigned, Expr, 8> replacements;
  for (const CallSummary::Argument &arg : summary.arguments) {
    Value operand = call.getOperand(arg.number);
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

void ShapeAnalysis::reportContradiction(Expr e, Operation *source,
                                        bool userStated) {
  // The most recent other source of a fact on a symbol of `e`.
  Operation *other = nullptr;
  for (auto it = factSources.rbegin(); it != factSources.rend(); ++it) {
    if (it->op == source || !it->expr)
      continue;
    bool shared = false;
    for (unsigned i : e.getSymbolsUsed())
      shared |= it->expr.usesSymbol(i);
    if (shared || it->expr == e) {
      other = it->op;
      break;
    }
  }
  // Name the symbols the fact is about, as the user knows them.
  std::string about;
  llvm::raw_string_ostream os(about);
  bool first = true;
  for (unsigned i : e.getSymbolsUsed()) {
    os << (first ? "" : ", ") << getSymbolName(i);
    first = false;
  }
  if (first)
    os << e;
  if (userStated) {
    contradiction = true;
    InFlightDiagnostic diag = source->emitError()
                              << "contradicting facts: this fact on '" << about
                              << "' cannot hold together with ";
    if (other) {
      diag << "the fact stated by '" << other->getName() << "'";
      diag.attachNote(other->getLoc()) << "the other fact is stated here";
    } else {
      diag << "what is known about its symbols";
    }
    return;
  }
  InFlightDiagnostic diag =
      source->emitWarning()
      << "this check contradicts earlier facts on '" << about
      << "': the program aborts here at run time whatever the input";
  if (other)
    diag.attachNote(other->getLoc()) << "the earlier fact is stated here";
}

void ShapeAnalysis::addRangeFact(Expr e, const symshape::Interval &range,
                                 int64_t divisor, Operation *source,
                                 bool userStated) {
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
  if (source) {
    if (!ok)
      reportContradiction(e, source, userStated);
    factSources.push_back({e, source});
  }
}

void ShapeAnalysis::addEqualityFact(Expr a, Expr b, Operation *source,
                                    bool userStated) {
  a = solver.normalize(a);
  b = solver.normalize(b);
  if (!a || !b || a == b)
    return;
  Expr d = sub(a, b);
  if (d && d.isConstant()) {
    unreachable = true;
    if (source)
      reportContradiction(a, source, userStated);
    return;
  }
  auto bind = [&](Expr sym, Expr value) {
    if (!sym.isSymbol() || value.usesSymbol(sym.getSymbolPosition()))
      return false;
    unsigned pos = sym.getSymbolPosition();
    SymbolFacts known = facts.getSymbol(pos);
    // The symbol's own range and divisor now constrain `value`.
    symshape::Interval valueRange = solver.getRange(value);
    if (!facts.addEquality(pos, value))
      return false;
    symshape::Interval symRange =
        known.isSize ? known.range.intersect(symshape::Interval::nonNegative())
                     : known.range;
    bool ok = !valueRange.intersect(symRange).isEmpty();
    if (!symRange.isFull())
      ok &= facts.addExprRange(value, symRange);
    if (known.divisor > 1 && value.isSymbol())
      ok &= facts.addSymbolDivisor(value.getSymbolPosition(), known.divisor);
    if (!ok)
      unreachable = true;
    if (source) {
      if (!ok)
        reportContradiction(sym, source, userStated);
      factSources.push_back({sym, source});
    }
    return true;
  };
  if (bind(a, b) || bind(b, a))
    return;
  addRangeFact(d, symshape::Interval::point(0), 1, source, userStated);
}

void ShapeAnalysis::addConditionFact(Value cond, bool isTrue, Operation *source,
                                     bool userStated) {
  // A constant condition that does not hold: the point is never reached (a
  // cf.assert of false, the branch of an scf.if that is not taken).
  if (std::optional<int64_t> c = getConstantInt(cond)) {
    if ((*c != 0) != isTrue)
      unreachable = true;
    return;
  }
  Operation *def = cond.getDefiningOp();
  if (!def)
    return;
  if (auto andOp = dyn_cast<arith::AndIOp>(def)) {
    if (isTrue) {
      addConditionFact(andOp.getLhs(), true, source, userStated);
      addConditionFact(andOp.getRhs(), true, source, userStated);
    }
    return;
  }
  if (auto orOp = dyn_cast<arith::OrIOp>(def)) {
    if (!isTrue) {
      addConditionFact(orOp.getLhs(), false, source, userStated);
      addConditionFact(orOp.getRhs(), false, source, userStated);
    }
    return;
  }
  if (auto xorOp = dyn_cast<arith::XOrIOp>(def)) {
    // xor(c, true) is not(c).
    if (auto c = getConstantInt(xorOp.getRhs()); c && *c != 0)
      addConditionFact(xorOp.getLhs(), !isTrue, source, userStated);
    return;
  }
  auto cmp = dyn_cast<arith::CmpIOp>(def);
  if (!cmp)
    return;
  Expr a = getExpr(cmp.getLhs()), b = getExpr(cmp.getRhs());
  if (!a || !b)
    return;
  arith::CmpIPredicate pred = cmp.getPredicate();
  if (!isTrue)
    pred = arith::invertPredicate(pred);
  using P = arith::CmpIPredicate;
  // One spelling per relation: `a >u b` is `b <u a` (so that a constant on
  // either side bounds the other operand).
  if (pred == P::ugt || pred == P::uge) {
    std::swap(a, b);
    pred = pred == P::ugt ? P::ult : P::ule;
  }
  // Unsigned comparisons of non-negative values are signed comparisons; and
  // `a <u c` with a constant c >= 0 puts a in [0, c - 1] whatever its sign.
  bool bothNonNegative = solver.proveNonNegative(a) == Verdict::True &&
                         solver.proveNonNegative(b) == Verdict::True;
  std::optional<int64_t> bConst = b.getConstantOrNone();
  switch (pred) {
  case P::ult:
  case P::ule:
    if (bothNonNegative) {
      pred = pred == P::ult ? P::slt : P::sle;
    } else if (bConst && *bConst >= 0) {
      int64_t hi = pred == P::ult ? *bConst - 1 : *bConst;
      addRangeFact(a, symshape::Interval(0, hi), 1, source, userStated);
      return;
    } else {
      return;
    }
    break;
  default:
    break;
  }
  Expr d = sub(b, a); // b - a
  switch (pred) {
  case P::eq:
    addEqualityFact(a, b, source, userStated);
    return;
  case P::ne: {
    // Only an excluded end of a known range narrows it.
    symshape::Interval r = solver.getRange(d);
    if (r.getLo() && *r.getLo() == 0)
      addRangeFact(d, symshape::Interval::atLeast(1), 1, source, userStated);
    else if (r.getHi() && *r.getHi() == 0)
      addRangeFact(d, symshape::Interval::atMost(-1), 1, source, userStated);
    return;
  }
  case P::slt:
    addRangeFact(d, symshape::Interval::atLeast(1), 1, source, userStated);
    return;
  case P::sle:
    addRangeFact(d, symshape::Interval::atLeast(0), 1, source, userStated);
    return;
  case P::sgt:
    addRangeFact(d, symshape::Interval::atMost(-1), 1, source, userStated);
    return;
  case P::sge:
    addRangeFact(d, symshape::Interval::atMost(0), 1, source, userStated);
    return;
  default:
    return;
  }
}

void ShapeAnalysis::addFactsOf(Operation *op) {
  if (auto constrain = dyn_cast<ConstrainRangeOp>(op)) {
    RangeAttr range = constrain.getRange();
    addRangeFact(getExpr(constrain.getValue()),
                 symshape::Interval(range.getLo(), range.getHi()),
                 constrain.getDivisor(), op, /*userStated=*/true);
    return;
  }
  if (auto bind = dyn_cast<BindShapeOp>(op)) {
    SmallVector<Expr> operands;
    for (Value v : bind.getSymbols())
      operands.push_back(getExpr(v));
    if (llvm::any_of(operands, [](Expr e) { return !e; }))
      return;
    for (unsigned i = 0, e = bind.getDims().size(); i < e; ++i) {
      Expr bound = substitute(bind.getDimExpr(i), operands);
      Expr dim = getDimExpr(bind.getTensor(), i);
      if (bound && dim)
        addEqualityFact(dim, bound, op, /*userStated=*/true);
    }
    return;
  }
  if (auto assertOp = dyn_cast<cf::AssertOp>(op)) {
    addConditionFact(assertOp.getArg(), true, op, /*userStated=*/false);
    return;
  }
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
      InFlightDiagnostic diag =
          symbol.emitError()
          << "contradicting facts: symbol '" << symbol.getName()
          << "' is declared again with facts that cannot hold together with "
             "its other declaration";
      diag.attachNote(other.getLoc()) << "the other declaration is here";
    }
  });
}

//===----------------------------------------------------------------------===//
// The walk in dominance order
//===----------------------------------------------------------------------===//

void ShapeAnalysis::recordAvailable(Value value, Expr e) {
  if (!e)
    return;
  Expr key = solver.simplify(e);
  available[key].push_back(value);
  availableLog.push_back(key);
}

Value ShapeAnalysis::findAvailableValue(Expr e, Type type, Value exclude) {
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
  return {facts.mark(), factSources.size(), availableLog.size(), unreachable};
}

void ShapeAnalysis::exitScope(const ScopeMarks &marks) {
  facts.rollback(marks.facts);
  factSources.resize(marks.sources);
  unreachable = marks.unreachable;
  while (availableLog.size() > marks.available) {
    available[availableLog.back()].pop_back();
    availableLog.pop_back();
  }
}

void ShapeAnalysis::addRegionEntryFacts(Operation *op, Region &region) {
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    bool isThen = &region == &ifOp.getThenRegion();
    addConditionFact(ifOp.getCondition(), isThen, nullptr, false);
    return;
  }
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    // lb <= iv < ub (scf.for has a positive step).
    Expr iv = getExpr(forOp.getInductionVar());
    Expr lb = getExpr(forOp.getLowerBound()),
         ub = getExpr(forOp.getUpperBound());
    if (forOp.getUnsignedCmp()) {
      // The bounds compare unsigned: lb <=u iv <u ub. Signed facts follow
      // only for non-negative bounds: ub >= 0 gives 0 <= iv < ub, and then
      // lb >= 0 gives lb <= iv.
      auto nonNegative = [&](Expr e) {
        return e && solver.proveNonNegative(e) == Verdict::True;
      };
      if (!iv || !nonNegative(ub))
        return;
      addRangeFact(iv, symshape::Interval::nonNegative(), 1, nullptr, false);
      if (!nonNegative(lb))
        lb = Expr();
    }
    if (iv && lb)
      addRangeFact(sub(iv, lb), symshape::Interval::nonNegative(), 1, nullptr,
                   false);
    if (iv && ub)
      addRangeFact(sub(sub(ub, iv), 1), symshape::Interval::nonNegative(), 1,
                   nullptr, false);
    return;
  }
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
    visitor(op);
  addFactsOf(op);
  addDimFacts(op);
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
        addRangeFact(e, symshape::Interval::nonNegative(), 1, nullptr,
                     /*userStated=*/false);
    }
  }
}

void ShapeAnalysis::walkRegion(Region &region, const Visitor &visitor) {
  if (region.empty())
    return;
  auto walkBlock = [&](Block &block) {
    for (BlockArgument arg : block.getArguments())
      if (Expr e = getExpr(arg))
        recordAvailable(arg, e);
    for (Operation &op : block)
      walkOp(&op, visitor);
  };
  if (region.hasOneBlock()) {
    walkBlock(region.front());
    return;
  }
  // Several blocks: a fact from a block holds in the blocks it dominates.
  std::function<void(DominanceInfoNode *)> walkNode =
      [&](DominanceInfoNode *node) {
        ScopeMarks marks = enterScope();
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
  // Size arithmetic carries nsw (the no-overflow assumption), as does
  // arithmetic whose range was proven to fit.
  MaterializeOptions options;
  options.nsw =
      isSizeExpr(e) || typeRange(bitWidth(type)).contains(solver.getRange(e));
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
