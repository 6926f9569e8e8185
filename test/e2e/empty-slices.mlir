// Tensors with no element along a dim that becomes a static 0 (from a
// binding, a divisor fact, or the program's own constants): slices of them,
// pads of them and collapses of them. MLIR 22.1 rejects these forms when it
// lowers them ("offset 0 is out-of-bounds: 0 >= 0", "collapsed dim must be
// dynamic if and only if reassociation group is dynamic"), although they
// read and write nothing; the pipeline's last symshape-repair-reshapes
// rewrites them into what they compute. Regressions (found by the
// differential fuzzer, seed 2, programs 85, 213 and 345, and seed 30,
// program 230: a slice of a select of two tensors with the same static 0
// dim; seed 31, program 53: a slice of a tensor.empty whose size is a
// constant 0; seed 28, program 291: a collapse of a concat of tensors with
// a static 0 dim): the processed programs no longer lowered. The numbers are
// the same before and after.
//
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %s --symshape-pipeline > %t.default.mlir
// RUN: mlir-opt %t.default.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.default
// RUN: diff %t.before %t.default
// RUN: symshape-opt %s --symshape-pipeline="bind=n=0" > %t.bind.mlir
// RUN: mlir-opt %t.bind.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.bind
// RUN: diff %t.before %t.bind
// RUN: symshape-opt %s --symshape-pipeline="profile=n:0:0:12" > %t.profile.mlir
// RUN: mlir-opt %t.profile.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.profile
// RUN: diff %t.before %t.profile
// RUN: FileCheck %s --input-file=%t.before
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.bind.mlir

// With n bound to 0, the destination is a static 0x3 tensor behind a cast:
// the insertion writes nothing.
// IR-LABEL: func.func @insert_into_empty
// IR-NOT: tensor.insert_slice
// IR: return

// CHECK: 0
// CHECK-NEXT: 3
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: Unranked Memref rank = 3 offset = 0 sizes = [1, 1, 1]
// CHECK-NEXT: {{\[\[\[}}-1]]]
// CHECK-NEXT: 0
// CHECK-NEXT: 4
// CHECK-NEXT: 4
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0

// 2n x 3 filled with 0.5, and x written into column 1 from row n.
func.func @insert_into_empty(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %rows = arith.muli %n, %c2 : index
  %e = tensor.empty(%rows, %c3) : tensor<?x?xf32>
  %half = arith.constant 0.5 : f32
  %f = linalg.fill ins(%half : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = tensor.insert_slice %x into %f[%n, %c1] [%n, 1] [1, 1] : tensor<?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// m is a multiple of 12, so m mod 4 is 0: a ?x0x4 tensor, collapsed and
// expanded to 1 x 0.
func.func @collapse_empty(%a: tensor<?x?xf32>, %b: tensor<?xf32> {symshape.dim_ranges = [#symshape.range<[1, 12]>], symshape.dim_divisors = [12]}) -> tensor<1x?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %m = tensor.dim %b, %c0 : tensor<?xf32>
  %r = arith.remui %m, %c4 : index
  %d = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%d, %r) : tensor<?x?x4xf32>
  %seven = arith.constant 7.0 : f32
  %f = linalg.fill ins(%seven : f32) outs(%e : tensor<?x?x4xf32>) -> tensor<?x?x4xf32>
  %flat = tensor.collapse_shape %f [[0, 1, 2]] : tensor<?x?x4xf32> into tensor<?xf32>
  %x = tensor.expand_shape %flat [[0, 1]] output_shape [1, %c0] : tensor<?xf32> into tensor<1x?xf32>
  return %x : tensor<1x?xf32>
}

// The program's own constants give a 0 x 1 x 1 tensor; its slice at the end
// of dim 2 is empty, and padded to 1 x 1 x 1 it is all padding (-1).
func.func @pad_of_empty_slice() -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %q = arith.ceildivsi %c2, %c7 : index
  %e = tensor.empty(%c0, %c1) : tensor<?x?xf32>
  %seven = arith.constant 7.0 : f32
  %f = linalg.fill ins(%seven : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %x = tensor.expand_shape %f [[0], [1, 2]] output_shape [%c0, 1, %c1] : tensor<?x?xf32> into tensor<?x1x?xf32>
  %z = arith.subi %c1, %c1 : index
  %d = tensor.dim %x, %c2 : tensor<?x1x?xf32>
  %rest = arith.subi %d, %q : index
  %s = tensor.extract_slice %x[%c0, %z, %q] [%c0, %c1, %rest] [1, 1, 2] : tensor<?x1x?xf32> to tensor<?x?x?xf32>
  %p = tensor.pad %s low[0, 0, 1] high[%q, %rest, %rest] {
  ^bb0(%i: index, %j: index, %k: index):
    %pv = arith.constant -1.0 : f32
    tensor.yield %pv : f32
  } : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return %p : tensor<?x?x?xf32>
}

// m is in [3, 9], so the first slice has 2 - min(m, 2) = 0 rows: a static
// 0 behind a cast, also the size of the elementwise op writing into it. The
// select of the two is that one buffer once bufferized, and a slice of it
// reads nothing.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @slice_of_select_of_empty(%x: tensor<2x?xf32> {symshape.dim_names = ["", "m"], symshape.dim_ranges = [unit, #symshape.range<[3, 9]>]}) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %m = tensor.dim %x, %c1 : tensor<2x?xf32>
  %o = arith.minsi %m, %c2 : index
  %rows = arith.subi %c2, %o : index
  %s = tensor.extract_slice %x[%o, 0] [%rows, %m] [1, 1] : tensor<2x?xf32> to tensor<?x?xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x?xf32>) outs(%s : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %k = arith.constant 2.0 : f32
    %y = arith.subf %in, %k : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  %p = arith.cmpi sle, %m, %c6 : index
  %t = arith.select %p, %s, %g : tensor<?x?xf32>
  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
  %r = tensor.extract_slice %t[0, 0] [%d0, %d1] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// The loop runs no iteration, so %v12#1 is 0 and the rows of %x from 0 on
// are all of it: 12 elements in one column; a slice at column 1 of that one
// column is empty, and so is the 4 x 0 slice of it. The repair of the first
// gives a tensor.empty of the constant size 0, which the lowering sees
// static.
func.func @slice_of_constant_empty(%arg1: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %v2 = tensor.extract_slice %arg1[0, 1] [2, 2] [1, 1] : tensor<3x4xf32> to tensor<2x2xf32>
  %c3 = arith.constant 0 : index
  %c4 = arith.constant 1 : index
  %v12:2 = scf.for %i5 = %c3 to %c3 step %c4 iter_args(%acc6 = %v2, %acc7 = %c3) -> (tensor<2x2xf32>, index) {
    %v10 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%acc6 : tensor<2x2xf32>) outs(%acc6 : tensor<2x2xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %k = arith.constant 2.000000e+00 : f32
      %y = arith.mulf %in0, %k : f32
      linalg.yield %y : f32
    } -> tensor<2x2xf32>
    %v11 = arith.maxsi %acc7, %i5 : index
    scf.yield %v10, %v11 : tensor<2x2xf32>, index
  }
  %c17 = arith.constant 3 : index
  %v18 = arith.minsi %v12#1, %c17 : index
  %v19 = arith.subi %c17, %v18 : index
  %v20 = tensor.extract_slice %arg1[%v18, 0] [%v19, 4] [1, 1] : tensor<3x4xf32> to tensor<?x4xf32>
  %v21 = tensor.collapse_shape %v20 [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %v22 = tensor.dim %v21, %c3 : tensor<?xf32>
  %v23 = arith.maxsi %v19, %v22 : index
  %v24 = tensor.empty(%v23) : tensor<?x1xf32>
  %cf25 = arith.constant 0.000000e+00 : f32
  %v26 = linalg.fill ins(%cf25 : f32) outs(%v24 : tensor<?x1xf32>) -> tensor<?x1xf32>
  %v27 = tensor.insert_slice %v21 into %v26[0, 0] [%v22, 1] [1, 1] : tensor<?xf32> into tensor<?x1xf32>
  %v28 = arith.minui %v23, %c4 : index
  %v29 = arith.minsi %v28, %c4 : index
  %v30 = arith.subi %c4, %v29 : index
  %c31 = arith.constant 2 : index
  %v32 = arith.ceildivsi %v30, %c31 : index
  %v33 = tensor.extract_slice %v27[0, %v29] [%v23, %v32] [1, 2] : tensor<?x1xf32> to tensor<?x?xf32>
  %v39 = arith.divsi %v23, %c17 : index
  %v40 = arith.divui %v32, %c17 : index
  %v41 = arith.subi %v32, %v40 : index
  %v42 = tensor.extract_slice %v33[0, %v41] [%v39, %v40] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %v42 : tensor<?x?xf32>
}

// n is a multiple of 3 (and of 4): bound to 0, the empty's rows 3n, the
// insertion's and the concat's are 0 (the elementwise op writes into the
// insertion), so the collapse of the concat moves no element.
func.func @collapse_of_empty_concat(%arg1: tensor<2x?xf32> {symshape.dim_names = ["", "n"], symshape.dim_divisors = [1, 3]}, %arg2: tensor<?x?xf32> {symshape.dim_names = ["n", "n"], symshape.dim_divisors = [4, 4]}) -> (index, tensor<?xf32>) {
  %c1 = arith.constant 1 : index
  %v4 = tensor.dim %arg1, %c1 : tensor<2x?xf32>
  %c3 = arith.constant 3 : index
  %v6 = arith.remsi %v4, %c3 : index
  %c0 = arith.constant 0 : index
  %v7 = arith.cmpi eq, %v6, %c0 : index
  cf.assert %v7, "declared divisor"
  %v9 = tensor.dim %arg2, %c0 : tensor<?x?xf32>
  %v10 = tensor.dim %arg2, %c1 : tensor<?x?xf32>
  %v11 = arith.cmpi eq, %v9, %v4 : index
  cf.assert %v11, "same name 'n'"
  %v12 = arith.cmpi eq, %v9, %v10 : index
  cf.assert %v12, "same name 'n'"
  %v13 = arith.muli %v9, %c3 : index
  %v14 = arith.addi %v6, %c1 : index
  %v15 = arith.subi %v14, %c1 : index
  %v16 = tensor.empty(%v13, %v10, %v14) : tensor<?x?x?xf32>
  %cf17 = arith.constant -2.000000e+00 : f32
  %v18 = linalg.fill ins(%cf17 : f32) outs(%v16 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %v19 = tensor.insert_slice %arg2 into %v18[%v9, 0, %v15] [%v9, %v10, 1] [1, 1, 1] : tensor<?x?xf32> into tensor<?x?x?xf32>
  %v21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v19 : tensor<?x?x?xf32>) outs(%v19 : tensor<?x?x?xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %k = arith.constant 5.000000e-01 : f32
    %y = arith.addf %in0, %k : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  %v22 = tensor.concat dim(1) %v21, %v19 : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %v25 = tensor.collapse_shape %v22 [[0, 1, 2]] : tensor<?x?x?xf32> into tensor<?xf32>
  return %v4, %v25 : index, tensor<?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

// Prints the sizes of an empty result (the printer reads its data anyway).
func.func @show_sizes(%r: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  %i0 = arith.index_cast %d0 : index to i64
  %i1 = arith.index_cast %d1 : index to i64
  func.call @printI64(%i0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%i1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %x = tensor.empty(%c0) : tensor<?xf32>
  %r0 = func.call @insert_into_empty(%x) : (tensor<?xf32>) -> tensor<?x?xf32>
  func.call @show_sizes(%r0) : (tensor<?x?xf32>) -> ()
  %a = tensor.empty(%c3, %c3) : tensor<?x?xf32>
  %b = tensor.empty(%c12) : tensor<?xf32>
  %r1 = func.call @collapse_empty(%a, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<1x?xf32>
  %r1d = tensor.cast %r1 : tensor<1x?xf32> to tensor<?x?xf32>
  func.call @show_sizes(%r1d) : (tensor<?x?xf32>) -> ()
  %r2 = func.call @pad_of_empty_slice() : () -> tensor<?x?x?xf32>
  %m2 = bufferization.to_buffer %r2 : tensor<?x?x?xf32> to memref<?x?x?xf32>
  %u2 = memref.cast %m2 : memref<?x?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %c4 = arith.constant 4 : index
  %x3 = tensor.empty(%c4) : tensor<2x?xf32>
  %r3 = func.call @slice_of_select_of_empty(%x3) : (tensor<2x?xf32>) -> tensor<?x?xf32>
  func.call @show_sizes(%r3) : (tensor<?x?xf32>) -> ()
  %x4 = tensor.empty() : tensor<3x4xf32>
  %r4 = func.call @slice_of_constant_empty(%x4) : (tensor<3x4xf32>) -> tensor<?x?xf32>
  func.call @show_sizes(%r4) : (tensor<?x?xf32>) -> ()
  %x5 = tensor.empty(%c0) : tensor<2x?xf32>
  %y5 = tensor.empty(%c0, %c0) : tensor<?x?xf32>
  %n5, %r5 = func.call @collapse_of_empty_concat(%x5, %y5) : (tensor<2x?xf32>, tensor<?x?xf32>) -> (index, tensor<?xf32>)
  %i5 = arith.index_cast %n5 : index to i64
  func.call @printI64(%i5) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %d5 = tensor.dim %r5, %c0 : tensor<?xf32>
  %j5 = arith.index_cast %d5 : index to i64
  func.call @printI64(%j5) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
