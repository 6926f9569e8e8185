// A loop that updates a carried tensor through a full-size slice lowers
// whether the tensor is dynamic or static. Once symshape makes it static
// (bind=r=1,c=4, or the profile's .opt version), upstream canonicalization
// folds the full-size insert_slice of the fresh linalg result into the
// carried tensor to that result, and one-shot bufferization rejected the
// loop ("Yield operand #0 is not equivalent to the corresponding iter
// bbArg") although the input lowers. symshape-repair-loop-yields writes the
// result into the carried tensor instead. The same holds of scf.while
// (@acc_while: the yield of its 'after' region). The same update in an
// scf.forall (@acc_forall) needs no repair and computes the same numbers. The numbers are the same
// before and after under every option set, max-clones=0 included.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: FileCheck %s --input-file=%t.before
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.default
// RUN: diff %t.before %t.default
// RUN: symshape-opt %s --symshape-pipeline="checks=none" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.none
// RUN: diff %t.before %t.none
// RUN: symshape-opt %s --symshape-pipeline="bind=r=1,c=4" > %t.bind.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.bind.mlir
// The bound program computes the 1x4 call as the input does, then aborts at
// the 2x2 one with the binding's message.
// RUN: mlir-opt %t.bind.mlir %lower_to_llvm | not --crash %run_cpu 2>&1 | %strip_addresses | FileCheck %s --check-prefix=BIND
// RUN: symshape-opt %s --symshape-pipeline="profile=r:1:1:4,c:1:4:8" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.profile
// RUN: diff %t.before %t.profile
// RUN: symshape-opt %s --symshape-pipeline="max-clones=0" | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses > %t.noclones
// RUN: diff %t.before %t.noclones

// IR-LABEL: func.func @acc
// IR: scf.for
// IR: bufferization.materialize_in_destination %{{.*}} in %{{.*}} : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
// IR-LABEL: func.func @acc_while
// IR: scf.while
// IR: bufferization.materialize_in_destination %{{.*}} in %{{.*}} : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
// IR-NEXT: scf.yield

// BIND: sizes = [1, 4] strides = [4, 1] data =
// BIND-NEXT: {{\[\[}}4,   5,   6,   7]]
// BIND-NEXT: symshape: 'r' (dim 0 of arg 0 of @acc) must be 1 (bind=r=1)

// CHECK: sizes = [1, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[\[}}4,   5,   6,   7]]
// CHECK: sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}3,   4],
// CHECK-NEXT: {{\[}}5,   6]]
// CHECK: sizes = [1, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[\[}}3,   4,   5,   6]]
// CHECK: sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}4,   5],
// CHECK-NEXT: {{\[}}6,   7]]
// CHECK: sizes = [1, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[\[}}2,   3,   4,   5]]
// CHECK: sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}2,   3],
// CHECK-NEXT: {{\[}}4,   5]]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @acc(%init: tensor<?x?xf32> {symshape.dim_names = ["r", "c"]},
               %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %init, %c0 : tensor<?x?xf32>
  %c = tensor.dim %init, %c1 : tensor<?x?xf32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (tensor<?x?xf32>) {
    %s = tensor.extract_slice %a[0, 0] [%r, %c] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %e = tensor.empty(%r, %c) : tensor<?x?xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
    ^bb0(%x: f32, %o: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<?x?xf32>
    %ins = tensor.insert_slice %g into %a[0, 0] [%r, %c] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    scf.yield %ins : tensor<?x?xf32>
  }
  return %res : tensor<?x?xf32>
}

func.func @acc_while(%init: tensor<?x?xf32> {symshape.dim_names = ["r", "c"]},
                     %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %init, %c0 : tensor<?x?xf32>
  %c = tensor.dim %init, %c1 : tensor<?x?xf32>
  %res:2 = scf.while (%i = %c0, %a = %init) : (index, tensor<?x?xf32>) -> (index, tensor<?x?xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %a : index, tensor<?x?xf32>
  } do {
  ^bb0(%j: index, %b: tensor<?x?xf32>):
    %s = tensor.extract_slice %b[0, 0] [%r, %c] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %e = tensor.empty(%r, %c) : tensor<?x?xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
    ^bb0(%x: f32, %o: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<?x?xf32>
    %ins = tensor.insert_slice %g into %b[0, 0] [%r, %c] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %ins : index, tensor<?x?xf32>
  }
  return %res#1 : tensor<?x?xf32>
}

func.func @acc_forall(%init: tensor<?x?xf32> {symshape.dim_names = ["r", "c"]}) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %init, %c0 : tensor<?x?xf32>
  %c = tensor.dim %init, %c1 : tensor<?x?xf32>
  %res = scf.forall (%i) in (1) shared_outs(%a = %init) -> (tensor<?x?xf32>) {
    %s = tensor.extract_slice %a[0, 0] [%r, %c] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %e = tensor.empty(%r, %c) : tensor<?x?xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
    ^bb0(%x: f32, %o: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<?x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %a[0, 0] [%r, %c] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    }
  }
  return %res : tensor<?x?xf32>
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
  %zd = tensor.cast %z : tensor<1x4xf32> to tensor<?x?xf32>
  %r = func.call @acc(%zd, %c3) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %wd = tensor.cast %w : tensor<2x2xf32> to tensor<?x?xf32>
  %q = func.call @acc(%wd, %c2) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %v = tensor.cast %q : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  %rw = func.call @acc_while(%zd, %c2) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %uw = tensor.cast %rw : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uw) : (tensor<*xf32>) -> ()
  %qw = func.call @acc_while(%wd, %c3) : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %vw = tensor.cast %qw : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%vw) : (tensor<*xf32>) -> ()
  %rf = func.call @acc_forall(%zd) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %uf = tensor.cast %rf : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uf) : (tensor<*xf32>) -> ()
  %qf = func.call @acc_forall(%wd) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %vf = tensor.cast %qf : tensor<?x?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%vf) : (tensor<*xf32>) -> ()
  return
}
