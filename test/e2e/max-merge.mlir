// The max-merge model (DESIGN 1.1), the README's example:
// z = zeros(max(x0, y0), max(x1, y1)), x copied into z[:x0, :x1], y added
// into z[:y0, :y1]. A compiler that picks one side of the max for an example
// input is wrong for other shapes: the program runs for four shape pairs
// before and after symshape-pipeline, and the numbers must not change.
//
// RUN: mlir-opt %symshape_src/examples/max_merge.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.before
// RUN: symshape-opt %symshape_src/examples/max_merge.mlir --symshape-pipeline > %t.mlir
// RUN: mlir-opt %t.mlir %lower_to_llvm | %run_cpu | %strip_addresses > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --input-file=%t.after
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir

// The decided mins are gone, the undecided maxes stay, no symshape op is left.
// IR-LABEL: func.func @max_merge
// IR: arith.maxsi
// IR: arith.maxsi
// IR-NOT: arith.minsi
// IR-NOT: symshape.
// IR: return

// x: 2x3, y: 3x2.
// CHECK: sizes = [3, 3]
// CHECK-NEXT: [300,   302,   102],
// CHECK-NEXT: [320,   322,   112],
// CHECK-NEXT: [220,   221,   0]]
// x: 2x2, y: 3x3 (the shapes a specialized max gets wrong).
// CHECK: sizes = [3, 3]
// CHECK-NEXT: [300,   302,   202],
// CHECK-NEXT: [320,   322,   212],
// CHECK-NEXT: [220,   221,   222]]
// x: 3x3, y: 2x2.
// CHECK: sizes = [3, 3]
// CHECK-NEXT: [300,   302,   102],
// CHECK-NEXT: [320,   322,   112],
// CHECK-NEXT: [120,   121,   122]]
// x: 1x4, y: 3x2.
// CHECK: sizes = [3, 4]
// CHECK-NEXT: [300,   302,   102,   103],
// CHECK-NEXT: [210,   211,   0,   0],
// CHECK-NEXT: [220,   221,   0,   0]]
