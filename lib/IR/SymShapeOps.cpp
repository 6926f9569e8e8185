//===- SymShapeOps.cpp - symshape operations ------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Parsers, printers and verifiers. Folders live in SymShapeFolds.cpp.
//
//===----------------------------------------------------------------------===//

#include "symshape/IR/SymShapeOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace symshape;

#define GET_OP_CLASSES
#include "symshape/IR/SymShapeOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Parses `multiple_of N` if present.
static ParseResult parseOptionalDivisor(OpAsmParser &parser,
                                        OperationState &result,
                                        StringRef attrName) {
  if (failed(parser.parseOptionalKeyword("multiple_of")))
    return success();
  int64_t divisor;
  if (parser.parseInteger(divisor))
    return failure();
  result.addAttribute(attrName, parser.getBuilder().getI64IntegerAttr(divisor));
  return success();
}

/// Parses `[lo, hi]` into a RangeAttr, reporting an empty range at its
/// location.
static ParseResult parseRangeAttr(OpAsmParser &parser, RangeAttr &range) {
  SMLoc loc = parser.getCurrentLocation();
  std::optional<int64_t> lo, hi;
  if (parseRangeBody(parser, lo, hi))
    return failure();
  range = RangeAttr::getChecked([&] { return parser.emitError(loc); },
                                parser.getContext(), lo, hi);
  return success(static_cast<bool>(range));
}

/// Verifies a stated divisor: positive, and compatible with the range.
static LogicalResult
verifyDivisor(Operation *op, std::optional<int64_t> divisor, RangeAttr range) {
  if (!divisor)
    return success();
  if (*divisor < 1)
    return op->emitOpError("divisor must be positive, got ") << *divisor;
  if (range && !range.containsMultipleOf(*divisor)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printRangeBody(os, range.getLo(), range.getHi());
    return op->emitOpError("range ")
           << text << " contains no multiple of " << *divisor;
  }
  return success();
}

/// Verifies that `expr` only uses symbol positions that have an operand.
static LogicalResult verifyArity(Operation *op, Expr expr, unsigned numOperands,
                                 const Twine &what) {
  unsigned used = expr.getNumSymbolsUsed();
  if (used > numOperands)
    return op->emitOpError()
           << what << " uses s" << (used - 1) << " but only " << numOperands
           << " symbol operand" << (numOperands == 1 ? " is" : "s are")
           << " given";
  return success();
}

/// Verifies that `type` is a ranked tensor.
static FailureOr<RankedTensorType> verifyRanked(Operation *op, Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked) {
    (void)(op->emitOpError("expects a ranked tensor, got ") << type);
    return failure();
  }
  return ranked;
}

//===----------------------------------------------------------------------===//
// SymbolOp
//===----------------------------------------------------------------------===//

ParseResult SymbolOp::parse(OpAsmParser &parser, OperationState &result) {
  std::string name;
  if (parser.parseString(&name))
    return failure();
  result.addAttribute(getNameAttrName(result.name),
                      parser.getBuilder().getStringAttr(name));
  if (succeeded(parser.parseOptionalKeyword("range"))) {
    RangeAttr range;
    if (parseRangeAttr(parser, range))
      return failure();
    result.addAttribute(getRangeAttrName(result.name), range);
  }
  Type type;
  if (parseOptionalDivisor(parser, result,
                           getMultipleOfAttrName(result.name).getValue()) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  result.addTypes(type);
  return success();
}

void SymbolOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttributeWithoutType(getNameAttr());
  if (RangeAttr range = getRangeAttr()) {
    p << " range ";
    printRangeBody(p.getStream(), range.getLo(), range.getHi());
  }
  if (std::optional<int64_t> divisor = getMultipleOf())
    p << " multiple_of " << *divisor;
  p.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getNameAttrName(), getRangeAttrName(), getMultipleOfAttrName()});
  p << " : " << getType();
}

LogicalResult SymbolOp::verify() {
  if (getName().empty())
    return emitOpError("symbol name must not be empty");
  RangeAttr range = getRangeAttr();
  if (range && (!range.getLo() || *range.getLo() < 0))
    return emitOpError("a size symbol's range must be non-negative, got lower "
                       "bound ")
           << (range.getLo() ? std::to_string(*range.getLo()) : "-inf");
  // Sizes are assumed to stay below 2^62 (docs/Dialect.md): a range with no
  // size below that contradicts the assumption the engine's rewrites rely on
  // (max(s, s + 1) -> s + 1 is wrong when s + 1 wraps).
  if (range && *range.getLo() >= kSizeLimit)
    return emitOpError("a size symbol's range must admit a size below 2^62 "
                       "(the no-overflow assumption), got lower bound ")
           << *range.getLo();
  return verifyDivisor(*this, getMultipleOf(), range);
}

RangeAttr SymbolOp::getRangeOrDefault() {
  if (RangeAttr range = getRangeAttr())
    return range;
  return RangeAttr::get(getContext(), 0, std::nullopt);
}

int64_t SymbolOp::getDivisor() { return getMultipleOf().value_or(1); }

bool SymbolOp::statesFact() {
  return getRangeAttr() || getMultipleOf().has_value();
}

void SymbolOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // A stated range or divisor is a fact: it must not be erased as dead code
  // when the value is unused (docs/Dialect.md, "Ops and facts").
  if (statesFact())
    effects.emplace_back(MemoryEffects::Write::get(), FactResource::get());
}

Speculation::Speculatability SymbolOp::getSpeculatability() {
  // A fact holds where it is stated (and becomes a run-time check there):
  // it is not moved to where it would not have been executed.
  return statesFact() ? Speculation::NotSpeculatable
                      : Speculation::Speculatable;
}

//===----------------------------------------------------------------------===//
// BindShapeOp
//===----------------------------------------------------------------------===//

ParseResult BindShapeOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand tensor;
  SmallVector<OpAsmParser::UnresolvedOperand> symbols;
  Type tensorType;
  SmallVector<Attribute> dims;
  if (parser.parseOperand(tensor) || parser.parseComma() ||
      parser.parseOperandList(symbols, OpAsmParser::Delimiter::Square) ||
      parser.parseColonType(tensorType) || parser.parseEqual() ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     [&]() -> ParseResult {
                                       FailureOr<Expr> expr = parseExpr(parser);
                                       if (failed(expr))
                                         return failure();
                                       dims.push_back(ExprAttr::get(
                                           parser.getContext(), *expr));
                                       return success();
                                     }) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getDimsAttrName(result.name),
                      parser.getBuilder().getArrayAttr(dims));
  if (parser.resolveOperand(tensor, tensorType, result.operands) ||
      parser.resolveOperands(symbols, parser.getBuilder().getIndexType(),
                             result.operands))
    return failure();
  return success();
}

void BindShapeOp::print(OpAsmPrinter &p) {
  p << ' ' << getTensor() << ", [" << getSymbols()
    << "] : " << getTensor().getType() << " = (";
  llvm::interleaveComma(getDims(), p, [&](Attribute dim) {
    cast<ExprAttr>(dim).getValue().print(p.getStream());
  });
  p << ')';
  p.printOptionalAttrDict((*this)->getAttrs(), {getDimsAttrName()});
}

Expr BindShapeOp::getDimExpr(unsigned i) {
  return cast<ExprAttr>(getDims()[i]).getValue();
}

LogicalResult BindShapeOp::verify() {
  FailureOr<RankedTensorType> type = verifyRanked(*this, getTensor().getType());
  if (failed(type))
    return failure();
  if (static_cast<int64_t>(getDims().size()) != type->getRank())
    return emitOpError("binds ")
           << getDims().size() << " dim" << (getDims().size() == 1 ? "" : "s")
           << " but the tensor has rank " << type->getRank();
  for (unsigned i = 0, e = getDims().size(); i < e; ++i) {
    Expr expr = getDimExpr(i);
    if (failed(verifyArity(*this, expr, getSymbols().size(),
                           "the expression of dim " + Twine(i))))
      return failure();
    std::optional<int64_t> value = expr.getConstantOrNone();
    if (value && *value < 0)
      return emitOpError("dim ")
             << i << " is bound to the negative size " << *value;
    if (value && !type->isDynamicDim(i) && type->getDimSize(i) != *value)
      return emitOpError("dim ") << i << " is static " << type->getDimSize(i)
                                 << " but is bound to " << *value;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SymSizeOp
//===----------------------------------------------------------------------===//

LogicalResult SymSizeOp::verify() {
  FailureOr<RankedTensorType> type = verifyRanked(*this, getSource().getType());
  if (failed(type))
    return failure();
  int64_t dim = getDim();
  if (dim < 0 || dim >= type->getRank())
    return emitOpError("dim ")
           << dim << " is out of range for a tensor of rank "
           << type->getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// ApplyOp
//===----------------------------------------------------------------------===//

ParseResult ApplyOp::parse(OpAsmParser &parser, OperationState &result) {
  FailureOr<Expr> expr = parseExpr(parser);
  if (failed(expr))
    return failure();
  result.addAttribute(getExprAttrName(result.name),
                      ExprAttr::get(parser.getContext(), *expr));
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  Type type;
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperands(operands, parser.getBuilder().getIndexType(),
                             result.operands))
    return failure();
  result.addTypes(type);
  return success();
}

void ApplyOp::print(OpAsmPrinter &p) {
  p << ' ';
  getExpr().getValue().print(p.getStream());
  p << " (" << getOperands() << ')';
  p.printOptionalAttrDict((*this)->getAttrs(), {getExprAttrName()});
  p << " : " << getType();
}

LogicalResult ApplyOp::verify() {
  return verifyArity(*this, getExpr().getValue(), getOperands().size(),
                     "the expression");
}

//===----------------------------------------------------------------------===//
// ConstrainRangeOp
//===----------------------------------------------------------------------===//

ParseResult ConstrainRangeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand value;
  RangeAttr range;
  Type type;
  if (parser.parseOperand(value) || parseRangeAttr(parser, range))
    return failure();
  result.addAttribute(getRangeAttrName(result.name), range);
  if (parseOptionalDivisor(parser, result,
                           getMultipleOfAttrName(result.name).getValue()) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperand(value, type, result.operands))
    return failure();
  result.addTypes(type);
  return success();
}

void ConstrainRangeOp::print(OpAsmPrinter &p) {
  p << ' ' << getValue() << ' ';
  printRangeBody(p.getStream(), getRange().getLo(), getRange().getHi());
  if (std::optional<int64_t> divisor = getMultipleOf())
    p << " multiple_of " << *divisor;
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getRangeAttrName(), getMultipleOfAttrName()});
  p << " : " << getType();
}

LogicalResult ConstrainRangeOp::verify() {
  // The range must be representable in the value's type (signed).
  if (auto intType = dyn_cast<IntegerType>(getType())) {
    unsigned width = intType.getWidth();
    if (width < 64) {
      int64_t lo = -(int64_t(1) << (width - 1)),
              hi = (int64_t(1) << (width - 1)) - 1;
      if (width == 1) {
        lo = -1;
        hi = 0;
      }
      for (std::optional<int64_t> bound :
           {getRange().getLo(), getRange().getHi()})
        if (bound && (*bound < lo || *bound > hi))
          return emitOpError("range bound ")
                 << *bound << " is not representable in " << getType();
    }
  }
  return verifyDivisor(*this, getMultipleOf(), getRange());
}

int64_t ConstrainRangeOp::getDivisor() { return getMultipleOf().value_or(1); }
