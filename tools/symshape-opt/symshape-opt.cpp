//===- symshape-opt.cpp - The symshape optimizer driver -------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "../../test/lib/TestPasses.h"
#include "symshape/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  symshape::registerAllDialects(registry);
  symshape::registerAllPasses();
  symshape::registerTestPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv,
      "symshape optimizer driver: symbolic shapes for MLIR\n\n"
      "Reads MLIR (func, arith, math, affine, tensor, linalg, scf, cf,\n"
      "memref, bufferization and symshape), runs the given passes and prints\n"
      "MLIR.\n",
      registry));
}
