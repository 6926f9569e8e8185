// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: processed-abort-only; variant: default; campaign seed 6, program 141 (negsize).
// aborts: fuzz 1: divisor != 0
// Cause (fixed): symshape-simplify rightly decides the i32 select
// min(max(1, t), t) = t, which leaves index_cast(index_cast(%v9 : index to
// i32) : i32 to index); MLIR 22.1's canonicalization (symshape-cleanup, and
// the standard lowering's) folds that round trip to %v9, dropping the
// truncation: with %arg3 = -(2^62 - 1), 1 - %arg3 = 2^62 truncates to 0,
// and min(0, 8) = 0 becomes min(2^62, 8) = 8.
// symshape-simplify no longer applies a decision that would put a narrowing
// index_cast right before a cast back to the wider type. Regression test
// (the pipeline): the numbers are the same before and after.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
//
// Expected (unprocessed) output of the failing call:
//   7
// Actual (after symshape-pipeline):
//   fuzz 1: divisor != 0
//
// stderr (tail):
//   5  libc.so.6       0x00007f2e72259fb2 gsignal + 18
//   6  libc.so.6       0x00007f2e72244472 abort + 211
//   7  (error)         0x00007f2e81e7a064
//   8  (error)         0x00007f2e81e7a184
//   9  (error)         0x00007f2e81e7a21d
//   10 mlir-runner     0x000056019ea834a3
//   11 mlir-runner     0x000056019ea807f4
//   12 mlir-runner     0x000056019ea7ef5d
//   13 mlir-runner     0x000056019ea7d0d8 main + 312
//   14 libc.so.6       0x00007f2e7224524a
//   15 libc.so.6       0x00007f2e72245305 __libc_start_main + 133
//   16 mlir-runner     0x000056019ea7cc71 _start + 33

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg2: tensor<?x?xf32>, %arg3: index) -> (index) {
  %c4 = arith.constant 0 : index
  %v6 = tensor.dim %arg2, %c4 : tensor<?x?xf32>
  %c7 = arith.constant 1 : index
  %v9 = arith.subi %c7, %arg3 : index
  %c12 = arith.constant 1 : i32
  %v13 = arith.index_cast %v9 : index to i32
  %v17 = arith.maxsi %c12, %v13 : i32
  %v18 = arith.cmpi sle, %v17, %v13 : i32
  %v19 = arith.select %v18, %v17, %v13 : i32
  %v20 = arith.index_cast %v19 : i32 to index
  %v31 = arith.minsi %v20, %v6 : index
  %v32 = arith.subi %v6, %v31 : index
  %c39 = arith.constant 7 : index
  %v42 = arith.cmpi ne, %v32, %c4 : index
  cf.assert %v42, "fuzz 1: divisor != 0"
  return %c39 : index
}

func.func @main() {
  // case 0: @f0 [(8, 4)] [-4611686018427387903]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %g2 = tensor.generate %c3, %c4 {
  ^bb0(%i0: index, %i1: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s1, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?xf32>
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<?x?xf32>
  %c6 = arith.constant -4611686018427387903 : index
  %r7 = func.call @f0(%a5, %c6) : (tensor<?x?xf32>, index) -> (index)
  %w8 = arith.index_cast %r7 : index to i64
  func.call @printI64(%w8) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
