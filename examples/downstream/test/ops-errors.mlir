// RUN: downstream-opt %s -split-input-file -verify-diagnostics

func.func @store_shape_mismatch(%v: tensor<4xf32>, %out: memref<8x8xf32>) {
  // expected-error @+1 {{the value type 'tensor<4xf32>' is not the sizes with some static unit sizes dropped}}
  dstream.dispatch.store %v, %out, offsets = [0, 0], sizes = [2, 4], strides = [1, 1]
      : tensor<4xf32> -> memref<8x8xf32>
  return
}

// -----

// A dynamic size is matched with a dynamic dim only.
func.func @store_static_dim_dynamic_size(%v: tensor<4xf32>, %out: memref<8xf32>, %n: index) {
  // expected-error @+1 {{is not the sizes with some static unit sizes dropped}}
  dstream.dispatch.store %v, %out, offsets = [0], sizes = [%n], strides = [1]
      : tensor<4xf32> -> memref<8xf32>
  return
}

// -----

func.func @store_element_type(%v: tensor<4xi32>, %out: memref<8xf32>) {
  // expected-error @+1 {{stores 'tensor<4xi32>' into a target of another element type}}
  dstream.dispatch.store %v, %out, offsets = [0], sizes = [4], strides = [1]
      : tensor<4xi32> -> memref<8xf32>
  return
}

// -----

func.func @store_rank(%v: tensor<4xf32>, %out: memref<8x8xf32>) {
  // expected-error @+1 {{expected 2 offset values}}
  dstream.dispatch.store %v, %out, offsets = [0], sizes = [1], strides = [1]
      : tensor<4xf32> -> memref<8x8xf32>
  return
}

// -----

func.func @tie_count(%x: tensor<?x?xf32>, %n: index) {
  // expected-error @+1 {{expected 2 dim values (one per dynamic dim), got 1}}
  %t = dstream.tie_shape %x : tensor<?x?xf32>{%n}
  return
}

// -----

func.func @assume_reversed(%n: index) {
  // expected-error @+1 {{min 8 is greater than max 4}}
  %a = dstream.assume %n min 8 max 4 : index
  return
}

// -----

func.func @assume_no_multiple(%n: index) {
  // expected-error @+1 {{no multiple of 8 lies in [1, 7]}}
  %a = dstream.assume %n min 1 max 7 divisor 8 : index
  return
}

// -----

func.func @assume_divisor(%n: index) {
  // expected-error @+1 {{divisor must be positive, got 0}}
  %a = dstream.assume %n divisor 0 : index
  return
}

// -----

func.func @assume_bound_width(%n: i8) {
  // expected-error @+1 {{bound 300 is not representable in 'i8'}}
  %a = dstream.assume %n max 300 : i8
  return
}

// -----

func.func @store_out_of_bounds(%v: tensor<2xf32>, %out: memref<4xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  dstream.dispatch.store %v, %out, offsets = [3], sizes = [2], strides = [1]
      : tensor<2xf32> -> memref<4xf32>
  return
}
