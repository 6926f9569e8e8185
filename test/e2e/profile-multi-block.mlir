// A profiled public function whose body has several blocks (cf.cond_br):
// the profile's dispatch replaces the whole body; the generic version keeps
// the branches. Regression: only the entry block was replaced, the other blocks
// kept operands that pointed into the erased one, and the next analysis
// crashed (found by the differential fuzzer under profile=).
// The numbers are the same before and after, for inputs at the profile's
// opt (the specialized version) and off it (the generic one).
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu > %t.before
// RUN: symshape-opt %s --symshape-pipeline="profile=len:1:5:9" > %t.profile.mlir
// RUN: mlir-opt %t.profile.mlir %lower_to_llvm | %run_cpu > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.before
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.profile.mlir

// IR-LABEL: func.func @branchy
// IR: call @branchy.opt
// IR: call @branchy.generic
// IR-LABEL: func.func private @branchy.generic
// IR: cf.cond_br
// The specialized version computes with len = 5: 6 or 5.
// IR-LABEL: func.func private @branchy.opt
// IR-NOT: tensor.dim
// IR: arith.select %{{.*}}, %{{.*}}, %{{.*}} : index

// len 5 and 3, each with the branch taken and not.
// CHECK: 6
// CHECK-NEXT: 5
// CHECK-NEXT: 4
// CHECK-NEXT: 3

func.func @branchy(%a: tensor<?xf32> {symshape.dim_names = ["len"]}, %p: i1) -> index {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  cf.cond_br %p, ^bb1, ^bb2(%n : index)
^bb1:
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  cf.br ^bb2(%m : index)
^bb2(%r: index):
  return %r : index
}

func.func private @printI64(i64)
func.func private @printNewline()
func.func @show(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a5 = tensor.empty(%c5) : tensor<?xf32>
  %a3 = tensor.empty(%c3) : tensor<?xf32>
  %r0 = func.call @branchy(%a5, %t) : (tensor<?xf32>, i1) -> index
  func.call @show(%r0) : (index) -> ()
  %r1 = func.call @branchy(%a5, %f) : (tensor<?xf32>, i1) -> index
  func.call @show(%r1) : (index) -> ()
  %r2 = func.call @branchy(%a3, %t) : (tensor<?xf32>, i1) -> index
  func.call @show(%r2) : (index) -> ()
  %r3 = func.call @branchy(%a3, %f) : (tensor<?xf32>, i1) -> index
  func.call @show(%r3) : (index) -> ()
  return
}
