// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: opt-crash; variant: profile=m:2:4:6; campaign seed 100, program 16.
// crash in symshape::ShapeAnalysis::walkOp(mlir::Operation*, std::function<void (mlir::Operation*)> const&) (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795461581.1417368+0xa8299)
// RUN: symshape-opt %s --symshape-pipeline="profile=m:2:4:6" -o %t.mlir
//
// stderr (tail):
//   #15 0x00007fef7f19222b mlir::PassManager::run(mlir::Operation*) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x619222b)
//   #16 0x00007fef7f3d0c07 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63d0c07)
//   #17 0x00007fef7f3cfd02 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63cfd02)
//   #18 0x00007fef7f1e03f8 mlir::splitAndProcessBuffer(std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, llvm::function_ref<llvm::LogicalResult (std::unique_ptr<llvm::MemoryBu
//   #19 0x00007fef7f3c71fc mlir::MlirOptMain(llvm::raw_ostream&, std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, mlir::DialectRegistry&, mlir::MlirOptMainConfig const&) (/us
//   #20 0x00007fef7f3c7539 mlir::MlirOptMain(int, char**, llvm::StringRef, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c7539)
//   #21 0x00007fef7f3c77d8 mlir::MlirOptMain(int, char**, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c77d8)
//   #22 0x000055a16a5fe34e main (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795461581.1417368+0x2834e)
//   #23 0x00007fef6fe4524a __libc_start_call_main ./csu/../sysdeps/nptl/libc_start_call_main.h:74:3
//   #24 0x00007fef6fe45305 call_init ./csu/../csu/libc-start.c:128:20
//   #25 0x00007fef6fe45305 __libc_start_main ./csu/../csu/libc-start.c:347:5
//   #26 0x000055a16a5fe3a1 _start (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795461581.1417368+0x283a1)

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> (index, tensor<?x2xf32>) {
  %c3 = arith.constant 0 : index
  %v15 = tensor.extract_slice %arg1[%c3, 0] [%c3, 2] [1, 1] : tensor<?x?xf32> to tensor<?x2xf32>
  %c18 = arith.constant 4 : index
  return %c18, %v15 : index, tensor<?x2xf32>
}

func.func @f0(%arg1: tensor<?x3xf32>, %arg2: tensor<?x?x4xf32> {symshape.dim_names = ["m", "batch", ""]}) -> (index) {
  %c3 = arith.constant 0 : index
  %v9 = tensor.dim %arg2, %c3 : tensor<?x?x4xf32>
  %v10 = arith.index_cast %v9 : index to i64
  %v13 = arith.index_cast %v10 : i64 to index
  %v14 = tensor.cast %arg1 : tensor<?x3xf32> to tensor<?x?xf32>
  %v15:2 = func.call @callee0(%v14, %v14) : (tensor<?x?xf32>, tensor<?x?xf32>) -> (index, tensor<?x2xf32>)
  %v16 = arith.cmpi uge, %c3, %v9 : index
  cf.cond_br %v16, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%v15#1, %v13 : tensor<?x2xf32>, index)
^bb2:
  %c19 = arith.constant 3 : index
  %v18 = arith.cmpi sgt, %v13, %c19 : index
  cf.assert %v18, "fuzz 4: upper bound"
  cf.br ^bb3(%v15#1, %v9 : tensor<?x2xf32>, index)
^bb3(%j28: tensor<?x2xf32>, %j29: index):
  %v30 = tensor.dim %j28, %c3 : tensor<?x2xf32>
  return %v30 : index
}

func.func @main() {
  // case 0: @f0 [(7, 3), (0, 5, 4)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 7 : index
  %c4 = arith.constant 3 : index
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
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<?x3xf32>
  %c7 = arith.constant 0 : index
  %c8 = arith.constant 5 : index
  %c9 = arith.constant 4 : index
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
  %a10 = tensor.cast %g6 : tensor<?x?x?xf32> to tensor<?x?x4xf32>
  %r11 = func.call @f0(%a5, %a10) : (tensor<?x3xf32>, tensor<?x?x4xf32>) -> (index)
  %w12 = arith.index_cast %r11 : index to i64
  func.call @printI64(%w12) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
