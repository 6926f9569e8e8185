// A cast chain whose static dims disagree (6 -> ? -> 7: valid IR that fails
// at run time) and a slice size that contradicts its source. Regressions:
// dynamic-to-static merged the chain into the invalid cast 6 -> 7 (the pass
// manager then reported an error about a cast the user never wrote), rewrote
// the slice size 7 to the source's static 6, and fold-reshape-into-store saw
// through the chain and stored the 6 elements as if the size were right.
// Each is left as written by dynamic-to-static. Found by
// symshape-fuzz-parse-pipeline (the `through_casts` case of
// fold-reshape-into-store.mlir with its slice size mutated to 7); in the
// pipeline, -canonicalize turns the insert_slice's constant size into a cast
// to 7, and the pipeline's last repair-reshapes makes each chain between
// contradicting static dims a check that always fails, with the code after
// it trimmed (no defined execution gets there; the lowering would merge the
// chain into an invalid cast).
// RUN: symshape-opt %s -split-input-file --symshape-dynamic-to-static | FileCheck %s --check-prefix=D2S
// RUN: symshape-opt %s -split-input-file --symshape-pipeline | FileCheck %s --check-prefix=PIPE

// The minimal reproducer: the chain stays as written.
// D2S-LABEL: func.func @incompatible_cast_chain
// D2S-SAME: (%[[X:.*]]: tensor<6xf32>)
// D2S: %[[A:.*]] = tensor.cast %[[X]] : tensor<6xf32> to tensor<?xf32>
// D2S: %[[B:.*]] = tensor.cast %[[A]] : tensor<?xf32> to tensor<7xf32>
// D2S: return %[[B]]
// PIPE-LABEL: func.func @incompatible_cast_chain
// PIPE: tensor.cast %{{.*}} : tensor<6xf32> to tensor<?xf32>
// PIPE: cf.assert %false, "symshape: a tensor<6xf32> is read as tensor<7xf32>: shapes that cannot agree (the program is undefined here)"
// PIPE-NOT: to tensor<7xf32>
// PIPE: return
func.func @incompatible_cast_chain(%src: tensor<6xf32>) -> tensor<7xf32> {
  %d = tensor.cast %src : tensor<6xf32> to tensor<?xf32>
  %s = tensor.cast %d : tensor<?xf32> to tensor<7xf32>
  return %s : tensor<7xf32>
}

// -----

// The fuzzer's input: a 6-element value stored with a slice size of 7
// (undefined at run time). Neither size may be replaced by the other.
// D2S-LABEL: func.func @slice_size_contradicts_source
// D2S-NOT: [6] [1]
// D2S: tensor.insert_slice %{{.*}} into %{{.*}}[4] [%{{.*}}] [1] : tensor<?xf32> into tensor<12xf32>
// PIPE-LABEL: func.func @slice_size_contradicts_source
// PIPE-NOT: [6] [1]
// PIPE: cf.assert %false, "symshape: a tensor<6xf32> is read as tensor<7xf32>
// PIPE-NOT: insert_slice
// PIPE: return
func.func @slice_size_contradicts_source(%src: tensor<3x2xf32>, %out: tensor<12xf32>) -> tensor<12xf32> {
  %flat = tensor.collapse_shape %src [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %dyn = tensor.cast %flat : tensor<6xf32> to tensor<?xf32>
  %c7 = arith.constant 7 : index
  %r = tensor.insert_slice %dyn into %out[4] [%c7] [1] : tensor<?xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}
