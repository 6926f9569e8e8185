// RUN: symshape-opt %s --symshape-repair-reshapes --split-input-file | FileCheck %s
// RUN: symshape-opt %s --symshape-repair-reshapes="simplify-regions=false" --split-input-file | FileCheck %s --check-prefix=KEEP

// Where a repair applies, the pass simplifies the regions as the greedy
// driver does by default: the two identical blocks merge. With
// simplify-regions=false (what symshape-pipeline asks of the repairs right
// before or after a cleanup) only the repair happens. The driver erases the
// dead op either way.
// CHECK-LABEL: func.func @repair_and_simplify
// CHECK: tensor.expand_shape %{{.*}} output_shape [1, 4, 8]
// CHECK-NOT: arith.addi
// CHECK: cf.cond_br %{{.*}}, ^bb1, ^bb1
// CHECK-NOT: ^bb3
// KEEP-LABEL: func.func @repair_and_simplify
// KEEP: tensor.expand_shape %{{.*}} output_shape [1, 4, 8]
// KEEP-NOT: arith.addi
// KEEP: cf.cond_br %{{.*}}, ^bb1, ^bb2
// KEEP: ^bb3:
func.func @repair_and_simplify(%t: tensor<32xf32>, %a: index, %b: index, %c: index, %p: i1) -> tensor<1x4x8xf32> {
  %e = tensor.expand_shape %t [[0, 1, 2]] output_shape [%a, %b, %c] : tensor<32xf32> into tensor<1x4x8xf32>
  %dead = arith.addi %a, %b : index
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return %e : tensor<1x4x8xf32>
}

// -----

// Nothing to repair: the greedy driver does not run, so the regions are
// left as they are either way.
// CHECK-LABEL: func.func @nothing_to_repair
// CHECK: arith.addi
// CHECK: cf.cond_br %{{.*}}, ^bb1, ^bb2
// KEEP-LABEL: func.func @nothing_to_repair
// KEEP: arith.addi
// KEEP: cf.cond_br %{{.*}}, ^bb1, ^bb2
func.func @nothing_to_repair(%a: index, %b: index, %p: i1) -> index {
  %dead = arith.addi %a, %b : index
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return %a : index
}
