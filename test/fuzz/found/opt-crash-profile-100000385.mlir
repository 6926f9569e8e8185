// Reproducer found by the symshape differential fuzzer (test/fuzz).
// class: opt-crash; variant: profile=m:5:8:8; campaign seed 100, program 85.
// crash in symshape::ShapeAnalysis::computeOpResultDim(mlir::Operation*, mlir::OpResult, unsigned int)::'lambda6'(mlir::Operation*)::operator()(mlir::Operation*) const (.constprop.0) ShapeAnalysis.cpp:0:0
// RUN: symshape-opt %s --symshape-pipeline="profile=m:5:8:8" -o %t.mlir
//
// stderr (tail):
//   #19 0x00007f56cff9222b mlir::PassManager::run(mlir::Operation*) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x619222b)
//   #20 0x00007f56d01d0c07 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63d0c07)
//   #21 0x00007f56d01cfd02 (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63cfd02)
//   #22 0x00007f56cffe03f8 mlir::splitAndProcessBuffer(std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, llvm::function_ref<llvm::LogicalResult (std::unique_ptr<llvm::MemoryBu
//   #23 0x00007f56d01c71fc mlir::MlirOptMain(llvm::raw_ostream&, std::unique_ptr<llvm::MemoryBuffer, std::default_delete<llvm::MemoryBuffer> >, mlir::DialectRegistry&, mlir::MlirOptMainConfig const&) (/us
//   #24 0x00007f56d01c7539 mlir::MlirOptMain(int, char**, llvm::StringRef, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c7539)
//   #25 0x00007f56d01c77d8 mlir::MlirOptMain(int, char**, llvm::StringRef, mlir::DialectRegistry&) (/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x63c77d8)
//   #26 0x00005636d180c32e main (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795463411.1424400+0x2832e)
//   #27 0x00007f56c0c4524a __libc_start_call_main ./csu/../sysdeps/nptl/libc_start_call_main.h:74:3
//   #28 0x00007f56c0c45305 call_init ./csu/../csu/libc-start.c:128:20
//   #29 0x00007f56c0c45305 __libc_start_main ./csu/../csu/libc-start.c:347:5
//   #30 0x00005636d180c381 _start (/tmp/symshape-fuzz-bin-v31gi7m8/symshape-opt.1795463411.1424400+0x28381)

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func private @callee0(%arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xf32>) -> (tensor<?x?xf32>, index, index) {
  %c4 = arith.constant 1 : index
  %c14 = arith.constant 8 : index
  return %arg3, %c14, %c4 : tensor<?x?xf32>, index, index
}

func.func @f1(%arg1: tensor<2x?xf32> {symshape.dim_names = ["", "m"]}, %arg2: tensor<2x?x2xf32>) -> (tensor<?x2xf32>) {
  %c3 = arith.constant 1 : index
  %v4 = tensor.dim %arg1, %c3 : tensor<2x?xf32>
  %c10 = arith.constant 2 : index
  %v11 = arith.cmpi sge, %c3, %v4 : index
  cf.cond_br %v11, ^bb1, ^bb2
^bb1:
  %v32 = tensor.cast %arg2 : tensor<2x?x2xf32> to tensor<2x?x?xf32>
  cf.br ^bb3(%v32, %v4 : tensor<2x?x?xf32>, index)
^bb2:
  %v21 = tensor.empty(%c10, %v4) : tensor<2x?x?xf32>
  %c31 = arith.constant 3 : index
  cf.br ^bb3(%v21, %c31 : tensor<2x?x?xf32>, index)
^bb3(%j33: tensor<2x?x?xf32>, %j34: index):
  %v35 = tensor.collapse_shape %j33 [[0, 1, 2]] : tensor<2x?x?xf32> into tensor<?xf32>
  %v36 = tensor.cast %arg1 : tensor<2x?xf32> to tensor<?x?xf32>
  %v37 = tensor.cast %arg1 : tensor<2x?xf32> to tensor<?x?xf32>
  %v38:3 = func.call @callee0(%v36, %v35, %v37) : (tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, index, index)
  %c41 = arith.constant 0 : index
  %v72 = tensor.extract_slice %v38#0[%c41, 1] [%c41, 2] [1, 1] : tensor<?x?xf32> to tensor<?x2xf32>
  return %v72 : tensor<?x2xf32>
}

func.func @main() {
  // case 0: @f1 [(2, 8), (2, 2, 2)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 2 : index
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
  %a5 = tensor.cast %g2 : tensor<?x?xf32> to tensor<2x?xf32>
  %g6 = tensor.generate %c3, %c3, %c3 {
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
  %a7 = tensor.cast %g6 : tensor<?x?x?xf32> to tensor<2x?x2xf32>
  %r8 = func.call @f1(%a5, %a7) : (tensor<2x?xf32>, tensor<2x?x2xf32>) -> (tensor<?x2xf32>)
  %b9 = bufferization.to_buffer %r8 : tensor<?x2xf32> to memref<?x2xf32>
  %u10 = memref.cast %b9 : memref<?x2xf32> to memref<*xf32>
  func.call @printMemrefF32(%u10) : (memref<*xf32>) -> ()
  return
}
