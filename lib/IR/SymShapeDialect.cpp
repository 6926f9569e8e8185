//===- SymShapeDialect.cpp - symshape dialect -----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/IR/SymShapeDialect.h"
#include "symshape/IR/SymShapeAttrs.h"
#include "symshape/IR/SymShapeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace symshape;

#include "symshape/IR/SymShapeOpsDialect.cpp.inc"

void SymShapeDialect::initialize() {
  exprContext = std::make_unique<ExprContext>();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "symshape/IR/SymShapeOps.cpp.inc"
      >();
}

ExprContext &SymShapeDialect::getExprContext(MLIRContext *context) {
  return context->getOrLoadDialect<SymShapeDialect>()->getExprContext();
}

Operation *SymShapeDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    if (intAttr.getType() == type)
      return arith::ConstantOp::create(builder, loc, type, intAttr);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Argument attributes
//===----------------------------------------------------------------------===//

namespace {

constexpr llvm::StringLiteral kDimNames = "symshape.dim_names";
constexpr llvm::StringLiteral kDimRanges = "symshape.dim_ranges";
constexpr llvm::StringLiteral kDimDivisors = "symshape.dim_divisors";

/// Verifies one of the `symshape.dim_*` attributes of argument `argIndex` of
/// `op` (docs/Dialect.md, "Argument attributes"). Errors are located at the
/// argument when the op has a body, else at the op.
class ArgAttrVerifier {
public:
  ArgAttrVerifier(Operation *op, unsigned regionIndex, unsigned argIndex,
                  NamedAttribute attr)
      : op(op), argIndex(argIndex), attr(attr), loc(op->getLoc()) {
    if (regionIndex < op->getNumRegions()) {
      Region &region = op->getRegion(regionIndex);
      if (!region.empty() && argIndex < region.front().getNumArguments()) {
        BlockArgument arg = region.front().getArgument(argIndex);
        loc = arg.getLoc();
        type = arg.getType();
      }
    }
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      if (argIndex < func.getNumArguments())
        type = func.getArgumentTypes()[argIndex];
  }

  LogicalResult verify() {
    StringRef name = attr.getName().getValue();
    if (name == kDimNames)
      return verifyNames();
    if (name == kDimRanges)
      return verifyRanges();
    if (name == kDimDivisors)
      return verifyDivisors();
    // Other `symshape.*` argument attributes carry no meaning we check.
    return success();
  }

private:
  InFlightDiagnostic error() {
    return mlir::emitError(loc)
           << attr.getName().getValue() << " of argument " << argIndex;
  }

  /// The array, one entry per dim of a tensor argument; `kind` describes
  /// the entries for the message.
  FailureOr<ArrayAttr> verifyArray(StringRef kind) {
    auto array = dyn_cast<ArrayAttr>(attr.getValue());
    if (!array)
      return error() << " must be an array of " << kind << ", got "
                     << attr.getValue();
    if (!type) // Not an argument we can see: nothing else to check.
      return array;
    // A tensor, or the memref that bufferization (which keeps argument
    // attributes) makes of it: the dims are the same.
    if (!isa<TensorType, BaseMemRefType>(type)) {
      // A type of another dialect is what a conversion made of such an
      // argument (to LLVM with bare pointers, which keeps the attributes):
      // there are no dims left to describe, and nothing to check.
      if (type.getDialect().getNamespace() !=
          BuiltinDialect::getDialectNamespace())
        return array;
      return error() << " describes the dims of a tensor, but the argument "
                        "has type "
                     << type;
    }
    // The rank of an unranked tensor is not known: its dims are left alone.
    if (auto ranked = dyn_cast<ShapedType>(type);
        ranked.hasRank() &&
        static_cast<int64_t>(array.size()) != ranked.getRank())
      return error() << " has " << array.size() << " entr"
                     << (array.size() == 1 ? "y" : "ies")
                     << " but the argument " << type << " has rank "
                     << ranked.getRank() << " (one entry per dim)";
    return array;
  }

  /// The static size of dim `d`, if the argument is a ranked tensor whose
  /// dim `d` is static.
  std::optional<int64_t> staticSize(unsigned d) {
    auto ranked = dyn_cast_if_present<ShapedType>(type);
    if (!ranked || !ranked.hasRank() || d >= ranked.getRank() ||
        ranked.isDynamicDim(d))
      return std::nullopt;
    return ranked.getDimSize(d);
  }

  /// The sibling attribute `name` of the same argument, if any.
  Attribute sibling(StringRef name) {
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      if (argIndex < func.getNumArguments())
        return func.getArgAttr(argIndex, name);
    return Attribute();
  }

  LogicalResult verifyNames() {
    FailureOr<ArrayAttr> array = verifyArray("strings");
    if (failed(array))
      return failure();
    for (auto [d, entry] : llvm::enumerate(array->getValue()))
      if (!isa<StringAttr>(entry))
        return error() << ": entry " << d
                       << " must be a string (\"\" for no name), got " << entry;
    return success();
  }

  LogicalResult verifyRanges() {
    FailureOr<ArrayAttr> array =
        verifyArray("#symshape.range or unit (one per dim)");
    if (failed(array))
      return failure();
    for (auto [d, entry] : llvm::enumerate(array->getValue())) {
      if (isa<UnitAttr>(entry))
        continue;
      auto range = dyn_cast<RangeAttr>(entry);
      if (!range)
        return error() << ": entry " << d
                       << " must be a #symshape.range or unit (for no range), "
                          "got "
                       << entry;
      // A dim is a size: the same rule as for a symbol's range.
      if (!range.getLo() || *range.getLo() < 0)
        return error() << ", dim " << d
                       << ": a size symbol's range must be non-negative, got "
                          "lower bound "
                       << (range.getLo() ? std::to_string(*range.getLo())
                                         : std::string("-inf"));
      if (std::optional<int64_t> size = staticSize(d);
          size && !range.contains(*size))
        return error() << ", dim " << d << ": the dim is static " << *size
                       << ", outside the declared range " << print(range);
    }
    return success();
  }

  LogicalResult verifyDivisors() {
    FailureOr<ArrayAttr> array = verifyArray("integers (1 for none)");
    if (failed(array))
      return failure();
    auto ranges = dyn_cast_if_present<ArrayAttr>(sibling(kDimRanges));
    for (auto [d, entry] : llvm::enumerate(array->getValue())) {
      auto value = dyn_cast<IntegerAttr>(entry);
      if (!value ||
          !(value.getType().isIndex() || value.getType().isSignlessInteger()) ||
          value.getType().isInteger(1))
        return error() << ": entry " << d
                       << " must be an integer (1 for no divisor), got "
                       << entry;
      if (value.getValue().getSignificantBits() > 64)
        return error() << ": entry " << d << " does not fit in 64 bits";
      int64_t divisor = value.getInt();
      // The same rules as for a symbol's divisor.
      if (divisor < 1)
        return error() << ", dim " << d << ": divisor must be positive, got "
                       << divisor;
      RangeAttr range;
      if (ranges && d < ranges.size())
        range = dyn_cast<RangeAttr>(ranges[d]);
      if (range && !range.containsMultipleOf(divisor))
        return error() << ", dim " << d << ": range " << print(range)
                       << " contains no multiple of " << divisor;
      if (std::optional<int64_t> size = staticSize(d);
          size && *size % divisor != 0)
        return error() << ", dim " << d << ": the dim is static " << *size
                       << ", not a multiple of the declared divisor "
                       << divisor;
    }
    return success();
  }

  static std::string print(RangeAttr range) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printRangeBody(os, range.getLo(), range.getHi());
    return text;
  }

  Operation *op;
  unsigned argIndex;
  NamedAttribute attr;
  Location loc;
  Type type;
};

} // namespace

LogicalResult SymShapeDialect::verifyRegionArgAttribute(Operation *op,
                                                        unsigned regionIndex,
                                                        unsigned argIndex,
                                                        NamedAttribute attr) {
  return ArgAttrVerifier(op, regionIndex, argIndex, attr).verify();
}
