//===- ShapeSemanticsInterface.td - What an op means for shapes -*- tablegen -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_INTERFACES_SHAPESEMANTICSINTERFACE_TD
#define SYMSHAPE_INTERFACES_SHAPESEMANTICSINTERFACE_TD

include "mlir/IR/OpBase.td"

def ShapeSemanticsOpInterface : OpInterface<"ShapeSemanticsOpInterface"> {
  let cppNamespace = "::symshape";
  let description = [{
    What an op means to symshape's analysis, in four questions: the value of
    an integer result, a dim of a shaped value the op defines (a result, or
    an argument of a block in one of its regions), the facts the op states
    and where they hold (once it has run, on entry to one of its regions or
    successors, where one of its operands is used), and what its `i1`
    result states when it is true or false (a comparison, or other
    conditions it implies).

    Every method is asked through a `ShapeQuery`, the analysis seen from an
    op: the expressions of other values and dims, the prover, and the
    functions that add facts. A method that does not know the answer
    returns a null expression (or adds nothing): the analysis then treats
    the value or dim as an unknown of its own, which is always sound.

    The analysis decides a condition, adds its facts and writes the claim
    of a decision for certificates from `getCondition`; it asks for the
    facts that hold once an op has run while it walks the IR in dominance
    order, and, outside a walk (the on-demand queries of local patterns),
    when it first computes an expression of one of the op's results: a
    value's users run after its definition.

    symshape's own ops implement the interface; upstream ops get it from
    external models, one file per dialect (`lib/Models/`), registered by
    `symshape::registerShapeSemanticsModels`; a downstream dialect attaches
    its own models the same way (docs/Architecture.md). What passes may do
    with an op is asked through `ShapeRewriteOpInterface`, and
    dynamic-to-static rebuilds an op through `StaticRebuildOpInterface`.

    Every method has a default implementation that knows nothing, so a
    model implements only the methods it has an answer for. (The generated
    reference notes that each method "must be implemented by the user":
    mlir-tblgen says so of every method without a fixed body, defaults
    included.)
  }];

  let methods = [
    InterfaceMethod<[{
        The value of the integer or index result `result` as an expression
        of the values the query knows, or null if it is not modelled. The
        expression must be the exact value of the result in every execution
        (an op that may wrap returns null unless it is proven not to; see
        `ShapeQuery::checkedArith`).
      }],
      "::symshape::Expr", "getResultExpr",
      (ins "::mlir::OpResult":$result, "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return {};">,
    InterfaceMethod<[{
        Dim `dim` of `shaped`, a ranked shaped result of the op or an
        argument of a block in one of its regions (a loop-carried tensor,
        say), or null if it is not modelled. Only dynamic dims are asked.
      }],
      "::symshape::Expr", "getValueDimExpr",
      (ins "::mlir::Value":$shaped, "unsigned":$dim,
           "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return {};">,
    InterfaceMethod<[{
        Adds the facts that hold at `scope`, with the op as their source
        where the op states them: once the op has run (and wherever it
        dominates), on entry to one of its regions, on entry to one of the
        successors of this terminator (a block reached from here only), or
        wherever the value of one of its operands is used (a value used by
        this op only: the condition of a select holds for the operand it
        selects when true).
      }],
      "void", "addFacts",
      (ins "::symshape::FactScope":$scope, "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return;">,
    InterfaceMethod<[{
        What the `i1` result `condition` states when it is `isTrue`: a
        comparison of integers, and other conditions that then hold (the
        operands of a true conjunction). Empty if it states nothing known.
      }],
      "::symshape::Condition", "getCondition",
      (ins "::mlir::OpResult":$condition, "bool":$isTrue,
           "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return {};">,
  ];
}

def ShapeRewriteOpInterface : OpInterface<"ShapeRewriteOpInterface"> {
  let cppNamespace = "::symshape";
  let description = [{
    What symshape's passes may do with an op, beyond what the analysis
    knows of its values (ShapeSemanticsOpInterface): replace its integer
    result (symshape-simplify), raise it to a symshape op (symshape-infer),
    or make one of its operands a constant. Every method has a default that
    allows nothing.
  }];

  let methods = [
    InterfaceMethod<[{
        How a pass that decides values (symshape-simplify) may replace the
        op's single integer result: by any simpler value (`Recompute`, an
        arithmetic op), only by a constant (`ConstantOnly`, a dim read), or
        not at all.
      }],
      "::symshape::ResultRewrite", "getResultRewrite", (ins),
      /*methodBody=*/"",
      /*defaultImplementation=*/"return ::symshape::ResultRewrite::None;">,
    InterfaceMethod<[{
        How many floordiv, ceildiv, mod, max and min operations the op
        performs on its operands' values: recomputing a result pays only
        when its simplified form costs less.
      }],
      "unsigned", "getOwnCost", (ins),
      /*methodBody=*/"", /*defaultImplementation=*/"return 0;">,
    InterfaceMethod<[{
        Whether the op computes the maximum or the minimum of its operands'
        values (for the remarks that say why one was decided or kept).
      }],
      "::symshape::Extremum", "getExtremum", (ins),
      /*methodBody=*/"",
      /*defaultImplementation=*/"return ::symshape::Extremum::None;">,
    InterfaceMethod<[{
        Whether operand `index` is an extent: an index that gives a dim of a
        result (a dynamic size of an empty or an alloc, an expand's output
        shape). A pass never makes such an operand a constant 0, which would
        make the dim a static 0 (MLIR 22.1's standard lowering rejects it in
        several places). Slices say it through
        `OffsetSizeAndStrideOpInterface`.
      }],
      "bool", "isExtentOperand", (ins "unsigned":$index),
      /*methodBody=*/"", /*defaultImplementation=*/"return false;">,
    InterfaceMethod<[{
        The dim this op reads, if it is a dim op: dim `index` (an index
        value) of the shaped value `shaped` (symshape-infer raises a read of
        a ranked tensor's dim at a constant index to `symshape.sym_size`).
      }],
      "std::optional<::symshape::DimRead>", "getDimRead", (ins),
      /*methodBody=*/"", /*defaultImplementation=*/"return std::nullopt;">,
    InterfaceMethod<[{
        The op's computation as one formula of its operands `s0, s1, ...`
        (floor semantics), for raising it to a symshape op
        (symshape-infer); null if it is not one. The formula is the result's
        value only where `ShapeSemanticsOpInterface::getResultExpr` models
        the result.
      }],
      "::symshape::Expr", "getFormula",
      (ins "::symshape::ExprContext &":$exprs),
      /*methodBody=*/"", /*defaultImplementation=*/"return {};">,
  ];
}

def StaticRebuildOpInterface : OpInterface<"StaticRebuildOpInterface"> {
  let cppNamespace = "::symshape";
  let description = [{
    How symshape-dynamic-to-static builds an op again with the more static
    types it proved (the analysis does not use this interface).
  }];

  let methods = [
    InterfaceMethod<[{
        Builds the op again at the builder's insertion point with what
        `refinement` proved at it: operands cast to their proven, more
        static types, constant sizes and offsets as attributes, results as
        static as that makes them. The replacement's results have the op's
        result types or more static ones; the caller casts them back for
        the uses. Null leaves the op as it is: a model checks what the op's
        verifier would reject (such as a slice out of bounds of the proven
        source) and returns null instead of building it. The caller still
        verifies the replacement and drops it if it does not verify, a
        guard that no model in this project relies on.
      }],
      "::mlir::Operation *", "buildStaticReplacement",
      (ins "::mlir::OpBuilder &":$builder,
           "::symshape::StaticRefinement &":$refinement)>,
  ];
}

#endif // SYMSHAPE_INTERFACES_SHAPESEMANTICSINTERFACE_TD
