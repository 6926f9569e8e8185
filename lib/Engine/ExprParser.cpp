//===- ExprParser.cpp - Parsing expressions -------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Expr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace symshape;
using llvm::SmallVector;

ExprTokenSource::~ExprTokenSource() = default;

namespace {
class Parser {
public:
  Parser(ExprContext &ctx, ExprTokenSource &tokens)
      : ctx(ctx), tokens(tokens) {}

  FailureOr<Expr> parseSum() {
    FailureOr<Expr> lhs = parseProduct();
    if (failed(lhs))
      return failure();
    while (true) {
      bool plus = tokens.consumePunct('+');
      if (!plus && !tokens.consumePunct('-'))
        return lhs;
      FailureOr<Expr> rhs = parseProduct();
      if (failed(rhs))
        return failure();
      lhs = checked(plus ? add(*lhs, *rhs) : sub(*lhs, *rhs));
      if (failed(lhs))
        return failure();
    }
  }

private:
  FailureOr<Expr> checked(Expr e, StringRef what = "integer overflow") {
    if (!e) {
      (void)tokens.emitError("expression is not representable: " + what);
      return failure();
    }
    return e;
  }

  FailureOr<Expr> parseProduct() {
    FailureOr<Expr> lhs = parseUnary();
    if (failed(lhs))
      return failure();
    while (true) {
      ExprKind kind;
      if (tokens.consumePunct('*'))
        kind = ExprKind::Mul;
      else if (tokens.consumeKeyword("floordiv"))
        kind = ExprKind::FloorDiv;
      else if (tokens.consumeKeyword("ceildiv"))
        kind = ExprKind::CeilDiv;
      else if (tokens.consumeKeyword("mod"))
        kind = ExprKind::Mod;
      else
        return lhs;
      FailureOr<Expr> rhs = parseUnary();
      if (failed(rhs))
        return failure();
      if (kind != ExprKind::Mul && rhs->isConstant() &&
          rhs->getConstantValue() == 0) {
        (void)tokens.emitError("division by zero in expression");
        return failure();
      }
      switch (kind) {
      case ExprKind::Mul:
        lhs = checked(mul(*lhs, *rhs));
        break;
      case ExprKind::FloorDiv:
        lhs = checked(floorDiv(*lhs, *rhs));
        break;
      case ExprKind::CeilDiv:
        lhs = checked(ceilDiv(*lhs, *rhs));
        break;
      default:
        lhs = checked(mod(*lhs, *rhs));
        break;
      }
      if (failed(lhs))
        return failure();
    }
  }

  FailureOr<Expr> parseUnary() {
    if (!tokens.consumePunct('-'))
      return parsePrimary();
    // A negated literal may be -2^63, whose magnitude does not fit int64.
    uint64_t magnitude;
    if (std::optional<bool> lit = tokens.consumeInteger(magnitude)) {
      if (!*lit)
        return failure();
      if (magnitude > static_cast<uint64_t>(INT64_MAX) + 1) {
        (void)tokens.emitError("integer literal does not fit in 64 bits");
        return failure();
      }
      return ctx.getConstant(static_cast<int64_t>(0 - magnitude));
    }
    FailureOr<Expr> operand = parseUnary();
    if (failed(operand))
      return failure();
    return checked(neg(*operand));
  }

  FailureOr<Expr> parsePrimary() {
    uint64_t value;
    if (std::optional<bool> lit = tokens.consumeInteger(value)) {
      if (!*lit)
        return failure();
      if (value > static_cast<uint64_t>(INT64_MAX)) {
        (void)tokens.emitError("integer literal does not fit in 64 bits");
        return failure();
      }
      return ctx.getConstant(static_cast<int64_t>(value));
    }
    if (tokens.consumePunct('(')) {
      FailureOr<Expr> inner = parseSum();
      if (failed(inner))
        return failure();
      if (!tokens.consumePunct(')')) {
        (void)tokens.emitError("expected ')' in expression");
        return failure();
      }
      return inner;
    }
    std::string ident;
    if (!tokens.consumeIdentifier(ident)) {
      (void)tokens.emitError("expected an integer, a symbol 's<N>', 'max', "
                             "'min' or '(' in expression");
      return failure();
    }
    if (ident == "max" || ident == "min")
      return parseMaxMin(ident == "max");
    if (ident.size() >= 2 && ident[0] == 's' &&
        llvm::all_of(StringRef(ident).drop_front(), llvm::isDigit)) {
      unsigned pos;
      if (StringRef(ident).drop_front().getAsInteger(10, pos) ||
          pos > kMaxSymbolPosition) {
        (void)tokens.emitError("symbol position out of range: " + ident);
        return failure();
      }
      return ctx.getSymbol(pos);
    }
    (void)tokens.emitError("unknown identifier '" + ident +
                           "' in expression (symbols are written s0, s1, ...)");
    return failure();
  }

  FailureOr<Expr> parseMaxMin(bool isMax) {
    if (!tokens.consumePunct('(')) {
      (void)tokens.emitError(Twine("expected '(' after '") +
                             (isMax ? "max" : "min") + "'");
      return failure();
    }
    SmallVector<Expr, 4> ops;
    do {
      FailureOr<Expr> op = parseSum();
      if (failed(op))
        return failure();
      ops.push_back(*op);
    } while (tokens.consumePunct(','));
    if (!tokens.consumePunct(')')) {
      (void)tokens.emitError("expected ',' or ')' in max/min");
      return failure();
    }
    return checked(isMax ? max(ops) : min(ops));
  }

  static constexpr unsigned kMaxSymbolPosition = 1u << 20;
  ExprContext &ctx;
  ExprTokenSource &tokens;
};

/// A token source over a string; with a resolver, its identifiers are
/// symbol names, each passed to the parser as the positional `s<k>` it
/// resolves to.
class StringTokenSource : public ExprTokenSource {
public:
  StringTokenSource(StringRef text, SymbolResolver resolve)
      : text(text), resolve(resolve) {}

  bool consumeKeyword(StringRef keyword) override {
    skipSpace();
    StringRef ident = peekIdentifier();
    if (ident != keyword)
      return false;
    pos += ident.size();
    return true;
  }
  bool consumeIdentifier(std::string &identifier) override {
    skipSpace();
    StringRef ident = peekIdentifier();
    if (ident.empty())
      return false;
    pos += ident.size();
    if (!resolve || ident == "max" || ident == "min") {
      identifier = ident.str();
      return true;
    }
    if (std::optional<unsigned> k = resolve(ident)) {
      identifier = "s" + std::to_string(*k);
      return true;
    }
    // Not `s` digits, so that the parser reports it; the error names it.
    identifier = "?" + ident.str();
    unknown = ident.str();
    return true;
  }
  std::optional<bool> consumeInteger(uint64_t &value) override {
    skipSpace();
    size_t end = pos;
    while (end < text.size() && llvm::isDigit(text[end]))
      ++end;
    if (end == pos)
      return std::nullopt;
    StringRef digits = text.slice(pos, end);
    if (digits.getAsInteger(10, value)) {
      (void)emitError("integer literal does not fit in 64 bits");
      return false;
    }
    pos = end;
    return true;
  }
  bool consumePunct(char punct) override {
    skipSpace();
    if (pos < text.size() && text[pos] == punct) {
      ++pos;
      return true;
    }
    return false;
  }
  LogicalResult emitError(const llvm::Twine &message) override {
    if (error.empty())
      error =
          ((unknown.empty() ? message : "unknown symbol '" + unknown + "'") +
           " at offset " + Twine(pos))
              .str();
    return failure();
  }
  bool atEnd() {
    skipSpace();
    return pos == text.size();
  }
  std::string error;

private:
  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  StringRef peekIdentifier() const {
    size_t end = pos;
    if (end < text.size() && (llvm::isAlpha(text[end]) || text[end] == '_')) {
      while (end < text.size() &&
             (llvm::isAlnum(text[end]) || text[end] == '_'))
        ++end;
    }
    return text.slice(pos, end);
  }
  StringRef text;
  size_t pos = 0;
  SymbolResolver resolve;
  std::string unknown;
};
} // namespace

FailureOr<Expr> symshape::parseExpr(ExprContext &ctx, ExprTokenSource &tokens) {
  return Parser(ctx, tokens).parseSum();
}

Expr symshape::parseExpr(ExprContext &ctx, StringRef text, std::string *error,
                         SymbolResolver resolve) {
  StringTokenSource tokens(text, resolve);
  FailureOr<Expr> e = parseExpr(ctx, tokens);
  if (succeeded(e) && !tokens.atEnd()) {
    (void)tokens.emitError("unexpected trailing characters");
    e = failure();
  }
  if (failed(e)) {
    if (error)
      *error = tokens.error;
    return Expr();
  }
  return *e;
}
