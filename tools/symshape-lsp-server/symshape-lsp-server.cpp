//===- symshape-lsp-server.cpp - Language server for symshape MLIR --------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// MLIR's language server with every dialect symshape-opt knows: editors get
// diagnostics, hover, go-to-definition and completion for files that use the
// symshape dialect and its attributes (`#symshape.range<...>`).
//
//===----------------------------------------------------------------------===//

#include "symshape/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  symshape::registerAllDialects(registry);
  return llvm::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
