// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: mismatch; variant: bind=a=2 (also profile=a:1:2:2); campaign seed
// 66, program 1384 (negsize).
// Cause (fixed): with a = 2 bound, the affine.min simplifies to
// floordiv(1, max(t, 1)) - 1, where t = index_cast(%arg3 : index to i32);
// the second symshape-simplify recomputed it in index and so cast t back to
// index, which MLIR's canonicalization (symshape-cleanup's, the standard
// lowering's) folds with t's own cast to %arg3, dropping the truncation:
// with %arg3 = 2^32 - 1 (-1 in i32) the function returned -1 for 0.
// Recomputations, like the decisions before them (cast-round-trip-pipeline),
// no longer widen a value that a narrowing index_cast made
// (ShapeAnalysis::widensNarrowedValue). Regression test: the numbers are
// the same before and after.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline="bind=a=2" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: symshape-opt %s --symshape-pipeline="profile=a:1:2:2" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.profile
// RUN: diff %t.before %t.profile
//
// Expected (unprocessed) output of the failing call:
//   0
// Actual (after bind=a=2):
//   -1

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f1(%arg1: tensor<?xf32> {symshape.dim_names = ["a"]}, %arg3: index) -> (index) {
  %c4 = arith.constant 0 : index
  %v5 = tensor.dim %arg1, %c4 : tensor<?xf32>
  %c10 = arith.constant 3 : index
  %v11 = arith.muli %v5, %c10 : index
  %c12 = arith.constant 7 : index
  %v13 = arith.subi %c12, %v11 : index
  %v25 = arith.index_cast %v13 : index to i32
  %v30 = arith.index_cast %arg3 : index to i32
  %c31 = arith.constant 1 : i32
  %v32 = arith.maxsi %v30, %c31 : i32
  %v33 = arith.divsi %v25, %v32 : i32
  %v34 = arith.index_cast %v33 : i32 to index
  %v48 = affine.min affine_map<()[s0, s1] -> (((s1 * 3) + ((s1 * -2) + -1)), ((((s1 * -2) + 1) ceildiv 2) + ((s1 * 2) + 2)), ((((s0 * 2) + -3) mod 3) + ((s1 * -2) + (s0 + 2))))>()[%v13, %v34]
  return %v48 : index
}

func.func private @fuzz_input_r1(%d0: index, %base: index) -> tensor<?xf32> {
  %g = tensor.generate %d0 {
  ^bb0(%i0: index):
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s0, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?xf32>
  return %g : tensor<?xf32>
}

func.func @main() {
  // case 0: @f1 [(2,)] [4294967295]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 2 : index
  %c4 = arith.constant 1 : index
  %g2 = func.call @fuzz_input_r1(%c3, %c4) : (index, index) -> tensor<?xf32>
  %a5 = tensor.cast %g2 : tensor<?xf32> to tensor<?xf32>
  %c6 = arith.constant 4294967295 : index
  %r7 = func.call @f1(%a5, %c6) : (tensor<?xf32>, index) -> (index)
  %w8 = arith.index_cast %r7 : index to i64
  func.call @printI64(%w8) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
