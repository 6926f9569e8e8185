//===- Passes.td - symshape passes -------------------------*- tablegen -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_PASSES_TD
#define SYMSHAPE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SymShapeSimplifyPass : Pass<"symshape-simplify"> {
  let summary = "Simplify symbolic size computations with proven facts";
  let description = [{
    Simplifies symshape ops and ordinary index arithmetic over sizes with the
    symbolic engine, using the facts that hold at each op: symbol ranges and
    divisors, `symshape.constrain_range`, `symshape.bind_shape`, `cf.assert`
    of an `arith.cmpi`, `scf.if` conditions (per branch) and loop bounds. A
    fact holds only where its source dominates, and a check is never decided
    by the fact it states.

    Rewrites, each only with a proof:
    * `symshape.sym_max`/`sym_min`, `arith.maxsi`/`minsi` (and
      `maxui`/`minui` of values proven non-negative), an `arith.select` of a
      comparison of its own operands (in either order), `affine.min`/`max`
      whose result is one operand are replaced by it (`max(s, s + 1)` is
      `s + 1`; `min(s0, max(s0, s2))` is `s0`; `max(s0, s2)` stays);
    * `symshape.apply`, `arith.addi/subi/muli/floordivsi/ceildivsi` and
      `arith.divsi/remsi` (only with a non-negative dividend) and
      `affine.apply` are replaced by a constant, an available value, or a
      strictly smaller computation (`((5 * b) * 7) floordiv 5` is `7 * b`):
      fewer divisions, mods, maxes and mins than the op's distinct operands
      and the op itself compute (`addi %m, %m` of a max costs one max, and
      stays);
    * `arith.cmpi` decided by the prover becomes a constant;
    * `symshape.constrain_range` implied by earlier facts is removed;
    * what follows a `cf.assert` of a constant false in its block is erased
      (it never runs); the terminator's operands computed there become
      placeholders (a zero, an empty tensor with extents 1).

    A value proven 0 is not substituted where it gives the extent of a dim
    (a slice size, an empty tensor's size): upstream folding would make that
    a static 0 dim, a form MLIR 22.1's standard lowering rejects in several
    places. Code that the facts prove unreachable (after a check that always
    fails, in a branch never taken) is not rewritten.

    Contradicting facts stated with symshape ops are an error naming both;
    contradicting `cf.assert`s are a warning. One analysis runs per round;
    rounds repeat while a round's rewrites may let the next one decide more
    (at most `max-iterations`): while it recomputed a value (new ops may
    equal values already there), replaced an integer by a constant (its
    users' expressions then fold it), or replaced an operand of an op that
    reads more than the operand's integer value (a select's condition, a
    dim's index, a loop's bound). A function on a call cycle repeats while
    any function of the cycle changes.

    Before:
    ```mlir
    %b = symshape.symbol "b" range [1, 10] : index
    %c10 = arith.constant 10 : index
    %m = arith.minsi %b, %c10 : index
    ```
    After:
    ```mlir
    %b = symshape.symbol "b" range [1, 10] : index
    // uses of %m now use %b
    ```

    With `certify=FILE`, every decision (a value replaced, a comparison
    folded, a constraint erased) is written to FILE as a proof obligation in
    SMT-LIB: the facts stated where it was taken, the declarations of their
    symbols and the negated claim, which must be unsatisfiable over the
    mathematical integers (the no-overflow assumption).
    `scripts/check-certificates.py FILE` runs z3 on it and prints
    `N obligations, N proven, N failed`.
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "unsigned", /*default=*/"8",
           "Maximum number of analysis-and-rewrite rounds">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for every max/min: decided (and why) or kept">,
    Option<"certify", "certify", "std::string", /*default=*/"\"\"",
           "Write every decision as an SMT-LIB proof obligation to this file "
           "(scripts/check-certificates.py runs z3 on it)">,
    Option<"certifyAppend", "certify-append", "bool", /*default=*/"false",
           "Append to the certify file instead of replacing it (as "
           "symshape-pipeline's second simplify does)">
  ];
  let dependentDialects = ["::symshape::SymShapeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::smt::SMTDialect"];
}

def SymShapeInferPass : Pass<"symshape-infer"> {
  let summary = "Raise ordinary MLIR to symbolic shapes";
  let description = [{
    Makes the shapes of ordinary MLIR symbolic, without changing meaning:

    * every dynamic dim of a function argument becomes a size symbol
      (`symshape.symbol`), bound to the argument with `symshape.bind_shape`
      at the function entry. Its name comes from the argument attribute
      `symshape.dim_names` (an array of strings, one per dim, `""` for none),
      else it is derived as `<function>.arg<N>.d<i>`. Its range and divisor
      come from the argument attributes `symshape.dim_ranges` (an array of
      `#symshape.range`, one per dim, or unit for none) and
      `symshape.dim_divisors` (an array of integers); facts from `cf.assert`
      stay where they are and are used there by the analysis;
    * `tensor.dim` of a constant index becomes `symshape.sym_size`;
      `arith.maxsi`/`minsi` of sizes (and `maxui`/`minui` of sizes proven
      non-negative) become `symshape.sym_max`/`sym_min`;
      index arithmetic on sizes that the engine models exactly (`arith`
      add/sub/mul/floordivsi/ceildivsi, divsi/remsi with a non-negative
      dividend, `affine.apply`) becomes `symshape.apply`.

    An argument that already carries a `symshape.bind_shape` keeps it, and
    the ranges and divisors its attributes state still hold: a dim bound to
    a named symbol declares that name again with them (declarations of one
    name combine), a dim bound to another expression gets a symbol of its
    own with them, bound to the dim by a second binding. With `report`, prints
    per function the symbols with their ranges, divisors and the sources of
    their facts (declaration, assert, binding, constraint) and the dims of
    the arguments and of the tensor values with a symbolic dim as
    expressions, each shape once with the number of values that have it
    (to stderr,
    never into the module's stream, or to the file named by `report-file`);
    `report-full` lists every tensor value, one per line;
    with `report-format=json`, per public function its argument and result
    dims (expression, range, divisor) and its symbols as one JSON document.
    A `report-file` or `report-format=json` implies `report`.

    Before:
    ```mlir
    func.func @f(%x: tensor<?x4xf32> {symshape.dim_names = ["batch", ""]}) -> index {
      %c0 = arith.constant 0 : index
      %d = tensor.dim %x, %c0 : tensor<?x4xf32>
      %e = arith.addi %d, %c0 : index
      return %e : index
    }
    ```
    After:
    ```mlir
    func.func @f(%x: tensor<?x4xf32> {symshape.dim_names = ["batch", ""]}) -> index {
      %b = symshape.symbol "batch" : index
      symshape.bind_shape %x, [%b] : tensor<?x4xf32> = (s0, 4)
      %c0 = arith.constant 0 : index
      %d = symshape.sym_size %x, 0 : tensor<?x4xf32>
      %e = symshape.apply s0 + s1 (%d, %c0) : index
      return %e : index
    }
    ```
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Print the symbolic facts found, per function">,
    Option<"reportFull", "report-full", "bool", /*default=*/"false",
           "List every tensor value in the report, static ones too, one per "
           "line; implies report">,
    Option<"reportFile", "report-file", "std::string", /*default=*/"\"-\"",
           "Where the report goes ('-' is stderr: never the module's "
           "stream); implies report">,
    Option<"reportFormat", "report-format", "::symshape::ReportFormat",
           /*default=*/"::symshape::ReportFormat::Text",
           "'text' (per function, its symbolic tensor values), or 'json' (per public "
           "function, its argument and result dims and its symbols, see "
           "docs/Passes.md); json implies report", [{::llvm::cl::values(
             clEnumValN(::symshape::ReportFormat::Text, "text",
                        "per function, its symbolic tensor values"),
             clEnumValN(::symshape::ReportFormat::Json, "json",
                        "per public function, its argument and result dims "
                        "and its symbols (see docs/Passes.md)"))}]>,
  ];
  let dependentDialects = ["::symshape::SymShapeDialect"];
}

def SymShapeLowerPass : Pass<"symshape-lower"> {
  let summary = "Lower symshape ops to arith, tensor and cf";
  let description = [{
    Replaces every symshape op by ordinary MLIR:

    * a `symshape.symbol` takes its value from a tensor dim bound to it by a
      `symshape.bind_shape` (directly, or solved exactly from a linear binding
      `dim = a * s + c`); a symbol with no such binding is an error naming it;
    * the facts stated with symshape ops (a symbol's range and divisor, a
      tensor's binding to expressions, `symshape.constrain_range`) become
      `cf.assert`s whose message names the symbol or value, where its value
      comes from and what was expected (`checks=assert`, the default), or are
      dropped (`checks=none`);
    * `symshape.sym_size` becomes `tensor.dim`, `sym_max`/`sym_min` become
      `arith.maxsi`/`minsi`, `symshape.apply` becomes `arith` ops, with
      `overflow<nsw>` on size arithmetic (the no-overflow assumption).

    Before:
    ```mlir
    %b = symshape.symbol "batch" range [1, 10] : index
    symshape.bind_shape %x, [%b] : tensor<?x4xf32> = (s0, 4)
    %e = symshape.apply s0 + 1 (%b) : index
    ```
    After (`checks=assert`):
    ```mlir
    %c0 = arith.constant 0 : index
    %b = tensor.dim %x, %c0 : tensor<?x4xf32>
    %ok = ... %b >= 1 and %b <= 10 ...
    cf.assert %ok, "symshape: symbol 'batch' (dim 0 of arg 0 of @f) must be in [1, 10]"
    %c1 = arith.constant 1 : index
    %e = arith.addi %b, %c1 overflow<nsw> : index
    ```
  }];
  let options = [
    Option<"checks", "checks", "::symshape::CheckMode",
           /*default=*/"::symshape::CheckMode::Assert",
           "What stated facts become: 'assert' (run-time checks) or 'none'",
           [{::llvm::cl::values(
             clEnumValN(::symshape::CheckMode::Assert, "assert",
                        "run-time checks (cf.assert)"),
             clEnumValN(::symshape::CheckMode::None, "none",
                        "no checks: the facts are trusted"))}]>,
  ];
  let dependentDialects = ["::symshape::SymShapeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SymShapeRepairReshapesPass : Pass<"symshape-repair-reshapes"> {
  let summary = "Rewrite reshapes and rank-reducing slices that MLIR 22 "
                "mishandles";
  let description = [{
    Repairs forms that MLIR 22.1 accepts but then mishandles. Rank-reducing
    `tensor.extract_slice` and `tensor.insert_slice` whose dropped unit dims
    upstream canonicalization may reinterpret (a kept dim that is or may
    become 1 before a dropped dim, with a dim of another size in between:
    the constant-argument and cast folders re-infer the dropped dims as the
    leading unit dims, so `[%c1, %n, 1]` of `2x?x3` to `?x?`, which is
    `1 x n`, becomes `n x 1`) are made explicit: a full-rank slice and a
    `tensor.collapse_shape` of the unit dims (or a `tensor.expand_shape` of
    the inserted value). Rank-reducing slices whose dropped dims are
    unambiguous (a column `[%d, 1]`, leading unit dims) are left alone.

    ```mlir
    %s = tensor.extract_slice %t[0, 0, 0] [%c1, %n, 1] [1, 1, 1]
        : tensor<2x?x3xf32> to tensor<?x?xf32>
    // becomes
    %f = tensor.extract_slice %t[0, 0, 0] [%c1, %n, 1] [1, 1, 1]
        : tensor<2x?x3xf32> to tensor<?x?x1xf32>
    %s = tensor.collapse_shape %f [[0], [1, 2]]
        : tensor<?x?x1xf32> into tensor<?x?xf32>
    ```

    With `lowering-forms`, the same is done to a rank-reducing slice with a
    stride other than 1 and more constant unit sizes than dropped dims:
    bufferized, it is a `memref.subview` whose dropped dims MLIR 22.1 finds
    by matching the source's strides without the subview's own, which fails
    there and crashes the lowering's folders (`[%n, 1, 1, 1]` by
    `[2, 1, 1, 1]` of `?x1x3x4` to `?x1x1`).

    And two forms of `tensor.expand_shape`:

    * a static result dim whose `output_shape` entry is an SSA value
      (one-shot-bufferize rejects the memref it produces, and
      canonicalization computes wrong dims once a producing cast is visible):
      the entry becomes the static size;
    * a reassociation group with two or more dynamic result dims
      (`--expand-strided-metadata` crashes on its memref form, and
      `memref.reshape` to a dynamic shape does not lower to LLVM): the op
      becomes a `tensor.generate` that reads every element of the result from
      the source at the row-major linearized index of its group, a copy that
      the standard lowering handles. Only with `lowering-forms` (the
      default): `symshape-pipeline` rewrites them only at its end, after
      specialization may have made the group static. The copy is the last
      resort: first the expand goes away without moving data where it can,
      against the `collapse_shape` it undoes (sizes proven equal to the
      collapsed tensor's dims: the tensor itself, or a collapse of only the
      dims the expand leaves merged; or, regrouped through a common
      refinement the engine proves, an expand of the tensor and a
      collapse), composed with the expand it views, into the `tensor.empty`
      it shapes,
      or into the linalg op that produces its source (upstream's fold by
      expansion: a `linalg.matmul` on `B*S` rows followed by
      `view(B, S, N)` becomes one contraction on `B x S`), the last only
      when every expand this leaves on the op's operands goes away too.

    Before:
    ```mlir
    %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%b, %s, 4]
        : tensor<?x4xf32> into tensor<?x?x4xf32>
    ```
    After:
    ```mlir
    %e = tensor.generate %b, %s {
    ^bb0(%i: index, %j: index, %k: index):
      %r = arith.muli %i, %s : index
      %row = arith.addi %r, %j : index
      %v = tensor.extract %t[%row, %k] : tensor<?x4xf32>
      tensor.yield %v : f32
    } : tensor<?x?x4xf32>
    ```

    With `lowering-forms`, a `tensor.reshape` whose shape is a
    `tensor.from_elements` of sizes and whose result stays dynamic (its
    `memref.reshape` does not lower in MLIR 22.1) becomes a collapse of every
    dim and an expand into those sizes.

    And static 0 extents in `tensor.concat`: MLIR 22.1 decomposes a concat
    into slices inserted at the sum of the extents before each operand, a
    static offset that the slice verifier rejects at the end of a static dim
    and in a dim of static size 0, although nothing is inserted there. A
    concat whose result has a static 0 dim (no element) becomes a
    `tensor.empty` of its shape; otherwise an operand with a static 0 extent
    along the concat dim is dropped (a concat left with one operand becomes a
    `tensor.cast` of it).

    ```mlir
    %c = tensor.concat dim(1) %a, %z
        : (tensor<?x2xf32>, tensor<?x0xf32>) -> tensor<?x2xf32>
    // becomes %a
    ```

    And other ops that read or write no element, which MLIR 22.1 rejects
    when it lowers them ("offset 0 is out-of-bounds: 0 >= 0"): a slice with
    a static offset at or past the end of a static dim, or of a dim that is
    a static 0 (seen through casts and destination-style ties, as
    bufferization sees it), is empty in every defined program: an
    `extract_slice` becomes a `tensor.empty` of its shape, an `insert_slice`
    its destination. A `tensor.pad` of a source with a static 0 dim, or
    whose static padding covers a whole static result dim (its source is
    then empty), becomes a `tensor.generate` with the pad's body; a
    `collapse_shape` or `expand_shape` of such a source a `tensor.empty` of
    its shape. With `lowering-forms`, what follows a `cf.assert` of a
    constant false in its block is erased first, as `symshape-simplify`
    does (it never runs, and MLIR's lowering may reject it); a
    `tensor.cast` of a `tensor.cast` between contradicting static dims
    (`1x3x3 -> ?x3x? -> 1x3x1`, which no defined execution reaches) becomes
    such a check first.

    Where it simplifies regions, it skips the simplification in functions
    whose regions are single blocks without a dead constant, as
    `symshape-cleanup` does.

    ```mlir
    %e = tensor.empty() : tensor<0x3xf32>
    %c = tensor.cast %e : tensor<0x3xf32> to tensor<?x3xf32>
    %i = tensor.insert_slice %x into %c[0, 1] [%n, 1] [1, 1]
        : tensor<?xf32> into tensor<?x3xf32>
    // %i becomes %c
    ```
  }];
  let options = [
    Option<"loweringForms", "lowering-forms", "bool", /*default=*/"true",
           "Also rewrite expand_shape groups with several dynamic dims, "
           "which only the standard lowering mishandles (as copies)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark at each expand_shape that becomes a gather (a "
           "copy)">,
    Option<"simplifyRegions", "simplify-regions", "bool",
           /*default=*/"true",
           "Where a pattern applies, also simplify the regions as the "
           "greedy driver does by default (dead code, identical blocks "
           "merged); symshape-pipeline turns it off where a cleanup "
           "simplifies them anyway">,
  ];
  // The analysis it asks keeps its expressions in the symshape dialect.
  let dependentDialects = ["::symshape::SymShapeDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SymShapeRepairLoopYieldsPass : Pass<"symshape-repair-loop-yields"> {
  let summary = "Keep the tensors that scf.for and scf.while loops carry "
                "bufferizable in place";
  let description = [{
    Runs upstream's One-Shot Analysis (with the options of the standard CPU
    lowering: in-place, identity layouts, no allocation returned from a
    loop) on the `scf.for` and `scf.while` loops that carry tensors of
    static shape, and where a yielded tensor is not equivalent to its
    iteration argument (one-shot-bufferize then rejects the loop: "Yield
    operand #0 is not equivalent to the corresponding iter bbArg"), yields
    a `bufferization.materialize_in_destination` of it into the iteration
    argument instead: the same values, written into the carried buffer. In
    an `scf.while` the pairs are those upstream checks: each tensor the
    `scf.condition` forwards with the `before` region's argument of its
    position, each tensor the `after` region yields with that region's
    argument of its position. `scf.forall` needs nothing: its results are
    written by `tensor.parallel_insert_slice` into its shared outputs.

    This happens to programs that lowered before symshape made a carried
    tensor static: upstream canonicalization then folds a full-size
    `insert_slice` of a fresh `linalg` result into the carried tensor to
    that result.

    ```mlir
    %g = linalg.generic ... outs(%empty : tensor<1x4xf32>) -> tensor<1x4xf32>
    scf.yield %g : tensor<1x4xf32>
    // becomes
    %m = bufferization.materialize_in_destination %g in %acc
        : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
    scf.yield %m : tensor<1x4xf32>
    ```

    A loop whose yields are already equivalent is left alone, and so is a
    dynamic carried tensor: it may grow from one iteration to the next, and
    then no buffer of the iteration argument holds the yielded value (such a
    loop lowers only where loops may return allocations, before and after).
    The last step of `symshape-pipeline`.
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark at each yield that is written into its iteration "
           "argument">,
  ];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect"];
}

def SymShapeCleanupPass : Pass<"symshape-cleanup"> {
  let summary = "Upstream canonicalization and CSE, without the upstream "
                "patterns that are unsound in MLIR 22.1";
  let description = [{
    What `canonicalize, cse, canonicalize` does (with `cse=false`, what
    `canonicalize` does), with the canonicalization patterns of every
    loaded dialect and registered op (the symshape dialect is loaded: its
    fact-using patterns, and a `tensor.extract_slice` of the whole of its
    source by its dynamic dims folded to the source), folding and region
    simplification, except three upstream patterns of MLIR 22.1:

    * `ForOpTensorCastFolder` folds a cast of an `scf.for` init into the
      loop and casts every yielded value to the init's more static type,
      which fails at run time when the carried tensor grows;
    * `FoldTensorCastProducerOp` folds casts into a destination-style op
      without checking that its operands agree, which turns a program that
      fails at run time into IR that does not verify;
    * `FoldTensorCastConsumerOp` moves a cast of a linalg op's result to a
      more static type above the op, as casts of its operands, and with it
      the assumption of a user's check that stood between them (the check
      then folds away and the op runs on a wrong static shape).

    With `facts=false` the symshape patterns that ask the facts interface
    (the proven value of a `sym_max`/`sym_min`, an `apply` simplified with
    its operands' ranges, an implied `constrain_range` erased) are left
    out; each builds a local analysis of its op's operands, which
    `symshape-pipeline` does not need right after `symshape-simplify` has
    decided the same ops with every fact of the function.

    The second canonicalization runs only where it can change something:
    where CSE changed the IR, or where the first one stopped at its
    iteration limit. A canonicalization that reached its fixpoint leaves
    nothing for another run with the same patterns, so the result is that
    of the three passes; skipping it matters because upstream's greedy
    driver prepares its whole pattern set (every pattern of every loaded
    dialect) on each run, which costs more than canonicalizing a small
    function. For the same reason a function canonicalizes with the
    patterns tried on the kinds of op it has (and on `tensor.cast`,
    `arith.select` and `affine.apply`, which patterns often create); if a
    pattern creates an op of another kind that has patterns, the function
    is canonicalized again with all of them.

    The greedy driver simplifies the regions after each of its sweeps
    (unreachable blocks, dead code by a liveness analysis of the whole
    region): in straight-line code the driver itself erases the ops that
    are or become dead as it visits them, so where every region is one
    block of SSA code and no constant is dead to begin with, the sweeps run
    without it. Should a pattern leave an op dead there (by updating its
    user in place), the function is canonicalized again with the
    simplification.

    ```mlir
    %0 = arith.cmpi sle, %d, %c8 : index
    cf.assert %0, "at most 8"
    %1 = arith.cmpi sle, %d, %c8 : index
    %2 = arith.andi %0, %1 : i1
    cf.assert %2, "at most 8 again"
    // CSE merges %1 into %0, and the second canonicalization folds
    // `andi %0, %0` to %0.
    ```
  }];
  let options = [
    Option<"cse", "cse", "bool", /*default=*/"true",
           "Then eliminate common sub-expressions, and canonicalize again "
           "where that changed something">,
    Option<"facts", "facts", "bool", /*default=*/"true",
           "Run the symshape patterns that use facts (each builds a local "
           "analysis of its op's operands); symshape-pipeline turns them off "
           "right after symshape-simplify, which has taken those decisions "
           "with all the facts">,
    Option<"certify", "certify", "std::string", /*default=*/"\"\"",
           "Write every decision the symshape canonicalization patterns take "
           "from facts as an SMT-LIB proof obligation to this file "
           "(scripts/check-certificates.py runs z3 on it)">,
    Option<"certifyAppend", "certify-append", "bool", /*default=*/"false",
           "Append to the certify file instead of replacing it">,
  ];
  let dependentDialects = ["::mlir::smt::SMTDialect",
                           "::symshape::SymShapeDialect"];
}

def SymShapeFoldReshapeIntoStorePass : Pass<"symshape-fold-reshape-into-store"> {
  let summary = "Fold a collapse_shape (or expand_shape) into the slice "
                "store of its result, only when provably legal";
  let description = [{
    A `tensor.collapse_shape` of `S` whose result is stored with unit strides
    (possibly rank-reducing, dropped dims anywhere) is folded into a store of
    `S` itself into an expanded view of the destination, in which every
    target dim that receives a collapsed group is split into
    `(t_j / inner, e_1, ..., e_m)`:

    * tensor form, `tensor.insert_slice`: an insert of `S` into a
      `tensor.expand_shape` of the destination, then a `tensor.collapse_shape`
      back to the destination type (`tensor.cast` where a static group meets a
      `?` dim);
    * memory form, `bufferization.materialize_in_destination` into a
      `memref.subview`: a subview of a `memref.expand_shape` of the base,
      which must be contiguous, receives `S`.

    The fold happens only if one legality function proves C0-C8 of
    docs/Passes.md: the store's own rank-reduction map (C0), exact division
    of the destination extent (C1) and of the offset (C2) by the product of
    the inner extents, at most one dynamic inner extent and only for a store
    that is full along the dim (C3), sizes and extents taken from `S` (C4),
    every other dim kept at its index (C5), one extent value per `?` (C6),
    unit strides and a contiguous base (C7), no zero factor (C8). Facts come
    from the shape analysis, which runs alone on ordinary IR (op semantics,
    `tensor.dim`, `cf.assert`, symshape ops). Alone, the pass analyses every
    function, so contradicting facts anywhere are an error; in
    `symshape-pipeline`, where the `symshape-simplify` right before it has
    analysed every function, it analyses only those with a candidate store.

    The twin, a `tensor.expand_shape` of `S` stored the same way, is folded
    into a store of `S` into a `collapse_shape` of the destination (expanded
    back in tensor form) when each expanded group lands on adjacent target
    dims (C5) and the store is full along every inner dim of a group (C3);
    in tensor form the expand back has at most one dynamic extent per group
    (C3), and in memory form the base must be collapsible (C7).

    With `guard` (the default), a candidate whose only unproven conditions
    can be checked at run time (an opaque offset's alignment, a full store
    along a dim with a dynamic inner extent) is versioned: `scf.if` on the
    check, the folded store in the fast path, the original in the other.
    With `explain`, a remark names the failed condition of every refused
    candidate (for example `C2: offset not provably a multiple of 4`).

    Before (IREE's pattern, DESIGN 1.5):
    ```mlir
    %v = tensor.collapse_shape %src [[0, 1]] : tensor<?x2xi32> into tensor<?xi32>
    %r = tensor.insert_slice %v into %out[0, 0] [%d, 1] [1, 1]
        : tensor<?xi32> into tensor<?x3xi32>
    ```
    After:
    ```mlir
    %e = tensor.expand_shape %out [[0, 1], [2]] output_shape [%t0, 2, 3]
        : tensor<?x3xi32> into tensor<?x2x3xi32>
    %i = tensor.insert_slice %src into %e[0, 0, 0] [%s0, 2, 1] [1, 1, 1]
        : tensor<?x2xi32> into tensor<?x2x3xi32>
    %r = tensor.collapse_shape %i [[0, 1], [2]]
        : tensor<?x2x3xi32> into tensor<?x3xi32>
    ```
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for every candidate: the failed condition, or the fold">,
    Option<"guard", "guard", "bool", /*default=*/"true",
           "Version a store on a run-time check when only run-time-checkable "
           "conditions are unproven">,
    Option<"certify", "certify", "std::string", /*default=*/"\"\"",
           "Write the arithmetic conditions of every fold (C1 and C2 "
           "divisions, C3 full stores) as SMT-LIB proof obligations to this "
           "file (scripts/check-certificates.py runs z3 on it)">,
    Option<"certifyAppend", "certify-append", "bool", /*default=*/"false",
           "Append to the certify file instead of replacing it">,
  ];
  let dependentDialects = ["::symshape::SymShapeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::smt::SMTDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SymShapeSpecializePass
    : Pass<"symshape-specialize", "::mlir::ModuleOp"> {
  let summary = "Apply user assumptions: bind named sizes, version profiles";
  let description = [{
    Applies what the user assumes about named sizes (`symshape.symbol` names
    and argument dims named by `symshape.dim_names`), before any
    proof-driven refinement:

    * `bind=name=value,...` gives a name one value in every function: each
      argument with a bound dim is cast to the static type at the entry and,
      with `checks=assert` (the default), its dims are checked against the
      bound values with `cf.assert` (`checks=none` trusts them).
    * `profile=name:min:opt:max,...` versions every public function whose
      argument dims carry profiled names: a private copy specialized at
      `opt`, a private generic copy whose entry checks `[min, max]`, and a
      dispatch on the inputs' dims in the public function.

    An unknown name, a malformed entry, a name both bound and profiled, or a
    value outside a declared range or divisor is an error naming the symbol
    and located at its declaration. The pass only states the assumptions;
    `symshape-dynamic-to-static` then propagates them (it also takes
    `bind=`/`profile=` itself, and runs this first: that is how
    `symshape-pipeline` applies them).

    Before (`bind=n=4`):
    ```mlir
    func.func @f(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> index {
      %c0 = arith.constant 0 : index
      %d = tensor.dim %x, %c0 : tensor<?xf32>
      return %d : index
    }
    ```
    After (the entry checks the dim, then the body sees the argument
    through a static type; `symshape-dynamic-to-static` folds the dim):
    ```mlir
    func.func @f(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> index {
      %c0 = arith.constant 0 : index
      %dim = tensor.dim %x, %c0 : tensor<?xf32>
      %c4 = arith.constant 4 : index
      %ok = arith.cmpi eq, %dim, %c4 : index
      cf.assert %ok, "symshape: 'n' (dim 0 of arg 0 of @f) must be 4 (bind=n=4)"
      %s = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
      %x4 = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
      %c0_1 = arith.constant 0 : index
      %d = tensor.dim %x4, %c0_1 : tensor<?xf32>
      return %d : index
    }
    ```
  }];
  let options = [
    ListOption<"bind", "bind", "std::string",
               "Bound symbols, as name=value (comma separated)">,
    ListOption<"profile", "profile", "std::string",
               "Profiles, as name:min:opt:max (comma separated)">,
    Option<"checks", "checks", "::symshape::CheckMode",
           /*default=*/"::symshape::CheckMode::Assert",
           "What user assumptions become: 'assert' (run-time checks) or "
           "'none'", [{::llvm::cl::values(
             clEnumValN(::symshape::CheckMode::Assert, "assert",
                        "run-time checks (cf.assert)"),
             clEnumValN(::symshape::CheckMode::None, "none",
                        "no checks: the facts are trusted"))}]>,
  ];
  let dependentDialects = ["::symshape::SymShapeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SymShapeDynamicToStaticPass
    : Pass<"symshape-dynamic-to-static", "::mlir::ModuleOp"> {
  let summary = "Replace dynamic dims by numbers where proven or bound";
  let description = [{
    Replaces `?` by a number exactly where the engine proves the dim constant
    (constants, facts such as `cf.assert`s and symbol ranges, or a symbol the
    user binds). Producers are rebuilt before consumers, round after round to
    a fixpoint, through `tensor.empty`, `tensor.cast`, `extract_slice` /
    `insert_slice`, `pad`, `concat`, `collapse_shape` / `expand_shape` (a
    squeeze of a dim proven 1 gets the right static shape), `tensor.generate`
    and linalg ops. An `scf.if` with a constant condition is replaced by its
    taken branch first; otherwise its results get the join of the branches'
    types (a dim stays static only where both agree; never a broadcast). An
    `scf.for` iter arg, an `scf.while` carried value and an `scf.forall`
    shared output take their init's static dims when the body provably
    keeps them. A private function used only by
    calls gets the join of what its calls pass and what it returns. A
    rebuilt result is cast back to its old type for its users, so public
    function signatures stay, with casts at the boundary. A private function
    whose calls pass different static shapes gets one clone per shape
    signature first (`max-clones`, default 4; beyond that, or with 0, the
    join), so that each becomes static; public functions are never cloned
    away.

    `bind=` and `profile=` are `symshape-specialize`'s options, applied
    first (diagnostics then name this pass). `bind=name=value,...`
    substitutes named symbols (`symshape.symbol`, or
    argument dims named by `symshape.dim_names`) in every function: the
    argument is cast to the static type, and with `checks=assert` (the
    default) its dims are checked against the bound values with `cf.assert`
    at the entry. An unknown name, or a value outside the symbol's declared
    range, is an error that names the symbol, the value and the range (or
    lists the known names).

    `profile=name:min:opt:max,...` versions every public function whose
    argument dims carry profiled names: a private copy specialized at `opt`,
    a private generic copy whose entry checks `[min, max]` (these are the
    facts its derived dims are bounded with), and a dispatch on the inputs'
    dims in the public function.

    With `explain`, one remark per function at its location names the
    symbols its dynamic dims stay in, with their ranges (what a binding or a
    tighter range would change); `explain-all` gives a remark at each op for
    every dim left dynamic and what is known of it. Remarks are emitted at
    the op's location, without the op printed under them.

    Before:
    ```mlir
    %c1 = arith.constant 1 : index
    %s = tensor.extract_slice %x[0, 0, 1, 1] [%n, %c1, %c1, %c1] [1, 1, 1, 1]
        : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
    ```
    After:
    ```mlir
    %s = tensor.extract_slice %x[0, 0, 1, 1] [%n, 1, 1, 1] [1, 1, 1, 1]
        : tensor<?x?x?x?xf32> to tensor<?x1x1x1xf32>
    %c = tensor.cast %s : tensor<?x1x1x1xf32> to tensor<?x?x?x?xf32>
    ```
  }];
  let options = [
    ListOption<"bind", "bind", "std::string",
               "Bound symbols, as name=value (comma separated)">,
    ListOption<"profile", "profile", "std::string",
               "Profiles, as name:min:opt:max (comma separated)">,
    Option<"checks", "checks", "::symshape::CheckMode",
           /*default=*/"::symshape::CheckMode::Assert",
           "What user assumptions become: 'assert' (run-time checks) or "
           "'none'", [{::llvm::cl::values(
             clEnumValN(::symshape::CheckMode::Assert, "assert",
                        "run-time checks (cf.assert)"),
             clEnumValN(::symshape::CheckMode::None, "none",
                        "no checks: the facts are trusted"))}]>,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark per function naming the symbols its dims stay "
           "dynamic in">,
    Option<"explainAll", "explain-all", "bool", /*default=*/"false",
           "Emit a remark for every dim left dynamic (implies explain)">,
    Option<"maxIterations", "max-iterations", "unsigned", /*default=*/"8",
           "Maximum number of refinement rounds">,
    Option<"maxClones", "max-clones", "unsigned", /*default=*/"4",
           "Clones a private function may get, one per further static shape "
           "signature of its calls (0: join the shapes instead)">,
    Option<"certify", "certify", "std::string", /*default=*/"\"\"",
           "Write every dim made static (and every operand proven constant) "
           "as an SMT-LIB proof obligation to this file "
           "(scripts/check-certificates.py runs z3 on it)">,
    Option<"certifyAppend", "certify-append", "bool", /*default=*/"false",
           "Append to the certify file instead of replacing it">,
  ];
  let dependentDialects = ["::symshape::SymShapeDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::smt::SMTDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // SYMSHAPE_TRANSFORMS_PASSES_TD
