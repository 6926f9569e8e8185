// Views that stock MLIR 22.1 cannot lower (an expand_shape with two dynamic
// dims in one group) go away without a copy through symshape-pipeline, and
// the numbers are those of a reference written without any view, in the
// same run: a Linear on 3-D input (view, matmul, view), a view undone
// (expand of a collapse), a view that merges fewer dims than its collapse
// did, a head split that regroups dims through a common refinement, and a
// Linear whose rows are a view of a view.
//
// RUN: symshape-opt %s --symshape-pipeline | FileCheck %s --check-prefix=IR
// RUN: symshape-opt %s --symshape-pipeline | mlir-opt %lower_to_llvm | %run_cpu | %strip_addresses | FileCheck %s
//
// IR-LABEL: func.func @linear
// IR-NOT: tensor.generate
// IR-NOT: tensor.expand_shape
// IR: return
// IR-LABEL: func.func @undo
// IR-NOT: tensor.generate
// IR: return
// IR-LABEL: func.func @merge_heads
// IR-NOT: tensor.generate
// IR: return
// IR-LABEL: func.func @linear_on_view_of_view
// IR-NOT: tensor.generate
// IR: return
// IR-LABEL: func.func @split_heads
// IR-NOT: tensor.generate
// IR: return

// Each result has the reference's dims, and the largest difference from it
// is 0.
// CHECK: sizes = [2, 3, 6]
// CHECK: ]]]
// CHECK-NEXT: {{^}}0{{$}}
// CHECK: sizes = [2, 3, 4]
// CHECK: ]]]
// CHECK-NEXT: {{^}}0{{$}}
// CHECK: sizes = [2, 3, 8]
// CHECK: ]]]
// CHECK-NEXT: {{^}}0{{$}}
// CHECK: sizes = [2, 12, 8]
// CHECK: ]]]
// CHECK-NEXT: {{^}}0{{$}}
// CHECK: sizes = [2, 3, 6]
// CHECK: ]]]
// CHECK-NEXT: {{^}}0{{$}}

func.func @linear(%x: tensor<?x?x4xf32>, %w: tensor<4x6xf32>, %bias: tensor<6xf32>) -> tensor<?x?x6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x4xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x4xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x4xf32> into tensor<?x4xf32>
  %rows = tensor.dim %flat, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%rows) : tensor<?x6xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<6xf32>) outs(%e : tensor<?x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x6xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<?x4xf32>, tensor<4x6xf32>) outs(%g : tensor<?x6xf32>) -> tensor<?x6xf32>
  %v = tensor.expand_shape %m [[0, 1], [2]] output_shape [%b, %s, 6] : tensor<?x6xf32> into tensor<?x?x6xf32>
  return %v : tensor<?x?x6xf32>
}

// The reference: one contraction on the 3-D input, no view.
func.func @linear_reference(%x: tensor<?x?x4xf32>, %w: tensor<4x6xf32>, %bias: tensor<6xf32>) -> tensor<?x?x6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x4xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x4xf32>
  %e = tensor.empty(%b, %s) : tensor<?x?x6xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bias : tensor<6xf32>) outs(%e : tensor<?x?x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x?x6xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<?x?x4xf32>, tensor<4x6xf32>) outs(%g : tensor<?x?x6xf32>) {
  ^bb0(%a: f32, %k: f32, %o: f32):
    %p = arith.mulf %a, %k : f32
    %q = arith.addf %o, %p : f32
    linalg.yield %q : f32
  } -> tensor<?x?x6xf32>
  return %m : tensor<?x?x6xf32>
}

func.func @undo(%x: tensor<?x?x4xf32>) -> tensor<?x?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x4xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x4xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x4xf32> into tensor<?x4xf32>
  %v = tensor.expand_shape %flat [[0, 1], [2]] output_shape [%b, %s, 4] : tensor<?x4xf32> into tensor<?x?x4xf32>
  return %v : tensor<?x?x4xf32>
}

// Heads merged back: [B, S, 2, 4] viewed as [B*S, 8], then as [B, S, 8].
func.func @merge_heads(%x: tensor<?x?x2x4xf32>) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x2x4xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x2x4xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<?x?x2x4xf32> into tensor<?x8xf32>
  %v = tensor.expand_shape %flat [[0, 1], [2]] output_shape [%b, %s, 8] : tensor<?x8xf32> into tensor<?x?x8xf32>
  return %v : tensor<?x?x8xf32>
}

// The reference: element (i, j, h * 4 + k) of the result is x[i, j, h, k].
func.func @merge_heads_reference(%x: tensor<?x?x2x4xf32>) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x2x4xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x2x4xf32>
  %r = tensor.generate %b, %s {
  ^bb0(%i: index, %j: index, %l: index):
    %h = arith.divui %l, %c4 : index
    %k = arith.remui %l, %c4 : index
    %v = tensor.extract %x[%i, %j, %h, %k] : tensor<?x?x2x4xf32>
    tensor.yield %v : f32
  } : tensor<?x?x8xf32>
  return %r : tensor<?x?x8xf32>
}

// A Linear whose rows are a view of a view (x collapsed whole, then rows
// of 4), as torch's MultiheadAttention writes its output projection.
func.func @linear_on_view_of_view(%x: tensor<?x?x4xf32>, %w: tensor<4x6xf32>, %bias: tensor<6xf32>) -> tensor<?x?x6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x4xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x4xf32>
  %rows = arith.muli %b, %s : index
  %flat = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x?x4xf32> into tensor<?xf32>
  %r = tensor.expand_shape %flat [[0, 1]] output_shape [%rows, 4] : tensor<?xf32> into tensor<?x4xf32>
  %e = tensor.empty(%rows) : tensor<?x6xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<6xf32>) outs(%e : tensor<?x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x6xf32>
  %m = linalg.matmul ins(%r, %w : tensor<?x4xf32>, tensor<4x6xf32>) outs(%g : tensor<?x6xf32>) -> tensor<?x6xf32>
  %v = tensor.expand_shape %m [[0, 1], [2]] output_shape [%b, %s, 6] : tensor<?x6xf32> into tensor<?x?x6xf32>
  return %v : tensor<?x?x6xf32>
}

// torch 1.13's head split: [B, S, 32] collapsed whole, then [B, S*4, 8].
func.func @split_heads(%x: tensor<?x?x32xf32>) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x32xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x32xf32>
  %s4 = arith.muli %s, %c4 : index
  %flat = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x?x32xf32> into tensor<?xf32>
  %v = tensor.expand_shape %flat [[0, 1, 2]] output_shape [%b, %s4, 8] : tensor<?xf32> into tensor<?x?x8xf32>
  return %v : tensor<?x?x8xf32>
}

// The reference: element (i, j, k) of the result is x[i, j / 4, (j mod 4) * 8 + k].
func.func @split_heads_reference(%x: tensor<?x?x32xf32>) -> tensor<?x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x32xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x32xf32>
  %s4 = arith.muli %s, %c4 : index
  %r = tensor.generate %b, %s4 {
  ^bb0(%i: index, %j: index, %k: index):
    %row = arith.divui %j, %c4 : index
    %head = arith.remui %j, %c4 : index
    %h8 = arith.muli %head, %c8 : index
    %col = arith.addi %h8, %k : index
    %v = tensor.extract %x[%i, %row, %col] : tensor<?x?x32xf32>
    tensor.yield %v : f32
  } : tensor<?x?x8xf32>
  return %r : tensor<?x?x8xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printF32(f32)
func.func private @printNewline()

// Prints `got` and the largest absolute difference from `want`.
func.func @compare(%got: tensor<?x?x?xf32>, %want: tensor<?x?x?xf32>) {
  %buffer = bufferization.to_buffer %got read_only : tensor<?x?x?xf32> to memref<?x?x?xf32>
  %u = memref.cast %buffer : memref<?x?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %got, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %got, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %got, %c2 : tensor<?x?x?xf32>
  %zero = arith.constant 0.0 : f32
  %worst = scf.for %i = %c0 to %d0 step %c1 iter_args(%w0 = %zero) -> f32 {
    %wi = scf.for %j = %c0 to %d1 step %c1 iter_args(%w1 = %w0) -> f32 {
      %wj = scf.for %k = %c0 to %d2 step %c1 iter_args(%w2 = %w1) -> f32 {
        %a = tensor.extract %got[%i, %j, %k] : tensor<?x?x?xf32>
        %b = tensor.extract %want[%i, %j, %k] : tensor<?x?x?xf32>
        %d = arith.subf %a, %b : f32
        %ad = math.absf %d : f32
        %m = arith.maximumf %w2, %ad : f32
        scf.yield %m : f32
      }
      scf.yield %wj : f32
    }
    scf.yield %wi : f32
  }
  func.call @printF32(%worst) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = tensor.generate %c2, %c3 {
  ^bb0(%i: index, %j: index, %k: index):
    %a = arith.muli %i, %c3 : index
    %b = arith.addi %a, %j : index
    %c = arith.addi %b, %k : index
    %v = arith.index_cast %c : index to i64
    %f = arith.sitofp %v : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x?x4xf32>
  %w = tensor.generate {
  ^bb0(%i: index, %j: index):
    %a = arith.muli %i, %c3 : index
    %b = arith.subi %a, %j : index
    %v = arith.index_cast %b : index to i64
    %f = arith.sitofp %v : i64 to f32
    tensor.yield %f : f32
  } : tensor<4x6xf32>
  %bias = tensor.generate {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f32
    tensor.yield %f : f32
  } : tensor<6xf32>
  %l = func.call @linear(%x, %w, %bias) : (tensor<?x?x4xf32>, tensor<4x6xf32>, tensor<6xf32>) -> tensor<?x?x6xf32>
  %lr = func.call @linear_reference(%x, %w, %bias) : (tensor<?x?x4xf32>, tensor<4x6xf32>, tensor<6xf32>) -> tensor<?x?x6xf32>
  %lc = tensor.cast %l : tensor<?x?x6xf32> to tensor<?x?x?xf32>
  %lrc = tensor.cast %lr : tensor<?x?x6xf32> to tensor<?x?x?xf32>
  func.call @compare(%lc, %lrc) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> ()
  %u = func.call @undo(%x) : (tensor<?x?x4xf32>) -> tensor<?x?x4xf32>
  %uc = tensor.cast %u : tensor<?x?x4xf32> to tensor<?x?x?xf32>
  %xc = tensor.cast %x : tensor<?x?x4xf32> to tensor<?x?x?xf32>
  func.call @compare(%uc, %xc) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> ()
  %c24 = arith.constant 24 : index
  %heads = tensor.generate %c2, %c3 {
  ^bb0(%i: index, %j: index, %h: index, %k: index):
    %a = arith.muli %i, %c24 : index
    %c8 = arith.constant 8 : index
    %b = arith.muli %j, %c8 : index
    %c4 = arith.constant 4 : index
    %c = arith.muli %h, %c4 : index
    %s1 = arith.addi %a, %b : index
    %s2 = arith.addi %s1, %c : index
    %s3 = arith.addi %s2, %k : index
    %v = arith.index_cast %s3 : index to i64
    %f = arith.sitofp %v : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x?x2x4xf32>
  %m = func.call @merge_heads(%heads) : (tensor<?x?x2x4xf32>) -> tensor<?x?x8xf32>
  %mr = func.call @merge_heads_reference(%heads) : (tensor<?x?x2x4xf32>) -> tensor<?x?x8xf32>
  %mc = tensor.cast %m : tensor<?x?x8xf32> to tensor<?x?x?xf32>
  %mrc = tensor.cast %mr : tensor<?x?x8xf32> to tensor<?x?x?xf32>
  func.call @compare(%mc, %mrc) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> ()
  %c32 = arith.constant 32 : index
  %wide = tensor.generate %c2, %c3 {
  ^bb0(%i: index, %j: index, %k: index):
    %c96 = arith.constant 96 : index
    %a = arith.muli %i, %c96 : index
    %b = arith.muli %j, %c32 : index
    %s1 = arith.addi %a, %b : index
    %s2 = arith.addi %s1, %k : index
    %v = arith.index_cast %s2 : index to i64
    %f = arith.sitofp %v : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x?x32xf32>
  %sh = func.call @split_heads(%wide) : (tensor<?x?x32xf32>) -> tensor<?x?x8xf32>
  %shr = func.call @split_heads_reference(%wide) : (tensor<?x?x32xf32>) -> tensor<?x?x8xf32>
  %shc = tensor.cast %sh : tensor<?x?x8xf32> to tensor<?x?x?xf32>
  %shrc = tensor.cast %shr : tensor<?x?x8xf32> to tensor<?x?x?xf32>
  func.call @compare(%shc, %shrc) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> ()
  %lv = func.call @linear_on_view_of_view(%x, %w, %bias) : (tensor<?x?x4xf32>, tensor<4x6xf32>, tensor<6xf32>) -> tensor<?x?x6xf32>
  %lvc = tensor.cast %lv : tensor<?x?x6xf32> to tensor<?x?x?xf32>
  func.call @compare(%lvc, %lrc) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> ()
  return
}
