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
    What an op means to symshape's analysis: the values of its integer
    results and the dims of its shaped results as symbolic expressions of
    its operands, the facts it establishes once it has run (an assertion, a
    range constraint, a shape binding), the facts that hold on entry to its
    regions (an `if` condition, a loop's induction-variable range), and the
    facts that its `i1` result states when it is true or false (a
    comparison, a conjunction).

    Every method is asked through a `ShapeQuery`, the analysis seen from an
    op: the expressions of other values and dims, the prover, and the
    functions that add facts. A method that does not know the answer
    returns a null expression (or adds nothing): the analysis then treats
    the value or dim as an unknown of its own, which is always sound.

    symshape's own ops implement the interface; upstream ops get it from
    external models, one file per dialect (`lib/Models/`), registered by
    `symshape::registerShapeSemanticsModels`; a downstream dialect attaches
    its own models the same way (docs/Architecture.md).

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
        Dim `dim` of the ranked shaped result `result` (a dynamic dim: static
        dims never reach the model), or null if it is not modelled.
      }],
      "::symshape::Expr", "getResultDimExpr",
      (ins "::mlir::OpResult":$result, "unsigned":$dim,
           "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return {};">,
    InterfaceMethod<[{
        Dim `dim` of `argument`, an argument of a block in one of the op's
        regions (a loop-carried tensor, say), or null if it is not modelled.
      }],
      "::symshape::Expr", "getRegionArgumentDimExpr",
      (ins "::mlir::BlockArgument":$argument, "unsigned":$dim,
           "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return {};">,
    InterfaceMethod<[{
        Adds the facts that hold once the op has run (and wherever it
        dominates), with the op as their source.
      }],
      "void", "addFacts", (ins "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return;">,
    InterfaceMethod<[{
        Adds the facts that hold on entry to `region` of the op (only there).
      }],
      "void", "addRegionEntryFacts",
      (ins "::mlir::Region &":$region, "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return;">,
    InterfaceMethod<[{
        Adds the facts that hold on entry to successor `index` of this
        terminator (a branch condition), for a successor block that is
        reached from here only: they then hold in it and in the blocks it
        dominates.
      }],
      "void", "addSuccessorFacts",
      (ins "unsigned":$index, "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return;">,
    InterfaceMethod<[{
        Adds the facts that hold wherever the value of operand `index` is
        used, for a value used by this op only (the condition of a select,
        for the operand it selects when the condition holds).
      }],
      "void", "addOperandFacts",
      (ins "unsigned":$index, "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return;">,
    InterfaceMethod<[{
        Adds the facts stated by the `i1` result `condition` being `isTrue`
        (a comparison, a conjunction of comparisons...), with `source` as
        their source.
      }],
      "void", "addConditionFacts",
      (ins "::mlir::OpResult":$condition, "bool":$isTrue,
           "::symshape::FactSource":$source,
           "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return;">,
    InterfaceMethod<[{
        Whether the `i1` result `condition` is provably true or false with
        the facts the query holds (`Unknown` if neither is proven).
      }],
      "::symshape::Verdict", "decideCondition",
      (ins "::mlir::OpResult":$condition, "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"",
      /*defaultImplementation=*/"return ::symshape::Verdict::Unknown;">,
    InterfaceMethod<[{
        The relation between integers that the `i1` result `condition`
        being `isTrue` states, if it is one (for certificates of decided
        conditions); null where `decideCondition` never decides.
      }],
      "std::optional<::symshape::Relation>", "getConditionRelation",
      (ins "::mlir::OpResult":$condition, "bool":$isTrue,
           "::symshape::ShapeQuery &":$query),
      /*methodBody=*/"", /*defaultImplementation=*/"return std::nullopt;">,

    // What passes may do with the op's single integer result.
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
        Builds the op again at the builder's insertion point with what
        `refinement` proved at it (symshape-dynamic-to-static): operands
        cast to their proven, more static types, constant sizes and offsets
        as attributes, results as static as that makes them. The
        replacement's results have the op's result types or more static
        ones; the caller casts them back for the uses, verifies the
        replacement and drops it if it does not verify. Null leaves the op
        as it is (the default).
      }],
      "::mlir::Operation *", "buildStaticReplacement",
      (ins "::mlir::OpBuilder &":$builder,
           "::symshape::StaticRefinement &":$refinement),
      /*methodBody=*/"", /*defaultImplementation=*/"return nullptr;">,
    InterfaceMethod<[{
        The op's computation as one formula of its operands `s0, s1, ...`
        (floor semantics), for raising it to a symshape op
        (symshape-infer); null if it is not one. The formula is the result's
        value only where `getResultExpr` models the result.
      }],
      "::symshape::Expr", "getFormula",
      (ins "::symshape::ExprContext &":$exprs),
      /*methodBody=*/"", /*defaultImplementation=*/"return {};">,
  ];
}

#endif // SYMSHAPE_INTERFACES_SHAPESEMANTICSINTERFACE_TD
