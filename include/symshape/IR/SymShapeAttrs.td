//===- SymShapeAttrs.td - symshape attributes --------------*- tablegen -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_IR_SYMSHAPEATTRS_TD
#define SYMSHAPE_IR_SYMSHAPEATTRS_TD

include "symshape/IR/SymShapeDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class SymShape_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<SymShape_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def SymShape_ExprAttr : SymShape_Attr<"Expr", "expr"> {
  let summary = "A symbolic integer expression in canonical form";
  let description = [{
    An integer expression over positional symbols `s0`, `s1`, ... built from
    integer literals, `+`, `-`, `*`, `floordiv`, `ceildiv`, `mod` (floor
    semantics, as in Python), `max(...)` and `min(...)`. The attribute holds
    the canonical form of the expression, so two attributes are equal exactly
    when the canonical forms are equal; the printed form is the canonical one.

    ```mlir
    #symshape.expr<(s0 + 1) floordiv 2>
    #symshape.expr<max(s0, s1) * 4>
    ```

    The symbols are positions, bound by the op that uses the expression to
    its `index` operands.
  }];
  let parameters = (ins "::symshape::Expr":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SymShape_ExprArrayAttr
    : TypedArrayAttrBase<SymShape_ExprAttr, "array of symbolic expressions">;

def SymShape_RangeAttr : SymShape_Attr<"Range", "range"> {
  let summary = "An inclusive integer range with optionally unbounded ends";
  let description = [{
    `[lo, hi]` with both ends included. `lo` may be `-inf` and `hi` may be
    `inf`; an unbounded end is its own state, never a sentinel value.

    ```mlir
    #symshape.range<[1, 10]>
    #symshape.range<[0, inf]>
    #symshape.range<[-inf, 5]>
    ```
  }];
  let parameters = (ins
    OptionalParameter<"std::optional<int64_t>">:$lo,
    OptionalParameter<"std::optional<int64_t>">:$hi
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True if `value` lies in the range.
    bool contains(int64_t value) const;
    /// True if the range contains at least one multiple of `divisor` (>= 1).
    bool containsMultipleOf(int64_t divisor) const;
  }];
}

#endif // SYMSHAPE_IR_SYMSHAPEATTRS_TD
