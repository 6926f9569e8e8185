//===- SymShapeDialect.td - symshape dialect definition ----*- tablegen -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_IR_SYMSHAPEDIALECT_TD
#define SYMSHAPE_IR_SYMSHAPEDIALECT_TD

include "mlir/IR/OpBase.td"

def SymShape_Dialect : Dialect {
  let name = "symshape";
  let cppNamespace = "::symshape";
  let summary = "Symbolic shapes: size symbols, shape bindings and range facts";
  let description = [{
    The `symshape` dialect makes symbolic shapes first-class in MLIR. Dynamic
    sizes are described by *symbols* (non-negative integer unknowns with a
    range and an optional divisor) and by *expressions* over them, kept in one
    canonical form (`#symshape.expr`). Ops bind the dims of a tensor to
    expressions, read a dim as an `index` value, take `max`/`min` of sizes
    symbolically, apply an expression to `index` values and state range facts.

    Facts stated with this dialect are checked at run time once lowered
    (`symshape-lower`), unless the user asks otherwise. See
    `docs/Dialect.md` for the rationale and the semantics of ranges and
    divisors.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // Patterns on upstream ops that need no facts (SymShapeCanonicalize.cpp).
  let hasCanonicalizer = 1;
  // symshape.dim_names / dim_ranges / dim_divisors on function arguments.
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The uniqued store of symbolic expressions of this MLIRContext.
    ::symshape::ExprContext &getExprContext() { return *exprContext; }
    /// The expression store of `context`, loading the dialect if needed.
    static ::symshape::ExprContext &getExprContext(::mlir::MLIRContext *context);

  private:
    void registerAttributes();
    std::unique_ptr<::symshape::ExprContext> exprContext;

  public:
  }];
}

class SymShape_Op<string mnemonic, list<Trait> traits = []>
    : Op<SymShape_Dialect, mnemonic, traits>;

#endif // SYMSHAPE_IR_SYMSHAPEDIALECT_TD
