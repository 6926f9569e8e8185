// Not a symshape failure: MLIR 22.1's one-shot-bufferize miscompiles the
// *unprocessed* program (it writes %arg1 in place in a function of several
// blocks although tensor.concat reads its old value afterwards); the
// processed program prints the right numbers (the first half of each row is
// the original data). Found by the symshape differential fuzzer (campaign
// seed 100, program 184) before it learnt to confirm a mismatch with the
// copy-before-write lowering (symshape_fuzz.py: LOWER_COPY), which now
// classifies such a case as input-miscompiled. Kept as the upstream
// reproducer; the RUN lines below show the difference.
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
//
// Expected (unprocessed) output of the failing call:
//   Unranked Memref  rank = 2 offset = 0 sizes = [6, 12] strides = [12, 1] data = 
//   [[-78,   -64,   -50,   -36,   -22,   -8,   -78,   -64,   -50,   -36,   -22,   -8], 
//    [-20,   -6,   8,   22,   36,   50,   -20,   -6,   8,   22,   36,   50], 
//    [38,   52,   66,   80,   94,   108,   38,   52,   66,   80,   94,   108], 
//    [96,   110,   -70,   -56,   -42,   -28,   96,   110,   -70,   -56,   -42,   -28], 
//    [-40,   -26,   -12,   2,   16,   30,   -40,   -26,   -12,   2,   16,   30], 
//    [18,   32,   46,   60,   74,   88,   18,   32,   46,   60,   74,   88]]
// Actual (after symshape-pipeline):
//   Unranked Memref  rank = 2 offset = 0 sizes = [6, 12] strides = [12, 1] data = 
//   [[-39,   -32,   -25,   -18,   -11,   -4,   -78,   -64,   -50,   -36,   -22,   -8], 
//    [-10,   -3,   4,   11,   18,   25,   -20,   -6,   8,   22,   36,   50], 
//    [19,   26,   33,   40,   47,   54,   38,   52,   66,   80,   94,   108], 
//    [48,   55,   -35,   -28,   -21,   -14,   96,   110,   -70,   -56,   -42,   -28], 
//    [-20,   -13,   -6,   1,   8,   15,   -40,   -26,   -12,   2,   16,   30], 
//    [9,   16,   23,   30,   37,   44,   18,   32,   46,   60,   74,   88]]

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>) -> (tensor<?x?xf32>) {
  %c3 = arith.constant 0 : index
  %c5 = arith.constant 1 : index
  %v6 = tensor.dim %arg1, %c5 : tensor<?x?xf32>
  %c8 = arith.constant 2 : index
  %c15 = arith.constant 4 : index
  %v20 = arith.cmpi ugt, %c3, %c15 : index
  cf.cond_br %v20, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg2, %c8 : tensor<?xf32>, index)
^bb2:
  cf.br ^bb3(%arg2, %v6 : tensor<?xf32>, index)
^bb3(%j34: tensor<?xf32>, %j35: index):
  %v39 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<?x?xf32>) outs(%arg1 : tensor<?x?xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %k = arith.constant 2.000000e+00 : f32
    %y = arith.mulf %in0, %k : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  %v40 = tensor.concat dim(1) %arg1, %v39 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %c42 = arith.constant 3 : index
  %v41 = arith.cmpi sgt, %c42, %j35 : index
  %c43 = arith.constant true
  %v44 = arith.xori %v41, %c43 : i1
  cf.assert %v44, "fuzz 4: lower bound"
  return %v40 : tensor<?x?xf32>
}

func.func @main() {
  // case 0: @f0 [(6, 6), (8,)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 6 : index
  %g2 = tensor.generate %c3, %c3 {
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
  %a4 = tensor.cast %g2 : tensor<?x?xf32> to tensor<?x?xf32>
  %c6 = arith.constant 8 : index
  %g5 = tensor.generate %c6 {
  ^bb0(%i0: index):
    %base = arith.constant 12 : index
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
  %a7 = tensor.cast %g5 : tensor<?xf32> to tensor<?xf32>
  %r8 = func.call @f0(%a4, %a7) : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>)
  %b9 = bufferization.to_buffer %r8 : tensor<?x?xf32> to memref<?x?xf32>
  %u10 = memref.cast %b9 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u10) : (memref<*xf32>) -> ()
  return
}
