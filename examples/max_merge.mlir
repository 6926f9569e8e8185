// The max-merge model (docs/Dialect.md, "Why symbolic max"):
//
//   s0 = max(x.shape[0], y.shape[0]); s1 = max(x.shape[1], y.shape[1])
//   z = zeros(s0, s1)
//   z[:x0, :x1] = x
//   z[:y0, :y1] += y
//
// as a PyTorch-style exporter emits it: sizes read with sym_size, the merged
// size kept symbolic with sym_max, and slice sizes clamped with sym_min
// (Python slicing semantics: z[:x0] has min(x0, s0) rows). A compiler that
// picks one side of the max for the example input is wrong for other shapes.
func.func @max_merge(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %x0 = symshape.sym_size %x, 0 : tensor<?x?xf32>
  %x1 = symshape.sym_size %x, 1 : tensor<?x?xf32>
  %y0 = symshape.sym_size %y, 0 : tensor<?x?xf32>
  %y1 = symshape.sym_size %y, 1 : tensor<?x?xf32>
  %s0 = symshape.sym_max %x0, %y0 : index
  %s1 = symshape.sym_max %x1, %y1 : index
  %empty = tensor.empty(%s0, %s1) : tensor<?x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>) -> tensor<?x?xf32>
  // z[:x0, :x1] = x
  %r0 = symshape.sym_min %x0, %s0 : index
  %r1 = symshape.sym_min %x1, %s1 : index
  %z1 = tensor.insert_slice %x into %z[0, 0] [%r0, %r1] [1, 1]
      : tensor<?x?xf32> into tensor<?x?xf32>
  // z[:y0, :y1] += y
  %q0 = symshape.sym_min %y0, %s0 : index
  %q1 = symshape.sym_min %y1, %s1 : index
  %window = tensor.extract_slice %z1[0, 0] [%q0, %q1] [1, 1]
      : tensor<?x?xf32> to tensor<?x?xf32>
  %sum = linalg.add ins(%window, %y : tensor<?x?xf32>, tensor<?x?xf32>)
                    outs(%window : tensor<?x?xf32>) -> tensor<?x?xf32>
  %z2 = tensor.insert_slice %sum into %z1[0, 0] [%q0, %q1] [1, 1]
      : tensor<?x?xf32> into tensor<?x?xf32>
  return %z2 : tensor<?x?xf32>
}
