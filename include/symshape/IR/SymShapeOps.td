//===- SymShapeOps.td - symshape operations ----------------*- tablegen -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_IR_SYMSHAPEOPS_TD
#define SYMSHAPE_IR_SYMSHAPEOPS_TD

include "symshape/IR/SymShapeDialect.td"
include "symshape/IR/SymShapeAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/ValueBoundsOpInterface.td"
include "symshape/Interfaces/ShapeSemanticsInterface.td"

/// The upstream interfaces every index-producing symshape op implements, so
/// that -int-range-optimizations and ValueBoundsConstraintSet see through it.
defvar SymShape_IndexInterfaces = [
  DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
  DeclareOpInterfaceMethods<ValueBoundsOpInterface,
                            ["populateBoundsForIndexValue"]>];

/// The analysis reads the value of an op's result through the first
/// interface; the second says how symshape-simplify may replace it.
defvar SymShape_ResultSemantics = [
  DeclareOpInterfaceMethods<ShapeSemanticsOpInterface, ["getResultExpr"]>,
  DeclareOpInterfaceMethods<ShapeRewriteOpInterface, ["getResultRewrite"]>];

/// The resource that symshape facts live on. Ops that state a fact write it,
/// so that they are not erased as dead code, while they still commute with
/// every op that does not touch facts.
def SymShape_FactResource : Resource<"::symshape::FactResource">;

def SymShape_SymbolOp : SymShape_Op<"symbol",
    !listconcat([DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
                 DeclareOpInterfaceMethods<ConditionallySpeculatable>],
                SymShape_ResultSemantics,
                SymShape_IndexInterfaces)> {
  let summary = "A named size symbol with a range and an optional divisor";
  let description = [{
    Introduces a *size symbol*: a non-negative integer unknown at compile
    time, such as a batch size or a sequence length. The range (default
    `[0, inf]`) must be non-negative; `multiple_of d` states that the value is
    a multiple of `d >= 1`, and the range must contain such a multiple.

    A symbol gets its run-time value from a tensor dim bound to it with
    `symshape.bind_shape`; `symshape-lower` materializes it from there and
    checks the stated range and divisor with `cf.assert`.

    Two `symbol` ops with the same name in one function denote the same
    symbol.

    A symbol that states a fact (a range or a divisor) writes the symshape
    fact resource, like `bind_shape` and `constrain_range`: it is not erased
    as dead code when its value is unused, since its fact still describes
    the input and is checked once lowered. A symbol without a range or a
    divisor states nothing and has no effect (it is pure and removable).

    ```mlir
    %b = symshape.symbol "batch" range [1, 10] : index
    %s = symshape.symbol "seq" range [1, inf] multiple_of 8 : index
    ```
  }];
  let arguments = (ins
    StrAttr:$name,
    OptionalAttr<SymShape_RangeAttr>:$range,
    OptionalAttr<I64Attr>:$multiple_of
  );
  let results = (outs Index:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The stated range, or [0, inf] if none is stated.
    RangeAttr getRangeOrDefault();
    /// The stated divisor, or 1.
    int64_t getDivisor();
    /// True if the op states a range or a divisor (and therefore writes the
    /// fact resource).
    bool statesFact();
  }];
}

def SymShape_BindShapeOp : SymShape_Op<"bind_shape", [
    MemoryEffects<[MemWrite<SymShape_FactResource>]>,
    DeclareOpInterfaceMethods<ShapeSemanticsOpInterface, ["addFacts"]>]> {
  let summary = "States the dims of a tensor as expressions over symbols";
  let description = [{
    States that dim `i` of `tensor` equals expression `i` of the list, where
    `s<k>` in an expression is the `k`-th `index` operand in the square
    brackets. There is one expression per dim; a static dim must be bound to
    an expression that can equal it.

    The op has no result; it writes the symshape fact resource so that it is
    not erased as dead code. `symshape-lower` turns it into run-time checks.

    ```mlir
    %b = symshape.symbol "batch" range [1, 10] : index
    %s = symshape.symbol "seq" range [1, inf] multiple_of 8 : index
    symshape.bind_shape %x, [%b, %s] : tensor<?x?x4xf32> = (s0, s1 * 2, 4)
    ```
  }];
  let arguments = (ins
    AnyTensor:$tensor,
    Variadic<Index>:$symbols,
    SymShape_ExprArrayAttr:$dims
  );
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The expression bound to dim `i`.
    ::symshape::Expr getDimExpr(unsigned i);
  }];
}

def SymShape_SymSizeOp : SymShape_Op<"sym_size",
    !listconcat([Pure], SymShape_ResultSemantics, SymShape_IndexInterfaces)> {
  let summary = "The run-time size of one dim of a tensor";
  let description = [{
    The size of dim `dim` of a ranked tensor as an `index`, like
    `aten.sym_size.int`. It folds to a constant when the dim is static.
    Canonicalization reads it, as `tensor.dim`'s does, from the tensor's
    construction: the tied init of a destination-style op's result, the
    size operand of a dynamic `tensor.empty` dim.

    ```mlir
    %d = symshape.sym_size %x, 1 : tensor<?x?x4xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$source, I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$source `,` $dim attr-dict `:` type($source)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

class SymShape_MaxMinOp<string mnemonic, string kind>
    : SymShape_Op<mnemonic,
                  !listconcat([Pure, Commutative,
                               DeclareOpInterfaceMethods<
                                   ShapeSemanticsOpInterface,
                                   ["getResultExpr"]>,
                               DeclareOpInterfaceMethods<
                                   ShapeRewriteOpInterface,
                                   ["getResultRewrite", "getOwnCost",
                                    "getExtremum"]>],
                              SymShape_IndexInterfaces)> {
  let summary = "The " # kind # " of two sizes, kept symbolic";
  let arguments = (ins Index:$lhs, Index:$rhs);
  let results = (outs Index:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def SymShape_SymMaxOp : SymShape_MaxMinOp<"sym_max", "maximum"> {
  let description = [{
    The maximum of two `index` values, like `torch.sym_max`. It is never
    replaced by one of its operands unless that operand is proven to be the
    larger one.

    ```mlir
    %m = symshape.sym_max %d0, %d1 : index
    ```
  }];
}

def SymShape_SymMinOp : SymShape_MaxMinOp<"sym_min", "minimum"> {
  let description = [{
    The minimum of two `index` values, like `torch.sym_min`. It is never
    replaced by one of its operands unless that operand is proven to be the
    smaller one.

    ```mlir
    %n = symshape.sym_min %d0, %d1 : index
    ```
  }];
}

def SymShape_ApplyOp : SymShape_Op<"apply",
    !listconcat([Pure], SymShape_ResultSemantics, SymShape_IndexInterfaces)> {
  let summary = "Applies a symbolic expression to index values";
  let description = [{
    Evaluates a symbolic expression with `s<k>` bound to the `k`-th operand.
    Division and modulo use floor semantics. The expression may not use a
    symbol position that has no operand.

    ```mlir
    %e = symshape.apply (s0 + 1) floordiv 2 (%b) : index
    %f = symshape.apply max(s0, s1) * 4 (%d0, %d1) : index
    ```
  }];
  let arguments = (ins Variadic<Index>:$operands, SymShape_ExprAttr:$expr);
  let results = (outs Index:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def SymShape_ConstrainRangeOp : SymShape_Op<"constrain_range", [
    MemoryEffects<[MemWrite<SymShape_FactResource>]>,
    AllTypesMatch<["value", "result"]>,
    DeclareOpInterfaceMethods<ShapeSemanticsOpInterface,
                              ["getResultExpr", "addFacts"]>,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
    DeclareOpInterfaceMethods<ValueBoundsOpInterface,
                              ["populateBoundsForIndexValue"]>]> {
  let summary = "States a range (and optional divisor) of an integer value";
  let description = [{
    Returns `value` unchanged and states that it lies in `[lo, hi]` (and is a
    multiple of `d` if `multiple_of d` is given), like PyTorch's
    `sym_constrain_range`. Uses of the result may rely on the fact;
    `symshape-lower` turns it into a run-time check.

    ```mlir
    %r = symshape.constrain_range %v [2, 10] : index
    %q = symshape.constrain_range %w [0, inf] multiple_of 4 : index
    ```
  }];
  let arguments = (ins
    AnySignlessIntegerOrIndex:$value,
    SymShape_RangeAttr:$range,
    OptionalAttr<I64Attr>:$multiple_of
  );
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The stated divisor, or 1.
    int64_t getDivisor();
  }];
}

#endif // SYMSHAPE_IR_SYMSHAPEOPS_TD
