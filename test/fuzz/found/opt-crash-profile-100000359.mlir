// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: opt-crash; variant: profile=batch:3:3:4; campaign seed 100, program 59.
// crash in symshape::ShapeAnalysis::walkOp(mlir::Operation*, std::function<void (mlir::Operation*)> const&) (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795463024.1424136+0xa7e89)
// RUN: symshape-opt %s --symshape-pipeline="profile=batch:3:3:4" -o %t.mlir
//
// stderr (tail):
//   #15 0x00007fdd6619222b mlir::PassManager::run(mlir::Operation*) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x619222b)
//   #16 0x00007fdd663d0c07 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63d0c07)
//   #17 0x00007fdd663cfd02 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63cfd02)
//   #18 0x00007fdd661e03f8 mlir::splitAndProcessBuffer(std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, llvm::function_ref<llvm::LogicalResult (std::unique_ptr<llvm::MemoryBu
//   #19 0x00007fdd663c71fc mlir::MlirOptMain(llvm::raw_ostream&, std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, mlir::DialectRegistry&, mlir::MlirOptMainConfig const&) (/us
//   #20 0x00007fdd663c7539 mlir::MlirOptMain(int, char**, llvm::StringRef, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c7539)
//   #21 0x00007fdd663c77d8 mlir::MlirOptMain(int, char**, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c77d8)
//   #22 0x000055a8e9fc230e main (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795463024.1424136+0x2830e)
//   #23 0x00007fdd56e4524a __libc_start_call_main ./csu/../sysdeps/nptl/libc_start_call_main.h:74:3
//   #24 0x00007fdd56e45305 call_init ./csu/../csu/libc-start.c:128:20
//   #25 0x00007fdd56e45305 __libc_start_main ./csu/../csu/libc-start.c:347:5
//   #26 0x000055a8e9fc2361 _start (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795463024.1424136+0x28361)

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg2: tensor<4x?xf32> {symshape.dim_names = ["", "batch"]}) -> (index) {
  %c5 = arith.constant 1 : index
  %v6 = tensor.dim %arg2, %c5 : tensor<4x?xf32>
  %c8 = arith.constant 8 : index
  %v7 = arith.cmpi sge, %v6, %c8 : index
  cf.cond_br %v7, ^bb1, ^bb2
^bb1:
  %c9 = arith.constant 4 : index
  %v10 = arith.minsi %c9, %v6 : index
  cf.br ^bb3(%arg2, %v10 : tensor<4x?xf32>, index)
^bb2:
  %c15 = arith.constant 3 : index
  cf.br ^bb3(%arg2, %c15 : tensor<4x?xf32>, index)
^bb3(%j16: tensor<4x?xf32>, %j17: index):
  return %j17 : index
}

func.func @main() {
  // case 0: @f0 [(4, 8)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 4 : index
  %c4 = arith.constant 8 : index
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
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<4x?xf32>
  %r6 = func.call @f0(%a5) : (tensor<4x?xf32>) -> (index)
  %w7 = arith.index_cast %r6 : index to i64
  func.call @printI64(%w7) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
