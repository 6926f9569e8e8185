// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s -split-input-file -verify-diagnostics --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=BUF
// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s -split-input-file -verify-diagnostics --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-func-to-llvm="use-bare-ptr-memref-call-conv=1" | FileCheck %s --check-prefix=BARE
// The argument attributes survive upstream conversions of their arguments
// (input that did not go through symshape-lower, which strips them): the
// memref that bufferization makes of a tensor is checked under the same
// rules, and a type of another dialect (here the bare pointer that the LLVM
// conversion makes of a static memref) is not checked.

// BUF-LABEL: func.func @bufferized
// BUF-SAME: memref<?x4xf32> {symshape.dim_divisors = [2, 4], symshape.dim_names = ["n", ""]}
func.func @bufferized(%x: tensor<?x4xf32> {symshape.dim_names = ["n", ""], symshape.dim_divisors = [2, 4]}) {
  return
}

// -----

// BARE-LABEL: llvm.func @bare_pointer
// BARE-SAME: !llvm.ptr {symshape.dim_names = ["n", ""]}
func.func @bare_pointer(%x: tensor<8x4xf32> {symshape.dim_names = ["n", ""]}) {
  return
}

// -----

// The rules hold in stock mlir-opt with the plugin.
// expected-error @+1 {{symshape.dim_names of argument 0 has 1 entry but the argument 'tensor<?x4xf32>' has rank 2 (one entry per dim)}}
func.func @wrong_rank(%x: tensor<?x4xf32> {symshape.dim_names = ["n"]}) {
  return
}
