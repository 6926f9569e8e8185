// Facts from a cf.cond_br's condition decide the max in each successor (the
// guarded slice sizes become the branch's operand) and never at the join:
// the numbers, slices included, are those of the unprocessed program, for
// inputs taking either branch.
//
// RUN: mlir-opt %s %lower_to_llvm | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | FileCheck %s
// RUN: symshape-opt %s --symshape-simplify | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @pick(
// IR: ^bb1:
// IR-NOT: arith.maxsi
// IR: ^bb2:
// IR-NOT: arith.maxsi
// IR: ^bb3(
// IR: arith.maxsi

// CHECK: 10
// CHECK-NEXT: 1.5
// CHECK-NEXT: 12
// CHECK-NEXT: 7.5

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()

// Returns max(a, b) + (the max computed in the branch taken), and the sum of
// a slice of `x` padded to that max.
func.func @pick(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (index, f32) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %a = tensor.dim %x, %c0 : tensor<?xf32>
  %b = tensor.dim %y, %c0 : tensor<?xf32>
  %le = arith.cmpi sle, %a, %b : index
  cf.cond_br %le, ^small, ^large
^small:
  %m = arith.maxsi %a, %b : index
  cf.br ^join(%m : index)
^large:
  %n = arith.maxsi %a, %b : index
  cf.br ^join(%n : index)
^join(%r: index):
  %k = arith.maxsi %a, %b : index
  %s = arith.addi %r, %k : index
  %pad = arith.subi %r, %a : index
  %p = tensor.pad %x low[0] high[%pad] {
  ^bb0(%i: index):
    tensor.yield %f0 : f32
  } : tensor<?xf32> to tensor<?xf32>
  %init = tensor.empty() : tensor<f32>
  %zero = linalg.fill ins(%f0 : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%p : tensor<?xf32>) outs(%zero : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  %v = tensor.extract %sum[] : tensor<f32>
  return %s, %v : index, f32
}

func.func @run(%na: index, %nb: index) {
  %x = tensor.generate %na {
  ^bb0(%i: index):
    %w = arith.index_cast %i : index to i64
    %f = arith.sitofp %w : i64 to f32
    %h = arith.constant 0.5 : f32
    %g = arith.mulf %f, %h : f32
    tensor.yield %g : f32
  } : tensor<?xf32>
  %y = tensor.generate %nb {
  ^bb0(%i: index):
    %one = arith.constant 1.0 : f32
    tensor.yield %one : f32
  } : tensor<?xf32>
  %s, %v = func.call @pick(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> (index, f32)
  %w = arith.index_cast %s : index to i64
  func.call @printI64(%w) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c3a = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c3 = arith.constant 3 : index
  func.call @run(%c3a, %c5) : (index, index) -> ()
  func.call @run(%c6, %c3) : (index, index) -> ()
  return
}
