// symshape-dynamic-to-static on dstream ops: the tie's model rebuilds a tie
// whose tied values are proven constant with those dims static.
//
// RUN: downstream-opt %s --symshape-dynamic-to-static | FileCheck %s
// RUN: downstream-opt %s --symshape-dynamic-to-static --dstream-lower-stores --dstream-lower-assumptions=checks=none | FileCheck %s --check-prefix=LOWERED
//
// Executed: the numbers are identical with and without the refinement.
// RUN: downstream-opt %s --dstream-lower-stores --dstream-lower-assumptions=checks=none > %t.plain.mlir
// RUN: mlir-opt %t.plain.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: downstream-opt %s --symshape-dynamic-to-static --dstream-lower-stores --dstream-lower-assumptions=checks=none > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.after

// A dim tied to a constant becomes static, in the tie and after it; the
// public signature keeps its type.
// CHECK-LABEL: func.func @tied_constant
// CHECK: %[[C:.*]] = tensor.cast %{{.*}} : tensor<?x3xf32> to tensor<2x3xf32>
// CHECK: %[[T:.*]] = dstream.tie_shape %[[C]] : tensor<2x3xf32>{}
// CHECK: linalg.fill {{.*}} outs(%[[T]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// LOWERED-LABEL: func.func @tied_constant
// LOWERED-NOT: dstream.
// LOWERED: linalg.fill {{.*}} -> tensor<2x3xf32>
func.func @tied_constant(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %c2 = arith.constant 2 : index
  %f = arith.constant 7.0 : f32
  %t = dstream.tie_shape %x : tensor<?x3xf32>{%c2}
  %r = linalg.fill ins(%f : f32) outs(%t : tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// A dim tied to an unknown stays dynamic: nothing is rebuilt.
// CHECK-LABEL: func.func @tied_unknown
// CHECK-NOT: tensor.cast
// CHECK: dstream.tie_shape %{{.*}} : tensor<?x3xf32>{%{{.*}}}
// CHECK-NOT: tensor.cast
// CHECK: return
func.func @tied_unknown(%x: tensor<?x3xf32>, %n: index) -> tensor<?x3xf32> {
  %f = arith.constant 7.0 : f32
  %t = dstream.tie_shape %x : tensor<?x3xf32>{%n}
  %r = linalg.fill ins(%f : f32) outs(%t : tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// OUT: sizes = [2, 3]
// OUT-NEXT: [7,   7,   7],
// OUT-NEXT: [7,   7,   7]]
// OUT: sizes = [2, 3]
// OUT-NEXT: [7,   7,   7],
// OUT-NEXT: [7,   7,   7]]
func.func @main() {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty(%c2) : tensor<?x3xf32>
  %x = linalg.fill ins(%c0 : f32) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  %a = func.call @tied_constant(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %ua = tensor.cast %a : tensor<?x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = func.call @tied_unknown(%x, %c2) : (tensor<?x3xf32>, index) -> tensor<?x3xf32>
  %ub = tensor.cast %b : tensor<?x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
