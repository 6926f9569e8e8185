// Reproducer found by the CI-sized differential campaign (seed 1, program 56):
// symshape-opt crashes in ShapeAnalysis::getDimExpr under profile=n:3:3:4.
// Open: see docs/Reliability.md.
// RUN: symshape-opt %s --symshape-pipeline="profile=n:3:3:4" -o %t.mlir
func.func private @printMemrefF32(memref<*xf32>)

func.func private @printI64(i64)

func.func private @printNewline()

func.func @f0(%arg1: tensor<?x?x?xf32> {symshape.dim_names = ["", "n", "m"], symshape.dim_ranges = [unit, #symshape.range<[1, 9]>, unit], symshape.dim_divisors = [1, 3, 1]}, %arg2: index) -> (index, index) {
  %c3 = arith.constant 1 : index
  %v4 = tensor.dim %arg1, %c3 : tensor<?x?x?xf32>
  %v5 = arith.cmpi sle, %c3, %v4 : index
  cf.assert %v5, "fuzz 1: declared lower bound"
  %c7 = arith.constant 9 : index
  %v6 = arith.cmpi uge, %c7, %v4 : index
  cf.assert %v6, "fuzz 2: declared upper bound"
  %c8 = arith.constant 3 : index
  %v9 = arith.remui %v4, %c8 : index
  %c11 = arith.constant 0 : index
  %v10 = arith.cmpi eq, %v9, %c11 : index
  cf.assert %v10, "fuzz 3: declared divisor"
  %v12 = arith.cmpi slt, %arg2, %c11 : index
  %c13 = arith.constant true
  %v14 = arith.xori %v12, %c13 : i1
  cf.assert %v14, "fuzz 4: x >= 0"
  %c16 = arith.constant 10 : index
  %v15 = arith.cmpi slt, %c16, %arg2 : index
  %v17 = arith.xori %v15, %c13 : i1
  cf.assert %v17, "fuzz 5: x <= 10"
  %c19 = arith.constant -3 : index
  %v18 = arith.cmpi ule, %c19, %v4 : index
  cf.cond_br %v18, ^bb1, ^bb2
^bb1:
  %c21 = arith.constant 2 : index
  %v26 = tensor.dim %arg1, %c21 : tensor<?x?x?xf32>
  %v27 = arith.cmpi sge, %v26, %c3 : index
  cf.assert %v27, "fuzz 6: room for a static slice"
  cf.br ^bb3(%arg1, %v9 : tensor<?x?x?xf32>, index)
^bb2:
  %v29 = tensor.dim %arg1, %c11 : tensor<?x?x?xf32>
  %v30 = arith.addi %v29, %c3 : index
  %v31 = arith.addi %v4, %v9 : index
  %c32 = arith.constant 2 : index
  %v33 = tensor.dim %arg1, %c32 : tensor<?x?x?xf32>
  %v34 = tensor.empty(%v30, %v31, %v33) : tensor<?x?x?xf32>
  %cf35 = arith.constant -2.000000e+00 : f32
  %v36 = linalg.fill ins(%cf35 : f32) outs(%v34 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %c39 = arith.constant 8 : index
  cf.br ^bb3(%v36, %c39 : tensor<?x?x?xf32>, index)
^bb3(%j40: tensor<?x?x?xf32>, %j41: index):
  return %v4, %j41 : index, index
}

func.func @main_0() {
  // case 0: @f0 [(8, 3, 0)] [5]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 8 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 0 : index
  %g2 = tensor.generate %c3, %c4, %c5 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a6 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c7 = arith.constant 5 : index
  %r8:2 = func.call @f0(%a6, %c7) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w9 = arith.index_cast %r8#0 : index to i64
  func.call @printI64(%w9) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w10 = arith.index_cast %r8#1 : index to i64
  func.call @printI64(%w10) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 1: @f0 [(1, 9, 2)] [6]
  %c11 = arith.constant 7770001 : i64
  func.call @printI64(%c11) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c13 = arith.constant 1 : index
  %c14 = arith.constant 9 : index
  %c15 = arith.constant 2 : index
  %g12 = tensor.generate %c13, %c14, %c15 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 4 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a16 = tensor.cast %g12 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c17 = arith.constant 6 : index
  %r18:2 = func.call @f0(%a16, %c17) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w19 = arith.index_cast %r18#0 : index to i64
  func.call @printI64(%w19) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w20 = arith.index_cast %r18#1 : index to i64
  func.call @printI64(%w20) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 2: @f0 [(6, 6, 6)] [10]
  %c21 = arith.constant 7770002 : i64
  func.call @printI64(%c21) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g22 = tensor.generate %c17, %c17, %c17 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 7 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a23 = tensor.cast %g22 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c24 = arith.constant 10 : index
  %r25:2 = func.call @f0(%a23, %c24) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w26 = arith.index_cast %r25#0 : index to i64
  func.call @printI64(%w26) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w27 = arith.index_cast %r25#1 : index to i64
  func.call @printI64(%w27) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 3: @f0 [(4, 3, 4)] [9]
  %c28 = arith.constant 7770003 : i64
  func.call @printI64(%c28) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c30 = arith.constant 4 : index
  %g29 = tensor.generate %c30, %c4, %c30 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 10 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a31 = tensor.cast %g29 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r32:2 = func.call @f0(%a31, %c14) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w33 = arith.index_cast %r32#0 : index to i64
  func.call @printI64(%w33) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w34 = arith.index_cast %r32#1 : index to i64
  func.call @printI64(%w34) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 4: @f0 [(4, 9, 1)] [3]
  %c35 = arith.constant 7770004 : i64
  func.call @printI64(%c35) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g36 = tensor.generate %c30, %c14, %c13 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 13 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a37 = tensor.cast %g36 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r38:2 = func.call @f0(%a37, %c4) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w39 = arith.index_cast %r38#0 : index to i64
  func.call @printI64(%w39) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w40 = arith.index_cast %r38#1 : index to i64
  func.call @printI64(%w40) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 7: @f0 [(7, 0, 10)] [8]
  %c41 = arith.constant 7770007 : i64
  func.call @printI64(%c41) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c43 = arith.constant 7 : index
  %g42 = tensor.generate %c43, %c5, %c24 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 22 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a44 = tensor.cast %g42 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r45:2 = func.call @f0(%a44, %c3) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w46 = arith.index_cast %r45#0 : index to i64
  func.call @printI64(%w46) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w47 = arith.index_cast %r45#1 : index to i64
  func.call @printI64(%w47) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main_1() {
  // case 0: @f0 [(8, 3, 0)] [5]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 8 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 0 : index
  %g2 = tensor.generate %c3, %c4, %c5 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a6 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c7 = arith.constant 5 : index
  %r8:2 = func.call @f0(%a6, %c7) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w9 = arith.index_cast %r8#0 : index to i64
  func.call @printI64(%w9) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w10 = arith.index_cast %r8#1 : index to i64
  func.call @printI64(%w10) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 1: @f0 [(1, 9, 2)] [6]
  %c11 = arith.constant 7770001 : i64
  func.call @printI64(%c11) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c13 = arith.constant 1 : index
  %c14 = arith.constant 9 : index
  %c15 = arith.constant 2 : index
  %g12 = tensor.generate %c13, %c14, %c15 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 4 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a16 = tensor.cast %g12 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c17 = arith.constant 6 : index
  %r18:2 = func.call @f0(%a16, %c17) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w19 = arith.index_cast %r18#0 : index to i64
  func.call @printI64(%w19) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w20 = arith.index_cast %r18#1 : index to i64
  func.call @printI64(%w20) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 2: @f0 [(6, 6, 6)] [10]
  %c21 = arith.constant 7770002 : i64
  func.call @printI64(%c21) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g22 = tensor.generate %c17, %c17, %c17 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 7 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a23 = tensor.cast %g22 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c24 = arith.constant 10 : index
  %r25:2 = func.call @f0(%a23, %c24) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w26 = arith.index_cast %r25#0 : index to i64
  func.call @printI64(%w26) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w27 = arith.index_cast %r25#1 : index to i64
  func.call @printI64(%w27) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 3: @f0 [(4, 3, 4)] [9]
  %c28 = arith.constant 7770003 : i64
  func.call @printI64(%c28) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c30 = arith.constant 4 : index
  %g29 = tensor.generate %c30, %c4, %c30 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 10 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a31 = tensor.cast %g29 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r32:2 = func.call @f0(%a31, %c14) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w33 = arith.index_cast %r32#0 : index to i64
  func.call @printI64(%w33) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w34 = arith.index_cast %r32#1 : index to i64
  func.call @printI64(%w34) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 4: @f0 [(4, 9, 1)] [3]
  %c35 = arith.constant 7770004 : i64
  func.call @printI64(%c35) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g36 = tensor.generate %c30, %c14, %c13 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 13 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a37 = tensor.cast %g36 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r38:2 = func.call @f0(%a37, %c4) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w39 = arith.index_cast %r38#0 : index to i64
  func.call @printI64(%w39) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w40 = arith.index_cast %r38#1 : index to i64
  func.call @printI64(%w40) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 6: @f0 [(4, 1, 1)] [3]
  %c41 = arith.constant 7770006 : i64
  func.call @printI64(%c41) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g42 = tensor.generate %c30, %c13, %c13 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 19 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a43 = tensor.cast %g42 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r44:2 = func.call @f0(%a43, %c4) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w45 = arith.index_cast %r44#0 : index to i64
  func.call @printI64(%w45) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w46 = arith.index_cast %r44#1 : index to i64
  func.call @printI64(%w46) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main_2() {
  // case 0: @f0 [(8, 3, 0)] [5]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 8 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 0 : index
  %g2 = tensor.generate %c3, %c4, %c5 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a6 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c7 = arith.constant 5 : index
  %r8:2 = func.call @f0(%a6, %c7) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w9 = arith.index_cast %r8#0 : index to i64
  func.call @printI64(%w9) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w10 = arith.index_cast %r8#1 : index to i64
  func.call @printI64(%w10) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 1: @f0 [(1, 9, 2)] [6]
  %c11 = arith.constant 7770001 : i64
  func.call @printI64(%c11) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c13 = arith.constant 1 : index
  %c14 = arith.constant 9 : index
  %c15 = arith.constant 2 : index
  %g12 = tensor.generate %c13, %c14, %c15 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 4 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a16 = tensor.cast %g12 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c17 = arith.constant 6 : index
  %r18:2 = func.call @f0(%a16, %c17) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w19 = arith.index_cast %r18#0 : index to i64
  func.call @printI64(%w19) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w20 = arith.index_cast %r18#1 : index to i64
  func.call @printI64(%w20) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 2: @f0 [(6, 6, 6)] [10]
  %c21 = arith.constant 7770002 : i64
  func.call @printI64(%c21) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g22 = tensor.generate %c17, %c17, %c17 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 7 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a23 = tensor.cast %g22 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c24 = arith.constant 10 : index
  %r25:2 = func.call @f0(%a23, %c24) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w26 = arith.index_cast %r25#0 : index to i64
  func.call @printI64(%w26) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w27 = arith.index_cast %r25#1 : index to i64
  func.call @printI64(%w27) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 3: @f0 [(4, 3, 4)] [9]
  %c28 = arith.constant 7770003 : i64
  func.call @printI64(%c28) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c30 = arith.constant 4 : index
  %g29 = tensor.generate %c30, %c4, %c30 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 10 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a31 = tensor.cast %g29 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r32:2 = func.call @f0(%a31, %c14) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w33 = arith.index_cast %r32#0 : index to i64
  func.call @printI64(%w33) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w34 = arith.index_cast %r32#1 : index to i64
  func.call @printI64(%w34) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 4: @f0 [(4, 9, 1)] [3]
  %c35 = arith.constant 7770004 : i64
  func.call @printI64(%c35) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %g36 = tensor.generate %c30, %c14, %c13 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 13 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a37 = tensor.cast %g36 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %r38:2 = func.call @f0(%a37, %c4) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w39 = arith.index_cast %r38#0 : index to i64
  func.call @printI64(%w39) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w40 = arith.index_cast %r38#1 : index to i64
  func.call @printI64(%w40) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main_3() {
  // case 0: @f0 [(8, 3, 0)] [5]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 8 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 0 : index
  %g2 = tensor.generate %c3, %c4, %c5 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a6 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c7 = arith.constant 5 : index
  %r8:2 = func.call @f0(%a6, %c7) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w9 = arith.index_cast %r8#0 : index to i64
  func.call @printI64(%w9) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w10 = arith.index_cast %r8#1 : index to i64
  func.call @printI64(%w10) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 3: @f0 [(4, 3, 4)] [9]
  %c11 = arith.constant 7770003 : i64
  func.call @printI64(%c11) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c13 = arith.constant 4 : index
  %g12 = tensor.generate %c13, %c4, %c13 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 10 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a14 = tensor.cast %g12 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c15 = arith.constant 9 : index
  %r16:2 = func.call @f0(%a14, %c15) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w17 = arith.index_cast %r16#0 : index to i64
  func.call @printI64(%w17) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w18 = arith.index_cast %r16#1 : index to i64
  func.call @printI64(%w18) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 5: @f0 [(1, 0, 1)] [6]
  %c19 = arith.constant 7770005 : i64
  func.call @printI64(%c19) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c21 = arith.constant 1 : index
  %g20 = tensor.generate %c21, %c5, %c21 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 16 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a22 = tensor.cast %g20 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c23 = arith.constant 6 : index
  %r24:2 = func.call @f0(%a22, %c23) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w25 = arith.index_cast %r24#0 : index to i64
  func.call @printI64(%w25) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w26 = arith.index_cast %r24#1 : index to i64
  func.call @printI64(%w26) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main_4() {
  // case 0: @f0 [(8, 3, 0)] [5]
  %c1 = arith.constant 7770000 : i64
  func.call @printI64(%c1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c3 = arith.constant 8 : index
  %c4 = arith.constant 3 : index
  %c5 = arith.constant 0 : index
  %g2 = tensor.generate %c3, %c4, %c5 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 1 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a6 = tensor.cast %g2 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c7 = arith.constant 5 : index
  %r8:2 = func.call @f0(%a6, %c7) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w9 = arith.index_cast %r8#0 : index to i64
  func.call @printI64(%w9) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w10 = arith.index_cast %r8#1 : index to i64
  func.call @printI64(%w10) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 3: @f0 [(4, 3, 4)] [9]
  %c11 = arith.constant 7770003 : i64
  func.call @printI64(%c11) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c13 = arith.constant 4 : index
  %g12 = tensor.generate %c13, %c4, %c13 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 10 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a14 = tensor.cast %g12 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c15 = arith.constant 9 : index
  %r16:2 = func.call @f0(%a14, %c15) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w17 = arith.index_cast %r16#0 : index to i64
  func.call @printI64(%w17) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w18 = arith.index_cast %r16#1 : index to i64
  func.call @printI64(%w18) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // case 2: @f0 [(6, 6, 6)] [10]
  %c19 = arith.constant 7770002 : i64
  func.call @printI64(%c19) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %c21 = arith.constant 6 : index
  %g20 = tensor.generate %c21, %c21, %c21 {
  ^bb0(%i0: index, %i1: index, %i2: index):
    %base = arith.constant 7 : index
    %k0 = arith.constant 29 : index
    %p0 = arith.muli %i0, %k0 : index
    %s0 = arith.addi %base, %p0 : index
    %k1 = arith.constant 7 : index
    %p1 = arith.muli %i1, %k1 : index
    %s1 = arith.addi %s0, %p1 : index
    %k2 = arith.constant 3 : index
    %p2 = arith.muli %i2, %k2 : index
    %s2 = arith.addi %s1, %p2 : index
    %y97 = arith.constant 97 : index
    %yr = arith.remsi %s2, %y97 : index
    %y40 = arith.constant 40 : index
    %yq = arith.subi %yr, %y40 : index
    %yw = arith.index_cast %yq : index to i64
    %yf = arith.sitofp %yw : i64 to f32
    tensor.yield %yf : f32
  } : tensor<?x?x?xf32>
  %a22 = tensor.cast %g20 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %c23 = arith.constant 10 : index
  %r24:2 = func.call @f0(%a22, %c23) : (tensor<?x?x?xf32>, index) -> (index, index)
  %w25 = arith.index_cast %r24#0 : index to i64
  func.call @printI64(%w25) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %w26 = arith.index_cast %r24#1 : index to i64
  func.call @printI64(%w26) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// case 0 f0 [(8, 3, 0)] [5]: ok violations=[] observed=[('f0', False, 'n', 3), ('f0', False, 'm', 0)]
// case 1 f0 [(1, 9, 2)] [6]: ok violations=[] observed=[('f0', False, 'n', 9), ('f0', False, 'm', 2)]
// case 2 f0 [(6, 6, 6)] [10]: ok violations=[] observed=[('f0', False, 'n', 6), ('f0', False, 'm', 6)]
// case 3 f0 [(4, 3, 4)] [9]: ok violations=[] observed=[('f0', False, 'n', 3), ('f0', False, 'm', 4)]
// case 4 f0 [(4, 9, 1)] [3]: ok violations=[] observed=[('f0', False, 'n', 9), ('f0', False, 'm', 1)]
// case 5 f0 [(1, 0, 1)] [6]: abort violations=[('f0', 'n', True)] observed=[('f0', False, 'n', 0), ('f0', False, 'm', 1)]
// case 6 f0 [(4, 1, 1)] [3]: abort violations=[('f0', 'n', True)] observed=[('f0', False, 'n', 1), ('f0', False, 'm', 1)]
// case 7 f0 [(7, 0, 10)] [8]: abort violations=[('f0', 'n', True)] observed=[('f0', False, 'n', 0), ('f0', False, 'm', 10)]
// variant  [('main_1', [(0, 'same'), (1, 'same'), (2, 'same'), (3, 'same'), (4, 'same'), (6, 'both-abort')])]
// variant checks=none [('main_2', [(0, 'same'), (1, 'same'), (2, 'same'), (3, 'same'), (4, 'same')])]
// variant bind=n=3 [('main_3', [(0, 'same'), (3, 'same'), (5, 'proc-abort')])]
// variant profile=n:3:3:4 [('main_4', [(0, 'same'), (3, 'same'), (2, 'proc-abort')])]
