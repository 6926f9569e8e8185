// RUN: symshape-opt %s --symshape-cleanup --split-input-file | FileCheck %s
// Plain --canonicalize has it where the symshape dialect is loaded.
// RUN: symshape-opt %s --canonicalize --split-input-file | FileCheck %s --check-prefix=CANON

// CANON-LABEL: func.func @whole_by_sym_size
// CANON-NOT: tensor.extract_slice
// CANON: return %arg0

// The symshape dialect's own canonicalization pattern: a
// tensor.extract_slice of the whole of its source (offsets 0, strides 1,
// each size the source's dim, as a constant, a tensor.dim or a
// symshape.sym_size) to the source's type is its source. Upstream folds
// only static sizes.

// CHECK-LABEL: func.func @whole_by_dims
// CHECK-NOT: tensor.extract_slice
// CHECK: return %arg0
func.func @whole_by_dims(%x: tensor<?x4x?xf32>) -> tensor<?x4x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?x4x?xf32>
  %m = tensor.dim %x, %c2 : tensor<?x4x?xf32>
  %y = tensor.extract_slice %x[0, 0, 0] [%n, 4, %m] [1, 1, 1]
      : tensor<?x4x?xf32> to tensor<?x4x?xf32>
  return %y : tensor<?x4x?xf32>
}

// -----

// CHECK-LABEL: func.func @whole_by_sym_size
// CHECK-NOT: tensor.extract_slice
// CHECK: return %arg0
func.func @whole_by_sym_size(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = symshape.sym_size %x, 0 : tensor<?xf32>
  %y = tensor.extract_slice %x[%c0] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Must not fire: a nonzero offset, a stride, another dim's size, another
// tensor's dim, a size smaller than the dim, a rank-reducing slice.

// CHECK-LABEL: func.func @not_whole
// CHECK-COUNT-6: tensor.extract_slice
func.func @not_whole(%x: tensor<?x?xf32>, %z: tensor<?x?xf32>, %k: index)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
        tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %zn = tensor.dim %z, %c0 : tensor<?x?xf32>
  %a = tensor.extract_slice %x[%k, 0] [%n, %m] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %b = tensor.extract_slice %x[0, 0] [%n, %m] [1, %k] : tensor<?x?xf32> to tensor<?x?xf32>
  %c = tensor.extract_slice %x[0, 0] [%m, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %d = tensor.extract_slice %x[0, 0] [%zn, %m] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %e = tensor.extract_slice %x[0, 0] [%k, %m] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %f = tensor.extract_slice %x[0, 0] [%n, 1] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
  return %a, %b, %c, %d, %e, %f : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>
}
