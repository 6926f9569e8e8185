// The max-merge model (docs/Dialect.md, "What problem it solves"):
//
//   s0 = max(x.shape[0], y.shape[0]); s1 = max(x.shape[1], y.shape[1])
//   z = zeros(s0, s1)
//   z[:x0, :x1] = x
//   z[:y0, :y1] += y
//
// in ordinary MLIR as a frontend emits it. The merged size is a max of two
// dims; slice sizes are clamped with min (Python slicing: z[:x0] has
// min(x0, s0) rows). A compiler that picks one side of the max for an example
// input is wrong for other shapes; symshape keeps the max and proves the
// mins. @main runs the model for four shape pairs.
//
//   ./scripts/demo.sh                       runs the pipeline and executes it
//   build/bin/symshape-opt examples/max_merge.mlir --symshape-pipeline="report explain"

func.func @max_merge(%x: tensor<?x?xf32> {symshape.dim_names = ["x0", "x1"]},
                     %y: tensor<?x?xf32> {symshape.dim_names = ["y0", "y1"]})
    -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %x0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %x1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %y0 = tensor.dim %y, %c0 : tensor<?x?xf32>
  %y1 = tensor.dim %y, %c1 : tensor<?x?xf32>
  %s0 = arith.maxsi %x0, %y0 : index
  %s1 = arith.maxsi %x1, %y1 : index
  %empty = tensor.empty(%s0, %s1) : tensor<?x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>) -> tensor<?x?xf32>
  // Python slicing: z[:x0] has min(x0, s0) rows.
  %r0 = arith.minsi %x0, %s0 : index
  %r1 = arith.minsi %x1, %s1 : index
  %z1 = tensor.insert_slice %x into %z[0, 0] [%r0, %r1] [1, 1]
      : tensor<?x?xf32> into tensor<?x?xf32>
  %q0 = arith.minsi %y0, %s0 : index
  %q1 = arith.minsi %y1, %s1 : index
  %window = tensor.extract_slice %z1[0, 0] [%q0, %q1] [1, 1]
      : tensor<?x?xf32> to tensor<?x?xf32>
  %sum = linalg.add ins(%window, %y : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%window : tensor<?x?xf32>) -> tensor<?x?xf32>
  %z2 = tensor.insert_slice %sum into %z1[0, 0] [%q0, %q1] [1, 1]
      : tensor<?x?xf32> into tensor<?x?xf32>
  return %z2 : tensor<?x?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

// Distinct values: v[i, j] = base + 10 * i + j.
func.func private @make(%r: index, %c: index, %base: f32) -> tensor<?x?xf32> {
  %t = tensor.generate %r, %c {
  ^bb0(%i: index, %j: index):
    %i32 = arith.index_cast %i : index to i32
    %j32 = arith.index_cast %j : index to i32
    %fi = arith.sitofp %i32 : i32 to f32
    %fj = arith.sitofp %j32 : i32 to f32
    %c10 = arith.constant 10.0 : f32
    %a = arith.mulf %fi, %c10 : f32
    %b = arith.addf %a, %fj : f32
    %v = arith.addf %b, %base : f32
    tensor.yield %v : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

func.func private @run(%xr: index, %xc: index, %yr: index, %yc: index) {
  %b1 = arith.constant 100.0 : f32
  %b2 = arith.constant 200.0 : f32
  %x = func.call @make(%xr, %xc, %b1) : (index, index, f32) -> tensor<?x?xf32>
  %y = func.call @make(%yr, %yc, %b2) : (index, index, f32) -> tensor<?x?xf32>
  %z = func.call @max_merge(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = bufferization.to_buffer %z : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  func.call @run(%c2, %c3, %c3, %c2) : (index, index, index, index) -> ()
  func.call @run(%c2, %c2, %c3, %c3) : (index, index, index, index) -> ()
  func.call @run(%c3, %c3, %c2, %c2) : (index, index, index, index) -> ()
  func.call @run(%c1, %c4, %c3, %c2) : (index, index, index, index) -> ()
  return
}
