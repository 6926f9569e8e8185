// A torch-mlir-style GPT-2 block (test/models/zoo_models.py:gpt2_block, batch
// and seq dynamic), the input of bench/stacked_bench.py. Regenerate with
//   cd test/models && PYTHONPATH=.:../../build/python_packages \
//   /usr/bin/python3 -m symshape.torch zoo_models:gpt2_block \
//   --input batch,seq:int64 --range batch=1:8 --range seq=1:64 \
//   --weights arguments -o ../../bench/inputs/gpt2_block.mlir
// (and put this header back).
module {
  func.func @forward(%arg0: tensor<?x?xi64> {symshape.dim_names = ["batch", "seq"], symshape.dim_ranges = [#symshape.range<[1, 8]>, #symshape.range<[1, 64]>], symshape.dim_divisors = [1, 1]}, %w0: tensor<97x32xf32> {symshape.weight = "wte.weight"}, %w1: tensor<64x32xf32> {symshape.weight = "wpe.weight"}, %w2: tensor<32xf32> {symshape.weight = "ln_1.weight"}, %w3: tensor<32xf32> {symshape.weight = "ln_1.bias"}, %w4: tensor<96x32xf32> {symshape.weight = "attn.c_attn.weight"}, %w5: tensor<96xf32> {symshape.weight = "attn.c_attn.bias"}, %w6: tensor<32x32xf32> {symshape.weight = "attn.c_proj.weight"}, %w7: tensor<32xf32> {symshape.weight = "attn.c_proj.bias"}, %w8: tensor<32xf32> {symshape.weight = "ln_2.weight"}, %w9: tensor<32xf32> {symshape.weight = "ln_2.bias"}, %w10: tensor<128x32xf32> {symshape.weight = "fc.weight"}, %w11: tensor<128xf32> {symshape.weight = "fc.bias"}, %w12: tensor<32x128xf32> {symshape.weight = "proj.weight"}, %w13: tensor<32xf32> {symshape.weight = "proj.bias"}, %w14: tensor<32xf32> {symshape.weight = "ln_f.weight"}, %w15: tensor<32xf32> {symshape.weight = "ln_f.bias"}, %w16: tensor<1x1x64x64xf32> {symshape.weight = "attn.bias"}) -> tensor<?x?x32xf32> {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c96 = arith.constant 96 : index
    %c64 = arith.constant 64 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %cst175 = arith.constant dense<-10000.0> : tensor<f32>
    %d1 = tensor.dim %arg0, %c1 : tensor<?x?xi64> loc("sym_size")
    %e2 = tensor.empty(%d1) : tensor<?xi64> loc("arange")
    %g7 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e2 : tensor<?xi64>) {
    ^bb0(%o3: i64):
      %x4 = linalg.index 0 : index
      %x6 = arith.index_cast %x4 : index to i64
      linalg.yield %x6 : i64
    } -> tensor<?xi64> loc("arange")
    %d8 = tensor.dim %g7, %c0 : tensor<?xi64> loc("unsqueeze")
    %r9 = tensor.expand_shape %g7 [[0, 1]] output_shape [1, %d8] : tensor<?xi64> into tensor<1x?xi64> loc("unsqueeze")
    %d10 = tensor.dim %arg0, %c0 : tensor<?x?xi64> loc("embedding")
    %e11 = tensor.empty(%d10, %d1) : tensor<?x?x32xf32> loc("embedding")
    %g17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<?x?xi64>) outs(%e11 : tensor<?x?x32xf32>) {
    ^bb0(%a12: i64, %o13: f32):
      %x14 = arith.index_cast %a12 : i64 to index
      %x15 = linalg.index 2 : index
      %x16 = tensor.extract %w0[%x14, %x15] : tensor<97x32xf32>
      linalg.yield %x16 : f32
    } -> tensor<?x?x32xf32> loc("embedding")
    %d18 = tensor.dim %r9, %c1 : tensor<1x?xi64> loc("embedding_1")
    %e19 = tensor.empty(%d18) : tensor<1x?x32xf32> loc("embedding_1")
    %g25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r9 : tensor<1x?xi64>) outs(%e19 : tensor<1x?x32xf32>) {
    ^bb0(%a20: i64, %o21: f32):
      %x22 = arith.index_cast %a20 : i64 to index
      %x23 = linalg.index 2 : index
      %x24 = tensor.extract %w1[%x22, %x23] : tensor<64x32xf32>
      linalg.yield %x24 : f32
    } -> tensor<1x?x32xf32> loc("embedding_1")
    %d26 = tensor.dim %g17, %c0 : tensor<?x?x32xf32> loc("add")
    %d27 = tensor.dim %g17, %c1 : tensor<?x?x32xf32> loc("add")
    %d29 = tensor.dim %g25, %c1 : tensor<1x?x32xf32> loc("add")
    %b28 = arith.cmpi eq, %d27, %d29 : index loc("add")
    cf.assert %b28, "add: mismatched size for broadcast" loc("add")
    %e30 = tensor.empty(%d26, %d27) : tensor<?x?x32xf32> loc("add")
    %g35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g17, %g25 : tensor<?x?x32xf32>, tensor<1x?x32xf32>) outs(%e30 : tensor<?x?x32xf32>) {
    ^bb0(%a31: f32, %a32: f32, %o33: f32):
      %x34 = arith.addf %a31, %a32 : f32
      linalg.yield %x34 : f32
    } -> tensor<?x?x32xf32> loc("add")
    %d36 = tensor.dim %g35, %c0 : tensor<?x?x32xf32> loc("native_layer_norm")
    %d37 = tensor.dim %g35, %c1 : tensor<?x?x32xf32> loc("native_layer_norm")
    %i38 = arith.muli %c1, %c32 : index loc("native_layer_norm")
    %x39 = arith.index_cast %i38 : index to i64 loc("native_layer_norm")
    %x40 = arith.sitofp %x39 : i64 to f32 loc("native_layer_norm")
    %e41 = tensor.empty(%d36, %d37) : tensor<?x?xf32> loc("native_layer_norm")
    %s42 = arith.constant 0.0 : f32 loc("native_layer_norm")
    %f43 = linalg.fill ins(%s42 : f32) outs(%e41 : tensor<?x?xf32>) -> tensor<?x?xf32> loc("native_layer_norm")
    %g47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g35 : tensor<?x?x32xf32>) outs(%f43 : tensor<?x?xf32>) {
    ^bb0(%a44: f32, %o45: f32):
      %x46 = arith.addf %a44, %o45 : f32
      linalg.yield %x46 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm")
    %e48 = tensor.empty(%d36, %d37) : tensor<?x?xf32> loc("native_layer_norm")
    %g52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g47 : tensor<?x?xf32>) outs(%e48 : tensor<?x?xf32>) {
    ^bb0(%a49: f32, %o50: f32):
      %x51 = arith.divf %a49, %x40 : f32
      linalg.yield %x51 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm")
    %e53 = tensor.empty(%d36, %d37) : tensor<?x?xf32> loc("native_layer_norm")
    %s54 = arith.constant 0.0 : f32 loc("native_layer_norm")
    %f55 = linalg.fill ins(%s54 : f32) outs(%e53 : tensor<?x?xf32>) -> tensor<?x?xf32> loc("native_layer_norm")
    %g62 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g35, %g52 : tensor<?x?x32xf32>, tensor<?x?xf32>) outs(%f55 : tensor<?x?xf32>) {
    ^bb0(%a56: f32, %a57: f32, %o58: f32):
      %x59 = arith.subf %a56, %a57 : f32
      %x60 = arith.mulf %x59, %x59 : f32
      %x61 = arith.addf %x60, %o58 : f32
      linalg.yield %x61 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm")
    %e63 = tensor.empty(%d36, %d37) : tensor<?x?x32xf32> loc("native_layer_norm")
    %g78 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g35, %g52, %g62, %w2, %w3 : tensor<?x?x32xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e63 : tensor<?x?x32xf32>) {
    ^bb0(%a64: f32, %a65: f32, %a66: f32, %a67: f32, %a68: f32, %o69: f32):
      %x70 = arith.divf %a66, %x40 : f32
      %x71 = arith.constant 1.0e-05 : f32
      %x72 = arith.addf %x70, %x71 : f32
      %x73 = math.sqrt %x72 : f32
      %x74 = arith.subf %a64, %a65 : f32
      %x75 = arith.divf %x74, %x73 : f32
      %x76 = arith.mulf %x75, %a67 : f32
      %x77 = arith.addf %x76, %a68 : f32
      linalg.yield %x77 : f32
    } -> tensor<?x?x32xf32> loc("native_layer_norm")
    %e79 = tensor.empty() : tensor<32x96xf32> loc("t")
    %t80 = linalg.transpose ins(%w4 : tensor<96x32xf32>) outs(%e79 : tensor<32x96xf32>) permutation = [1, 0] loc("t")
    %d81 = tensor.dim %g78, %c0 : tensor<?x?x32xf32> loc("sym_size_1")
    %d82 = tensor.dim %g78, %c1 : tensor<?x?x32xf32> loc("sym_size_2")
    %i83 = arith.muli %d81, %d82 : index loc("mul")
    %r84 = tensor.collapse_shape %g78 [[0, 1], [2]] : tensor<?x?x32xf32> into tensor<?x32xf32> loc("view")
    %d85 = tensor.dim %r84, %c0 : tensor<?x32xf32> loc("addmm")
    %e86 = tensor.empty(%d85) : tensor<?x96xf32> loc("addmm")
    %g89 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w5 : tensor<96xf32>) outs(%e86 : tensor<?x96xf32>) {
    ^bb0(%a87: f32, %o88: f32):
      linalg.yield %a87 : f32
    } -> tensor<?x96xf32> loc("addmm")
    %m90 = linalg.matmul ins(%r84, %t80 : tensor<?x32xf32>, tensor<32x96xf32>) outs(%g89 : tensor<?x96xf32>) -> tensor<?x96xf32> loc("addmm")
    %r91 = tensor.expand_shape %m90 [[0, 1], [2]] output_shape [%d81, %d82, 96] : tensor<?x96xf32> into tensor<?x?x96xf32> loc("view_1")
    %i92 = arith.minsi %c32, %c96 : index loc("slice_1")
    %i93 = arith.minsi %c0, %i92 : index loc("slice_1")
    %i94 = arith.subi %i92, %i93 : index loc("slice_1")
    %d95 = tensor.dim %r91, %c0 : tensor<?x?x96xf32> loc("slice_1")
    %d96 = tensor.dim %r91, %c1 : tensor<?x?x96xf32> loc("slice_1")
    %x97 = tensor.extract_slice %r91[0, 0, %i93] [%d95, %d96, 32] [1, 1, 1] : tensor<?x?x96xf32> to tensor<?x?x32xf32> loc("slice_1")
    %i98 = arith.minsi %c64, %c96 : index loc("slice_2")
    %i99 = arith.minsi %c32, %i98 : index loc("slice_2")
    %i100 = arith.subi %i98, %i99 : index loc("slice_2")
    %x101 = tensor.extract_slice %r91[0, 0, %i99] [%d95, %d96, 32] [1, 1, 1] : tensor<?x?x96xf32> to tensor<?x?x32xf32> loc("slice_2")
    %i102 = arith.minsi %c96, %c96 : index loc("slice_3")
    %i103 = arith.minsi %c64, %i102 : index loc("slice_3")
    %i104 = arith.subi %i102, %i103 : index loc("slice_3")
    %x105 = tensor.extract_slice %r91[0, 0, %i103] [%d95, %d96, 32] [1, 1, 1] : tensor<?x?x96xf32> to tensor<?x?x32xf32> loc("slice_3")
    %r106 = tensor.expand_shape %x97 [[0], [1], [2, 3]] output_shape [%d81, %d82, 4, 8] : tensor<?x?x32xf32> into tensor<?x?x4x8xf32> loc("view_2")
    %d107 = tensor.dim %r106, %c0 : tensor<?x?x4x8xf32> loc("transpose")
    %d108 = tensor.dim %r106, %c1 : tensor<?x?x4x8xf32> loc("transpose")
    %e109 = tensor.empty(%d107, %d108) : tensor<?x4x?x8xf32> loc("transpose")
    %t110 = linalg.transpose ins(%r106 : tensor<?x?x4x8xf32>) outs(%e109 : tensor<?x4x?x8xf32>) permutation = [0, 2, 1, 3] loc("transpose")
    %r111 = tensor.expand_shape %x101 [[0], [1], [2, 3]] output_shape [%d81, %d82, 4, 8] : tensor<?x?x32xf32> into tensor<?x?x4x8xf32> loc("view_3")
    %d112 = tensor.dim %r111, %c0 : tensor<?x?x4x8xf32> loc("transpose_1")
    %d113 = tensor.dim %r111, %c1 : tensor<?x?x4x8xf32> loc("transpose_1")
    %e114 = tensor.empty(%d112, %d113) : tensor<?x4x?x8xf32> loc("transpose_1")
    %t115 = linalg.transpose ins(%r111 : tensor<?x?x4x8xf32>) outs(%e114 : tensor<?x4x?x8xf32>) permutation = [0, 2, 1, 3] loc("transpose_1")
    %r116 = tensor.expand_shape %x105 [[0], [1], [2, 3]] output_shape [%d81, %d82, 4, 8] : tensor<?x?x32xf32> into tensor<?x?x4x8xf32> loc("view_4")
    %d117 = tensor.dim %r116, %c0 : tensor<?x?x4x8xf32> loc("transpose_2")
    %d118 = tensor.dim %r116, %c1 : tensor<?x?x4x8xf32> loc("transpose_2")
    %e119 = tensor.empty(%d117, %d118) : tensor<?x4x?x8xf32> loc("transpose_2")
    %t120 = linalg.transpose ins(%r116 : tensor<?x?x4x8xf32>) outs(%e119 : tensor<?x4x?x8xf32>) permutation = [0, 2, 1, 3] loc("transpose_2")
    %d121 = tensor.dim %t115, %c0 : tensor<?x4x?x8xf32> loc("transpose_3")
    %d122 = tensor.dim %t115, %c2 : tensor<?x4x?x8xf32> loc("transpose_3")
    %e123 = tensor.empty(%d121, %d122) : tensor<?x4x8x?xf32> loc("transpose_3")
    %t124 = linalg.transpose ins(%t115 : tensor<?x4x?x8xf32>) outs(%e123 : tensor<?x4x8x?xf32>) permutation = [0, 1, 3, 2] loc("transpose_3")
    %d125 = tensor.dim %t110, %c0 : tensor<?x4x?x8xf32> loc("sym_size_3")
    %d126 = tensor.dim %t110, %c2 : tensor<?x4x?x8xf32> loc("sym_size_4")
    %e127 = tensor.empty(%d125, %d126) : tensor<?x4x?x8xf32> loc("expand")
    %g130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t110 : tensor<?x4x?x8xf32>) outs(%e127 : tensor<?x4x?x8xf32>) {
    ^bb0(%a128: f32, %o129: f32):
      linalg.yield %a128 : f32
    } -> tensor<?x4x?x8xf32> loc("expand")
    %i131 = arith.muli %d125, %c4 : index loc("mul_1")
    %r132 = tensor.collapse_shape %g130 [[0, 1], [2], [3]] : tensor<?x4x?x8xf32> into tensor<?x?x8xf32> loc("view_5")
    %d133 = tensor.dim %t124, %c3 : tensor<?x4x8x?xf32> loc("sym_size_5")
    %e134 = tensor.empty(%d125, %d133) : tensor<?x4x8x?xf32> loc("expand_1")
    %g137 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t124 : tensor<?x4x8x?xf32>) outs(%e134 : tensor<?x4x8x?xf32>) {
    ^bb0(%a135: f32, %o136: f32):
      linalg.yield %a135 : f32
    } -> tensor<?x4x8x?xf32> loc("expand_1")
    %r138 = tensor.collapse_shape %g137 [[0, 1], [2], [3]] : tensor<?x4x8x?xf32> into tensor<?x8x?xf32> loc("view_6")
    %d140 = tensor.dim %r132, %c0 : tensor<?x?x8xf32> loc("bmm")
    %d141 = tensor.dim %r138, %c0 : tensor<?x8x?xf32> loc("bmm")
    %b139 = arith.cmpi eq, %d140, %d141 : index loc("bmm")
    cf.assert %b139, "bmm: mismatched inner size of a matrix product" loc("bmm")
    %d142 = tensor.dim %r132, %c1 : tensor<?x?x8xf32> loc("bmm")
    %d143 = tensor.dim %r138, %c2 : tensor<?x8x?xf32> loc("bmm")
    %e144 = tensor.empty(%d140, %d142, %d143) : tensor<?x?x?xf32> loc("bmm")
    %s145 = arith.constant 0.0 : f32 loc("bmm")
    %f146 = linalg.fill ins(%s145 : f32) outs(%e144 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32> loc("bmm")
    %m147 = linalg.batch_matmul ins(%r132, %r138 : tensor<?x?x8xf32>, tensor<?x8x?xf32>) outs(%f146 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32> loc("bmm")
    %r148 = tensor.expand_shape %m147 [[0, 1], [2], [3]] output_shape [%d125, 4, %d126, %d133] : tensor<?x?x?xf32> into tensor<?x4x?x?xf32> loc("view_7")
    %d149 = tensor.dim %r148, %c0 : tensor<?x4x?x?xf32> loc("div")
    %d150 = tensor.dim %r148, %c2 : tensor<?x4x?x?xf32> loc("div")
    %d151 = tensor.dim %r148, %c3 : tensor<?x4x?x?xf32> loc("div")
    %e152 = tensor.empty(%d149, %d150, %d151) : tensor<?x4x?x?xf32> loc("div")
    %g157 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r148 : tensor<?x4x?x?xf32>) outs(%e152 : tensor<?x4x?x?xf32>) {
    ^bb0(%a153: f32, %o154: f32):
      %k155 = arith.constant 2.8284271247461903 : f32
      %x156 = arith.divf %a153, %k155 : f32
      linalg.yield %x156 : f32
    } -> tensor<?x4x?x?xf32> loc("div")
    %i158 = arith.minsi %d82, %c64 : index loc("slice_4")
    %i159 = arith.minsi %c0, %i158 : index loc("slice_4")
    %i160 = arith.subi %i158, %i159 : index loc("slice_4")
    %x161 = tensor.extract_slice %w16[0, 0, %i159, 0] [1, 1, %i160, 64] [1, 1, 1, 1] : tensor<1x1x64x64xf32> to tensor<1x1x?x64xf32> loc("slice_4")
    %i162 = arith.minsi %d82, %c64 : index loc("slice_5")
    %i163 = arith.minsi %c0, %i162 : index loc("slice_5")
    %i164 = arith.subi %i162, %i163 : index loc("slice_5")
    %d165 = tensor.dim %x161, %c2 : tensor<1x1x?x64xf32> loc("slice_5")
    %x166 = tensor.extract_slice %x161[0, 0, 0, %i163] [1, 1, %d165, %i164] [1, 1, 1, 1] : tensor<1x1x?x64xf32> to tensor<1x1x?x?xf32> loc("slice_5")
    %d167 = tensor.dim %x166, %c2 : tensor<1x1x?x?xf32> loc("gt")
    %d168 = tensor.dim %x166, %c3 : tensor<1x1x?x?xf32> loc("gt")
    %e169 = tensor.empty(%d167, %d168) : tensor<1x1x?x?xi1> loc("gt")
    %g174 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x166 : tensor<1x1x?x?xf32>) outs(%e169 : tensor<1x1x?x?xi1>) {
    ^bb0(%a170: f32, %o171: i1):
      %k172 = arith.constant 0.0 : f32
      %x173 = arith.cmpf ogt, %a170, %k172 : f32
      linalg.yield %x173 : i1
    } -> tensor<1x1x?x?xi1> loc("gt")
    %d176 = tensor.dim %g157, %c0 : tensor<?x4x?x?xf32> loc("where")
    %d177 = tensor.dim %g174, %c2 : tensor<1x1x?x?xi1> loc("where")
    %d179 = tensor.dim %g157, %c2 : tensor<?x4x?x?xf32> loc("where")
    %b178 = arith.cmpi eq, %d177, %d179 : index loc("where")
    cf.assert %b178, "where: mismatched size for broadcast" loc("where")
    %d180 = tensor.dim %g174, %c3 : tensor<1x1x?x?xi1> loc("where")
    %d182 = tensor.dim %g157, %c3 : tensor<?x4x?x?xf32> loc("where")
    %b181 = arith.cmpi eq, %d180, %d182 : index loc("where")
    cf.assert %b181, "where: mismatched size for broadcast" loc("where")
    %e183 = tensor.empty(%d176, %d177, %d180) : tensor<?x4x?x?xf32> loc("where")
    %g189 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g174, %g157, %cst175 : tensor<1x1x?x?xi1>, tensor<?x4x?x?xf32>, tensor<f32>) outs(%e183 : tensor<?x4x?x?xf32>) {
    ^bb0(%a184: i1, %a185: f32, %a186: f32, %o187: f32):
      %x188 = arith.select %a184, %a185, %a186 : f32
      linalg.yield %x188 : f32
    } -> tensor<?x4x?x?xf32> loc("where")
    %d190 = tensor.dim %g189, %c0 : tensor<?x4x?x?xf32> loc("_softmax")
    %d191 = tensor.dim %g189, %c2 : tensor<?x4x?x?xf32> loc("_softmax")
    %d192 = tensor.dim %g189, %c3 : tensor<?x4x?x?xf32> loc("_softmax")
    %e193 = tensor.empty(%d190, %d191) : tensor<?x4x?xf32> loc("_softmax")
    %s194 = arith.constant 0xFF800000 : f32 loc("_softmax")
    %f195 = linalg.fill ins(%s194 : f32) outs(%e193 : tensor<?x4x?xf32>) -> tensor<?x4x?xf32> loc("_softmax")
    %g199 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g189 : tensor<?x4x?x?xf32>) outs(%f195 : tensor<?x4x?xf32>) {
    ^bb0(%a196: f32, %o197: f32):
      %x198 = arith.maximumf %a196, %o197 : f32
      linalg.yield %x198 : f32
    } -> tensor<?x4x?xf32> loc("_softmax")
    %e200 = tensor.empty(%d190, %d191, %d192) : tensor<?x4x?x?xf32> loc("_softmax")
    %g206 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g189, %g199 : tensor<?x4x?x?xf32>, tensor<?x4x?xf32>) outs(%e200 : tensor<?x4x?x?xf32>) {
    ^bb0(%a201: f32, %a202: f32, %o203: f32):
      %x204 = arith.subf %a201, %a202 : f32
      %x205 = math.exp %x204 : f32
      linalg.yield %x205 : f32
    } -> tensor<?x4x?x?xf32> loc("_softmax")
    %e207 = tensor.empty(%d190, %d191) : tensor<?x4x?xf32> loc("_softmax")
    %s208 = arith.constant 0.0 : f32 loc("_softmax")
    %f209 = linalg.fill ins(%s208 : f32) outs(%e207 : tensor<?x4x?xf32>) -> tensor<?x4x?xf32> loc("_softmax")
    %g213 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g206 : tensor<?x4x?x?xf32>) outs(%f209 : tensor<?x4x?xf32>) {
    ^bb0(%a210: f32, %o211: f32):
      %x212 = arith.addf %a210, %o211 : f32
      linalg.yield %x212 : f32
    } -> tensor<?x4x?xf32> loc("_softmax")
    %e214 = tensor.empty(%d190, %d191, %d192) : tensor<?x4x?x?xf32> loc("_softmax")
    %g219 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g206, %g213 : tensor<?x4x?x?xf32>, tensor<?x4x?xf32>) outs(%e214 : tensor<?x4x?x?xf32>) {
    ^bb0(%a215: f32, %a216: f32, %o217: f32):
      %x218 = arith.divf %a215, %a216 : f32
      linalg.yield %x218 : f32
    } -> tensor<?x4x?x?xf32> loc("_softmax")
    %d220 = tensor.dim %g219, %c0 : tensor<?x4x?x?xf32> loc("sym_size_6")
    %d221 = tensor.dim %g219, %c2 : tensor<?x4x?x?xf32> loc("sym_size_8")
    %d222 = tensor.dim %g219, %c3 : tensor<?x4x?x?xf32> loc("sym_size_9")
    %e223 = tensor.empty(%d220, %d221, %d222) : tensor<?x4x?x?xf32> loc("expand_2")
    %g226 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g219 : tensor<?x4x?x?xf32>) outs(%e223 : tensor<?x4x?x?xf32>) {
    ^bb0(%a224: f32, %o225: f32):
      linalg.yield %a224 : f32
    } -> tensor<?x4x?x?xf32> loc("expand_2")
    %i227 = arith.muli %d220, %c4 : index loc("mul_2")
    %r228 = tensor.collapse_shape %g226 [[0, 1], [2], [3]] : tensor<?x4x?x?xf32> into tensor<?x?x?xf32> loc("view_8")
    %d229 = tensor.dim %t120, %c2 : tensor<?x4x?x8xf32> loc("sym_size_10")
    %e230 = tensor.empty(%d220, %d229) : tensor<?x4x?x8xf32> loc("expand_3")
    %g233 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t120 : tensor<?x4x?x8xf32>) outs(%e230 : tensor<?x4x?x8xf32>) {
    ^bb0(%a231: f32, %o232: f32):
      linalg.yield %a231 : f32
    } -> tensor<?x4x?x8xf32> loc("expand_3")
    %r234 = tensor.collapse_shape %g233 [[0, 1], [2], [3]] : tensor<?x4x?x8xf32> into tensor<?x?x8xf32> loc("view_9")
    %d236 = tensor.dim %r228, %c0 : tensor<?x?x?xf32> loc("bmm_1")
    %d237 = tensor.dim %r234, %c0 : tensor<?x?x8xf32> loc("bmm_1")
    %b235 = arith.cmpi eq, %d236, %d237 : index loc("bmm_1")
    cf.assert %b235, "bmm_1: mismatched inner size of a matrix product" loc("bmm_1")
    %d239 = tensor.dim %r228, %c2 : tensor<?x?x?xf32> loc("bmm_1")
    %d240 = tensor.dim %r234, %c1 : tensor<?x?x8xf32> loc("bmm_1")
    %b238 = arith.cmpi eq, %d239, %d240 : index loc("bmm_1")
    cf.assert %b238, "bmm_1: mismatched inner size of a matrix product" loc("bmm_1")
    %d241 = tensor.dim %r228, %c1 : tensor<?x?x?xf32> loc("bmm_1")
    %e242 = tensor.empty(%d236, %d241) : tensor<?x?x8xf32> loc("bmm_1")
    %s243 = arith.constant 0.0 : f32 loc("bmm_1")
    %f244 = linalg.fill ins(%s243 : f32) outs(%e242 : tensor<?x?x8xf32>) -> tensor<?x?x8xf32> loc("bmm_1")
    %m245 = linalg.batch_matmul ins(%r228, %r234 : tensor<?x?x?xf32>, tensor<?x?x8xf32>) outs(%f244 : tensor<?x?x8xf32>) -> tensor<?x?x8xf32> loc("bmm_1")
    %r246 = tensor.expand_shape %m245 [[0, 1], [2], [3]] output_shape [%d220, 4, %d221, 8] : tensor<?x?x8xf32> into tensor<?x4x?x8xf32> loc("view_10")
    %d247 = tensor.dim %r246, %c0 : tensor<?x4x?x8xf32> loc("transpose_4")
    %d248 = tensor.dim %r246, %c2 : tensor<?x4x?x8xf32> loc("transpose_4")
    %e249 = tensor.empty(%d247, %d248) : tensor<?x?x4x8xf32> loc("transpose_4")
    %t250 = linalg.transpose ins(%r246 : tensor<?x4x?x8xf32>) outs(%e249 : tensor<?x?x4x8xf32>) permutation = [0, 2, 1, 3] loc("transpose_4")
    %r251 = tensor.collapse_shape %t250 [[0], [1], [2, 3]] : tensor<?x?x4x8xf32> into tensor<?x?x32xf32> loc("_unsafe_view")
    %e252 = tensor.empty() : tensor<32x32xf32> loc("t_1")
    %t253 = linalg.transpose ins(%w6 : tensor<32x32xf32>) outs(%e252 : tensor<32x32xf32>) permutation = [1, 0] loc("t_1")
    %d254 = tensor.dim %r251, %c0 : tensor<?x?x32xf32> loc("sym_size_11")
    %d255 = tensor.dim %r251, %c1 : tensor<?x?x32xf32> loc("sym_size_12")
    %i256 = arith.muli %d254, %d255 : index loc("mul_3")
    %r257 = tensor.collapse_shape %r251 [[0, 1], [2]] : tensor<?x?x32xf32> into tensor<?x32xf32> loc("view_11")
    %d258 = tensor.dim %r257, %c0 : tensor<?x32xf32> loc("addmm_1")
    %e259 = tensor.empty(%d258) : tensor<?x32xf32> loc("addmm_1")
    %g262 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w7 : tensor<32xf32>) outs(%e259 : tensor<?x32xf32>) {
    ^bb0(%a260: f32, %o261: f32):
      linalg.yield %a260 : f32
    } -> tensor<?x32xf32> loc("addmm_1")
    %m263 = linalg.matmul ins(%r257, %t253 : tensor<?x32xf32>, tensor<32x32xf32>) outs(%g262 : tensor<?x32xf32>) -> tensor<?x32xf32> loc("addmm_1")
    %r264 = tensor.expand_shape %m263 [[0, 1], [2]] output_shape [%d254, %d255, 32] : tensor<?x32xf32> into tensor<?x?x32xf32> loc("view_12")
    %d266 = tensor.dim %r264, %c0 : tensor<?x?x32xf32> loc("add_1")
    %b265 = arith.cmpi eq, %d36, %d266 : index loc("add_1")
    cf.assert %b265, "add_1: mismatched size for broadcast" loc("add_1")
    %d268 = tensor.dim %r264, %c1 : tensor<?x?x32xf32> loc("add_1")
    %b267 = arith.cmpi eq, %d37, %d268 : index loc("add_1")
    cf.assert %b267, "add_1: mismatched size for broadcast" loc("add_1")
    %e269 = tensor.empty(%d36, %d37) : tensor<?x?x32xf32> loc("add_1")
    %g274 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g35, %r264 : tensor<?x?x32xf32>, tensor<?x?x32xf32>) outs(%e269 : tensor<?x?x32xf32>) {
    ^bb0(%a270: f32, %a271: f32, %o272: f32):
      %x273 = arith.addf %a270, %a271 : f32
      linalg.yield %x273 : f32
    } -> tensor<?x?x32xf32> loc("add_1")
    %d275 = tensor.dim %g274, %c0 : tensor<?x?x32xf32> loc("native_layer_norm_1")
    %d276 = tensor.dim %g274, %c1 : tensor<?x?x32xf32> loc("native_layer_norm_1")
    %i277 = arith.muli %c1, %c32 : index loc("native_layer_norm_1")
    %x278 = arith.index_cast %i277 : index to i64 loc("native_layer_norm_1")
    %x279 = arith.sitofp %x278 : i64 to f32 loc("native_layer_norm_1")
    %e280 = tensor.empty(%d275, %d276) : tensor<?x?xf32> loc("native_layer_norm_1")
    %s281 = arith.constant 0.0 : f32 loc("native_layer_norm_1")
    %f282 = linalg.fill ins(%s281 : f32) outs(%e280 : tensor<?x?xf32>) -> tensor<?x?xf32> loc("native_layer_norm_1")
    %g286 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g274 : tensor<?x?x32xf32>) outs(%f282 : tensor<?x?xf32>) {
    ^bb0(%a283: f32, %o284: f32):
      %x285 = arith.addf %a283, %o284 : f32
      linalg.yield %x285 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm_1")
    %e287 = tensor.empty(%d275, %d276) : tensor<?x?xf32> loc("native_layer_norm_1")
    %g291 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g286 : tensor<?x?xf32>) outs(%e287 : tensor<?x?xf32>) {
    ^bb0(%a288: f32, %o289: f32):
      %x290 = arith.divf %a288, %x279 : f32
      linalg.yield %x290 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm_1")
    %e292 = tensor.empty(%d275, %d276) : tensor<?x?xf32> loc("native_layer_norm_1")
    %s293 = arith.constant 0.0 : f32 loc("native_layer_norm_1")
    %f294 = linalg.fill ins(%s293 : f32) outs(%e292 : tensor<?x?xf32>) -> tensor<?x?xf32> loc("native_layer_norm_1")
    %g301 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g274, %g291 : tensor<?x?x32xf32>, tensor<?x?xf32>) outs(%f294 : tensor<?x?xf32>) {
    ^bb0(%a295: f32, %a296: f32, %o297: f32):
      %x298 = arith.subf %a295, %a296 : f32
      %x299 = arith.mulf %x298, %x298 : f32
      %x300 = arith.addf %x299, %o297 : f32
      linalg.yield %x300 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm_1")
    %e302 = tensor.empty(%d275, %d276) : tensor<?x?x32xf32> loc("native_layer_norm_1")
    %g317 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g274, %g291, %g301, %w8, %w9 : tensor<?x?x32xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e302 : tensor<?x?x32xf32>) {
    ^bb0(%a303: f32, %a304: f32, %a305: f32, %a306: f32, %a307: f32, %o308: f32):
      %x309 = arith.divf %a305, %x279 : f32
      %x310 = arith.constant 1.0e-05 : f32
      %x311 = arith.addf %x309, %x310 : f32
      %x312 = math.sqrt %x311 : f32
      %x313 = arith.subf %a303, %a304 : f32
      %x314 = arith.divf %x313, %x312 : f32
      %x315 = arith.mulf %x314, %a306 : f32
      %x316 = arith.addf %x315, %a307 : f32
      linalg.yield %x316 : f32
    } -> tensor<?x?x32xf32> loc("native_layer_norm_1")
    %e318 = tensor.empty() : tensor<32x128xf32> loc("t_2")
    %t319 = linalg.transpose ins(%w10 : tensor<128x32xf32>) outs(%e318 : tensor<32x128xf32>) permutation = [1, 0] loc("t_2")
    %d320 = tensor.dim %g317, %c0 : tensor<?x?x32xf32> loc("sym_size_14")
    %d321 = tensor.dim %g317, %c1 : tensor<?x?x32xf32> loc("sym_size_15")
    %i322 = arith.muli %d320, %d321 : index loc("mul_4")
    %r323 = tensor.collapse_shape %g317 [[0, 1], [2]] : tensor<?x?x32xf32> into tensor<?x32xf32> loc("view_13")
    %d324 = tensor.dim %r323, %c0 : tensor<?x32xf32> loc("addmm_2")
    %e325 = tensor.empty(%d324) : tensor<?x128xf32> loc("addmm_2")
    %g328 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w11 : tensor<128xf32>) outs(%e325 : tensor<?x128xf32>) {
    ^bb0(%a326: f32, %o327: f32):
      linalg.yield %a326 : f32
    } -> tensor<?x128xf32> loc("addmm_2")
    %m329 = linalg.matmul ins(%r323, %t319 : tensor<?x32xf32>, tensor<32x128xf32>) outs(%g328 : tensor<?x128xf32>) -> tensor<?x128xf32> loc("addmm_2")
    %r330 = tensor.expand_shape %m329 [[0, 1], [2]] output_shape [%d320, %d321, 128] : tensor<?x128xf32> into tensor<?x?x128xf32> loc("view_14")
    %d331 = tensor.dim %r330, %c0 : tensor<?x?x128xf32> loc("gelu")
    %d332 = tensor.dim %r330, %c1 : tensor<?x?x128xf32> loc("gelu")
    %e333 = tensor.empty(%d331, %d332) : tensor<?x?x128xf32> loc("gelu")
    %g349 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r330 : tensor<?x?x128xf32>) outs(%e333 : tensor<?x?x128xf32>) {
    ^bb0(%a334: f32, %o335: f32):
      %x336 = arith.constant 0.5 : f32
      %x337 = arith.constant 1.0 : f32
      %x338 = arith.constant 0.7978845608028654 : f32
      %x339 = arith.constant 0.044715 : f32
      %x340 = arith.mulf %a334, %a334 : f32
      %x341 = arith.mulf %x340, %a334 : f32
      %x342 = arith.mulf %x341, %x339 : f32
      %x343 = arith.addf %a334, %x342 : f32
      %x344 = arith.mulf %x343, %x338 : f32
      %x345 = math.tanh %x344 : f32
      %x346 = arith.addf %x345, %x337 : f32
      %x347 = arith.mulf %a334, %x346 : f32
      %x348 = arith.mulf %x347, %x336 : f32
      linalg.yield %x348 : f32
    } -> tensor<?x?x128xf32> loc("gelu")
    %e350 = tensor.empty() : tensor<128x32xf32> loc("t_3")
    %t351 = linalg.transpose ins(%w12 : tensor<32x128xf32>) outs(%e350 : tensor<128x32xf32>) permutation = [1, 0] loc("t_3")
    %d352 = tensor.dim %g349, %c0 : tensor<?x?x128xf32> loc("sym_size_16")
    %d353 = tensor.dim %g349, %c1 : tensor<?x?x128xf32> loc("sym_size_17")
    %i354 = arith.muli %d352, %d353 : index loc("mul_5")
    %r355 = tensor.collapse_shape %g349 [[0, 1], [2]] : tensor<?x?x128xf32> into tensor<?x128xf32> loc("view_15")
    %d356 = tensor.dim %r355, %c0 : tensor<?x128xf32> loc("addmm_3")
    %e357 = tensor.empty(%d356) : tensor<?x32xf32> loc("addmm_3")
    %g360 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w13 : tensor<32xf32>) outs(%e357 : tensor<?x32xf32>) {
    ^bb0(%a358: f32, %o359: f32):
      linalg.yield %a358 : f32
    } -> tensor<?x32xf32> loc("addmm_3")
    %m361 = linalg.matmul ins(%r355, %t351 : tensor<?x128xf32>, tensor<128x32xf32>) outs(%g360 : tensor<?x32xf32>) -> tensor<?x32xf32> loc("addmm_3")
    %r362 = tensor.expand_shape %m361 [[0, 1], [2]] output_shape [%d352, %d353, 32] : tensor<?x32xf32> into tensor<?x?x32xf32> loc("view_16")
    %d364 = tensor.dim %r362, %c0 : tensor<?x?x32xf32> loc("add_2")
    %b363 = arith.cmpi eq, %d275, %d364 : index loc("add_2")
    cf.assert %b363, "add_2: mismatched size for broadcast" loc("add_2")
    %d366 = tensor.dim %r362, %c1 : tensor<?x?x32xf32> loc("add_2")
    %b365 = arith.cmpi eq, %d276, %d366 : index loc("add_2")
    cf.assert %b365, "add_2: mismatched size for broadcast" loc("add_2")
    %e367 = tensor.empty(%d275, %d276) : tensor<?x?x32xf32> loc("add_2")
    %g372 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g274, %r362 : tensor<?x?x32xf32>, tensor<?x?x32xf32>) outs(%e367 : tensor<?x?x32xf32>) {
    ^bb0(%a368: f32, %a369: f32, %o370: f32):
      %x371 = arith.addf %a368, %a369 : f32
      linalg.yield %x371 : f32
    } -> tensor<?x?x32xf32> loc("add_2")
    %d373 = tensor.dim %g372, %c0 : tensor<?x?x32xf32> loc("native_layer_norm_2")
    %d374 = tensor.dim %g372, %c1 : tensor<?x?x32xf32> loc("native_layer_norm_2")
    %i375 = arith.muli %c1, %c32 : index loc("native_layer_norm_2")
    %x376 = arith.index_cast %i375 : index to i64 loc("native_layer_norm_2")
    %x377 = arith.sitofp %x376 : i64 to f32 loc("native_layer_norm_2")
    %e378 = tensor.empty(%d373, %d374) : tensor<?x?xf32> loc("native_layer_norm_2")
    %s379 = arith.constant 0.0 : f32 loc("native_layer_norm_2")
    %f380 = linalg.fill ins(%s379 : f32) outs(%e378 : tensor<?x?xf32>) -> tensor<?x?xf32> loc("native_layer_norm_2")
    %g384 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g372 : tensor<?x?x32xf32>) outs(%f380 : tensor<?x?xf32>) {
    ^bb0(%a381: f32, %o382: f32):
      %x383 = arith.addf %a381, %o382 : f32
      linalg.yield %x383 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm_2")
    %e385 = tensor.empty(%d373, %d374) : tensor<?x?xf32> loc("native_layer_norm_2")
    %g389 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g384 : tensor<?x?xf32>) outs(%e385 : tensor<?x?xf32>) {
    ^bb0(%a386: f32, %o387: f32):
      %x388 = arith.divf %a386, %x377 : f32
      linalg.yield %x388 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm_2")
    %e390 = tensor.empty(%d373, %d374) : tensor<?x?xf32> loc("native_layer_norm_2")
    %s391 = arith.constant 0.0 : f32 loc("native_layer_norm_2")
    %f392 = linalg.fill ins(%s391 : f32) outs(%e390 : tensor<?x?xf32>) -> tensor<?x?xf32> loc("native_layer_norm_2")
    %g399 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g372, %g389 : tensor<?x?x32xf32>, tensor<?x?xf32>) outs(%f392 : tensor<?x?xf32>) {
    ^bb0(%a393: f32, %a394: f32, %o395: f32):
      %x396 = arith.subf %a393, %a394 : f32
      %x397 = arith.mulf %x396, %x396 : f32
      %x398 = arith.addf %x397, %o395 : f32
      linalg.yield %x398 : f32
    } -> tensor<?x?xf32> loc("native_layer_norm_2")
    %e400 = tensor.empty(%d373, %d374) : tensor<?x?x32xf32> loc("native_layer_norm_2")
    %g415 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g372, %g389, %g399, %w14, %w15 : tensor<?x?x32xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e400 : tensor<?x?x32xf32>) {
    ^bb0(%a401: f32, %a402: f32, %a403: f32, %a404: f32, %a405: f32, %o406: f32):
      %x407 = arith.divf %a403, %x377 : f32
      %x408 = arith.constant 1.0e-05 : f32
      %x409 = arith.addf %x407, %x408 : f32
      %x410 = math.sqrt %x409 : f32
      %x411 = arith.subf %a401, %a402 : f32
      %x412 = arith.divf %x411, %x410 : f32
      %x413 = arith.mulf %x412, %a404 : f32
      %x414 = arith.addf %x413, %a405 : f32
      linalg.yield %x414 : f32
    } -> tensor<?x?x32xf32> loc("native_layer_norm_2")
    return %g415 : tensor<?x?x32xf32>
  }
}
