// bind=n=0 makes a pad of an n x 1 source static (1 x 3, low [1, 2]) while
// the source type stays dynamic: the last repair-reshapes sees that the low
// padding covers the whole result dim, so the source is empty, and makes the
// pad a tensor.generate (the standard lowering rejected the pad: "offset 1
// is out-of-bounds: 1 >= 1"; seed 4 program 1494 of the differential
// campaign, minimized). Same numbers before and after.
//
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline="bind=n=0 checks=none" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: symshape-opt %s --symshape-pipeline="bind=n=0" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.checked
// RUN: diff %t.before %t.after
// RUN: diff %t.before %t.checked
// RUN: FileCheck %s --input-file=%t.after
// CHECK: sizes = [1, 3]

func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<?x1xf32> {symshape.dim_names = ["n", ""]}, %arg2: tensor<?xf32>) -> (tensor<?x?xf32>) {
  %c3 = arith.constant 0 : index
  %v4 = tensor.dim %arg1, %c3 : tensor<?x1xf32>
  %c13 = arith.constant 2 : index
  %v16 = arith.minsi %v4, %c13 : index
  %v17 = arith.minsi %c13, %c13 : index
  %v18 = tensor.pad %arg1 low[1, %v17] high[%v16, %c3] {
  ^bb0(%i0: index, %i1: index):
    %pv = arith.constant -1.000000e+00 : f32
    tensor.yield %pv : f32
  } : tensor<?x1xf32> to tensor<?x?xf32>
  %v19 = tensor.dim %v18, %c3 : tensor<?x?xf32>
  %c20 = arith.constant 3 : index
  %v32:2 = scf.for unsigned %i21 = %c3 to %v19 step %c20 iter_args(%acc22 = %v18, %acc23 = %v17) -> (tensor<?x?xf32>, index) {
    %c24 = arith.constant 1 : index
    %v26 = tensor.extract_slice %acc22[%i21, 0] [1, %c24] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
    %v27 = tensor.dim %v26, %c3 : tensor<?xf32>
    %v28 = tensor.empty(%v27) : tensor<?xf32>
    %v29 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v26 : tensor<?xf32>) outs(%v28 : tensor<?xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %k = arith.constant 5.000000e-01 : f32
      %y = arith.maximumf %in0, %k : f32
      linalg.yield %y : f32
    } -> tensor<?xf32>
    %v30 = tensor.insert_slice %v29 into %acc22[%i21, 0] [1, %c24] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
    scf.yield %v30, %acc23 : tensor<?x?xf32>, index
  }
  return %v32#0 : tensor<?x?xf32>
}

func.func @main() {
  // case 0: @f0 [(0, 1), (3,)] []
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 0 : index
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
  %c7 = arith.constant 3 : index
  %g6 = tensor.generate %c7 {
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
  %a8 = tensor.cast %g6 : tensor<?xf32> to tensor<?xf32>
  %r9 = func.call @f0(%a5, %a8) : (tensor<?x1xf32>, tensor<?xf32>) -> (tensor<?x?xf32>)
  %b10 = bufferization.to_buffer %r9 : tensor<?x?xf32> to memref<?x?xf32>
  %u11 = memref.cast %b10 : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u11) : (memref<*xf32>) -> ()
  return
}
