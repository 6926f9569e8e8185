//===- DStreamOps.td - The dstream dialect -----------------*- tablegen -*-===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//
//
// A small dialect in the shape of an IREE-like compiler's dispatch ops: a
// store of a tensor into an output binding, a tie of a shaped value to its
// dynamic dims, and an assumption about an integer value. None of these ops
// knows about symshape: what they mean for shapes is taught to symshape by
// external models (lib/DStreamModels.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef DSTREAM_DSTREAMOPS_TD
#define DSTREAM_DSTREAMOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def DStream_Dialect : Dialect {
  let name = "dstream";
  let cppNamespace = "::dstream";
  let summary = "Dispatch-style stores, shape ties and assumptions";
}

class DStream_Op<string mnemonic, list<Trait> traits = []>
    : Op<DStream_Dialect, mnemonic, traits>;

def DStream_DispatchStoreOp : DStream_Op<"dispatch.store", [
    AttrSizedOperandSegments, OffsetSizeAndStrideOpInterface]> {
  let summary = "Stores a tensor into a slice of an output binding";
  let description = [{
    Writes `value` into the slice of the output binding `target` (a memref)
    given by offsets, sizes and strides, one of each per target dim. The
    store may be rank-reducing: a target dim whose size is a static 1 and
    that the value does not have is dropped. Value dim `k` lands on the
    `k`-th kept target dim; the kept dims are found by matching the sizes
    with the value's shape from the front, a static size with an equal static
    dim and a dynamic size with a dynamic dim (`getDroppedDims`).

    ```mlir
    dstream.dispatch.store %v, %out, offsets = [0, 1], sizes = [%n, 1],
        strides = [1, 1] : tensor<?xi32> -> memref<?x3xi32>
    ```
  }];
  let arguments = (ins
    AnyRankedTensor:$value,
    Arg<AnyMemRef, "the output binding", [MemWrite]>:$target,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides
  );
  let assemblyFormat = [{
    $value `,` $target `,`
    `offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets) `,`
    `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes) `,`
    `strides` `=` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($value) `->` type($target)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// OffsetSizeAndStrideOpInterface: the value and the target come first.
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 2; }
    /// One offset, size and stride per target dim.
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getTarget().getType().getRank();
      return {rank, rank, rank};
    }
    /// The target dims the store drops (the rank-reduction map), or nothing
    /// if the value's shape does not match the sizes.
    std::optional<llvm::SmallDenseSet<unsigned>> getDroppedDims();
  }];
}

def DStream_TieShapeOp : DStream_Op<"tie_shape", [
    Pure, AllTypesMatch<["operand", "result"]>, ViewLikeOpInterface]> {
  let summary = "Ties a shaped value to the values of its dynamic dims";
  let description = [{
    Returns `operand` unchanged; its dynamic dims are `dims`, in order (one
    per `?`). Like IREE's `flow.tensor.tie_shape`, it is trusted: nothing
    checks it. A tied memref is a view of (aliases) its operand.

    ```mlir
    %t = dstream.tie_shape %x : tensor<?x4xf32>{%n}
    %b = dstream.tie_shape %out : memref<?x3xi32>{%rows}
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyRankedTensor, AnyMemRef]>:$operand,
                       Variadic<Index>:$dims);
  let results = (outs AnyTypeOf<[AnyRankedTensor, AnyMemRef]>:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($result) `{` $dims `}`
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The value of dim `dim`, a dynamic dim of the result.
    mlir::Value getDynamicDim(unsigned dim);
    /// ViewLikeOpInterface: the result is the operand.
    mlir::Value getViewSource() { return getOperand(); }
  }];
}

def DStream_AssumeOp : DStream_Op<"assume", [
    AllTypesMatch<["operand", "result"]>]> {
  let summary = "Assumes a range and a divisor of an integer value";
  let description = [{
    Returns `operand` unchanged and states that it lies in `[min, max]` (an
    absent bound is unbounded) and is a multiple of `divisor`, like IREE's
    `util.assume.int`. Lowering turns it into `symshape.constrain_range`,
    which becomes a run-time check, or drops it (`checks=none`). It has no
    memory effects but is not `Pure`: an assumption stays until it is
    lowered, even when its result is unused.

    ```mlir
    %r = dstream.assume %rows min 0 max 1024 divisor 2 : index
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$operand,
                       OptionalAttr<I64Attr>:$min,
                       OptionalAttr<I64Attr>:$max,
                       OptionalAttr<I64Attr>:$divisor);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let assemblyFormat = [{
    $operand (`min` $min^)? (`max` $max^)? (`divisor` $divisor^)? attr-dict
    `:` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The bounds (signed) and the divisor (1 if absent).
    std::optional<int64_t> getLowerBound();
    std::optional<int64_t> getUpperBound();
    int64_t getDivisorOrOne();
  }];
}

#endif // DSTREAM_DSTREAMOPS_TD
