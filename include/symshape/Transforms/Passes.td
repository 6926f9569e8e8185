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
    * `symshape.sym_max`/`sym_min`, `arith.maxsi`/`minsi`, `affine.min`/`max`
      whose result is one operand are replaced by it (`max(s, s + 1)` is
      `s + 1`; `min(s0, max(s0, s2))` is `s0`; `max(s0, s2)` stays);
    * `symshape.apply`, `arith.addi/subi/muli/floordivsi/ceildivsi` and
      `arith.divsi/remsi` (only with a non-negative dividend) and
      `affine.apply` are replaced by a constant, an available value, or a
      strictly smaller computation (`((5 * b) * 7) floordiv 5` is `7 * b`);
    * `arith.cmpi` decided by the prover becomes a constant;
    * `symshape.constrain_range` implied by earlier facts is removed.

    Contradicting facts stated with symshape ops are an error naming both;
    contradicting `cf.assert`s are a warning. One analysis runs per round;
    rounds repeat until nothing changes (at most `max-iterations`).

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
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "unsigned", /*default=*/"8",
           "Maximum number of analysis-and-rewrite rounds">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // SYMSHAPE_TRANSFORMS_PASSES_TD
