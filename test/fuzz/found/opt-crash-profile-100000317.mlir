// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: opt-crash; variant: profile=seq:3:3:9; campaign seed 100, program 17.
// crash in symshape::ShapeAnalysis::walkOp(mlir::Operation*, std::function<void (mlir::Operation*)> const&) (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795461581.1417368+0xa8299)
// RUN: symshape-opt %s --symshape-pipeline="profile=seq:3:3:9" -o %t.mlir
//
// stderr (tail):
//   #16 0x00007f4b0cf9222b mlir::PassManager::run(mlir::Operation*) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x619222b)
//   #17 0x00007f4b0d1d0c07 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63d0c07)
//   #18 0x00007f4b0d1cfd02 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63cfd02)
//   #19 0x00007f4b0cfe03f8 mlir::splitAndProcessBuffer(std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, llvm::function_ref<llvm::LogicalResult (std::unique_ptr<llvm::MemoryBu
//   #20 0x00007f4b0d1c71fc mlir::MlirOptMain(llvm::raw_ostream&, std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, mlir::DialectRegistry&, mlir::MlirOptMainConfig const&) (/us
//   #21 0x00007f4b0d1c7539 mlir::MlirOptMain(int, char**, llvm::StringRef, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c7539)
//   #22 0x00007f4b0d1c77d8 mlir::MlirOptMain(int, char**, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c77d8)
//   #23 0x000055ab7ff7634e main (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795461581.1417368+0x2834e)
//   #24 0x00007f4afdc4524a __libc_start_call_main ./csu/../sysdeps/nptl/libc_start_call_main.h:74:3
//   #25 0x00007f4afdc45305 call_init ./csu/../csu/libc-start.c:128:20
//   #26 0x00007f4afdc45305 __libc_start_main ./csu/../csu/libc-start.c:347:5
//   #27 0x000055ab7ff763a1 _start (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795461581.1417368+0x283a1)

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<?x1xf32>, %arg2: tensor<?x4x?xf32> {symshape.dim_names = ["batch", "", "n"], symshape.dim_ranges = [#symshape.range<[0, 6]>, unit, #symshape.range<[1, 9]>]}, %arg3: tensor<?x?xf32> {symshape.dim_names = ["", "seq"], symshape.dim_ranges = [#symshape.range<[2, 16]>, unit]}, %arg4: index) -> (tensor<?x?xf32>) {
  %c5 = arith.constant 0 : index
  %v6 = tensor.dim %arg2, %c5 : tensor<?x4x?xf32>
  %c8 = arith.constant 6 : index
  %v7 = arith.cmpi ugt, %v6, %c8 : index
  %c9 = arith.constant true
  %v10 = arith.xori %v7, %c9 : i1
  cf.assert %v10, "fuzz 6: declared upper bound"
  %c11 = arith.constant 2 : index
  %v12 = tensor.dim %arg2, %c11 : tensor<?x4x?xf32>
  %c14 = arith.constant 1 : index
  %v13 = arith.cmpi ule, %c14, %v12 : index
  cf.assert %v13, "fuzz 7: declared lower bound"
  %c16 = arith.constant 9 : index
  %v15 = arith.cmpi slt, %c16, %v12 : index
  %v17 = arith.xori %v15, %c9 : i1
  cf.assert %v17, "fuzz 8: declared upper bound"
  %v18 = tensor.dim %arg3, %c5 : tensor<?x?xf32>
  %v19 = arith.cmpi uge, %v18, %c11 : index
  cf.assert %v19, "fuzz 9: declared lower bound"
  %v22 = tensor.dim %arg1, %c5 : tensor<?x1xf32>
  %c23 = arith.constant 8 : index
  %v25 = tensor.empty(%v18, %v12) : tensor<?x?xf32>
  %v28 = tensor.collapse_shape %v25 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %v29 = tensor.dim %v28, %c5 : tensor<?xf32>
  %v30 = tensor.empty(%v29) : tensor<?xf32>
  %v50 = arith.cmpi sle, %c23, %v22 : index
  cf.cond_br %v50, ^bb1, ^bb2
^bb1:
  %v52 = arith.cmpi ule, %v29, %v12 : index
  cf.assert %v52, "fuzz 12: integer relation ule"
  cf.br ^bb3(%v28, %v18 : tensor<?xf32>, index)
^bb2:
  cf.br ^bb3(%v30, %v22 : tensor<?xf32>, index)
^bb3(%j61: tensor<?xf32>, %j62: index):
  %v63 = arith.cmpi eq, %j62, %v12 : index
  cf.assert %v63, "fuzz 13: distinct"
  return %v25 : tensor<?x?xf32>
}

func.func @main() {
  // case 0: @f0 [(5, 1), (2, 4, 8), (2, 8)] [0]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 5 : index
  %c4 = arith.constant 1 : index
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
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<?x1xf32>
  %c7 = arith.constant 2 : index
  %c8 = arith.constant 4 : index
  %c9 = arith.constant 8 : index
  %g6 = tensor.generate %c7, %c8, %c9 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 12 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a10 = tensor.cast %g6 : tensor<?x?x?xf32> to tensor<?x4x?xf32>
  %g11 = tensor.generate %c7, %c9 {
  ^bb0(%i0: index, %i1: index):
    %base = arith.constant 23 : index
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
  %a12 = tensor.cast %g11 : tensor<?x?xf32> to tensor<?x?xf32>
  %c13 = arith.constant 0 : index
  %r14 = func.call @f0(%a5, %a10, %a12, %c13) : (tensor<?x1xf32>, tensor<?x4x?xf32>, tensor<?x?xf32>, index) -> (tensor<?x?xf32>)
  %b15 = bufferization.to_buffer %r14 : tensor<?x?xf32> to memref<?x?xf32>
  %u16 = memref.cast %b15 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u16) : (memref<*xf32>) -> ()
  return
}
