//===- SymShapeAttrs.cpp - symshape attributes ----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/IR/SymShapeAttrs.h"
#include "symshape/Engine/CheckedInt.h"
#include "symshape/Engine/Interval.h"
#include "symshape/IR/SymShapeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace symshape;

#define GET_ATTRDEF_CLASSES
#include "symshape/IR/SymShapeAttrs.cpp.inc"

void SymShapeDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "symshape/IR/SymShapeAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Expression parsing from MLIR assembly
//===----------------------------------------------------------------------===//

namespace {
/// Feeds the engine's expression parser from MLIR's AsmParser, so that the
/// attribute and the inline op syntax share one grammar with the engine.
class AsmParserTokenSource : public ExprTokenSource {
public:
  explicit AsmParserTokenSource(AsmParser &parser) : parser(parser) {}

  bool consumeKeyword(StringRef keyword) override {
    return succeeded(parser.parseOptionalKeyword(keyword));
  }
  bool consumeIdentifier(std::string &identifier) override {
    StringRef keyword;
    if (failed(parser.parseOptionalKeyword(&keyword)))
      return false;
    identifier = keyword.str();
    return true;
  }
  std::optional<bool> consumeInteger(uint64_t &value) override {
    OptionalParseResult result = parser.parseOptionalInteger(value);
    if (!result.has_value())
      return std::nullopt;
    return succeeded(*result);
  }
  bool consumePunct(char punct) override {
    switch (punct) {
    case '+':
      return succeeded(parser.parseOptionalPlus());
    case '-':
      return succeeded(parser.parseOptionalMinus());
    case '*':
      return succeeded(parser.parseOptionalStar());
    case '(':
      return succeeded(parser.parseOptionalLParen());
    case ')':
      return succeeded(parser.parseOptionalRParen());
    case ',':
      return succeeded(parser.parseOptionalComma());
    default:
      return false;
    }
  }
  LogicalResult emitError(const Twine &message) override {
    return parser.emitError(parser.getCurrentLocation(), message);
  }

private:
  AsmParser &parser;
};
} // namespace

FailureOr<Expr> symshape::parseExpr(AsmParser &parser) {
  AsmParserTokenSource tokens(parser);
  return parseExpr(SymShapeDialect::getExprContext(parser.getContext()),
                   tokens);
}

//===----------------------------------------------------------------------===//
// ExprAttr
//===----------------------------------------------------------------------===//

Attribute ExprAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FailureOr<Expr> expr = parseExpr(parser);
  if (failed(expr) || parser.parseGreater())
    return {};
  return ExprAttr::get(parser.getContext(), *expr);
}

void ExprAttr::print(AsmPrinter &printer) const {
  printer << '<';
  getValue().print(printer.getStream());
  printer << '>';
}

LogicalResult ExprAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               Expr value) {
  if (!value)
    return emitError() << "expression is not representable (int64 overflow "
                          "or division by zero)";
  return success();
}

//===----------------------------------------------------------------------===//
// RangeAttr
//===----------------------------------------------------------------------===//

/// Parses one end of a range: an integer, or `inf` (upper) / `-inf` (lower).
static ParseResult parseBound(AsmParser &parser, std::optional<int64_t> &bound,
                              bool isLower) {
  SMLoc loc = parser.getCurrentLocation();
  bool negative = succeeded(parser.parseOptionalMinus());
  if (succeeded(parser.parseOptionalKeyword("inf"))) {
    if (negative != isLower)
      return parser.emitError(loc)
             << (isLower ? "a lower bound may be '-inf' but not 'inf'"
                         : "an upper bound may be 'inf' but not '-inf'");
    bound = std::nullopt;
    return success();
  }
  uint64_t magnitude;
  if (parser.parseInteger(magnitude))
    return failure();
  uint64_t limit = static_cast<uint64_t>(INT64_MAX) + (negative ? 1 : 0);
  if (magnitude > limit)
    return parser.emitError(loc) << "range bound does not fit in 64 bits";
  bound = negative ? static_cast<int64_t>(0 - magnitude)
                   : static_cast<int64_t>(magnitude);
  return success();
}

ParseResult symshape::parseRangeBody(AsmParser &parser,
                                     std::optional<int64_t> &lo,
                                     std::optional<int64_t> &hi) {
  if (parser.parseLSquare() || parseBound(parser, lo, /*isLower=*/true) ||
      parser.parseComma() || parseBound(parser, hi, /*isLower=*/false) ||
      parser.parseRSquare())
    return failure();
  return success();
}

void symshape::printRangeBody(llvm::raw_ostream &os, std::optional<int64_t> lo,
                              std::optional<int64_t> hi) {
  // The attribute's syntax is the engine's interval syntax.
  Interval(lo, hi).print(os);
}

Attribute RangeAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::optional<int64_t> lo, hi;
  if (parser.parseLess() || parseRangeBody(parser, lo, hi) ||
      parser.parseGreater())
    return {};
  return RangeAttr::getChecked([&] { return parser.emitError(loc); },
                               parser.getContext(), lo, hi);
}

void RangeAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printRangeBody(printer.getStream(), getLo(), getHi());
  printer << '>';
}

LogicalResult RangeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                std::optional<int64_t> lo,
                                std::optional<int64_t> hi) {
  if (lo && hi && *lo > *hi)
    return emitError() << "empty range: lower bound " << *lo
                       << " is greater than upper bound " << *hi;
  return success();
}

bool RangeAttr::contains(int64_t value) const {
  return (!getLo() || *getLo() <= value) && (!getHi() || value <= *getHi());
}

bool RangeAttr::containsMultipleOf(int64_t divisor) const {
  if (divisor <= 1 || !getLo() || !getHi())
    return true;
  // The smallest multiple of `divisor` that is >= lo.
  std::optional<int64_t> q = checkedCeilDiv(*getLo(), divisor);
  std::optional<int64_t> first = q ? checkedMul(*q, divisor) : std::nullopt;
  return first && *first <= *getHi();
}
