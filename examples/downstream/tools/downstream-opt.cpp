//===- downstream-opt.cpp - The downstream compiler's opt driver ----------===//
//
// Part of the symshape project (examples/downstream).
//
//===----------------------------------------------------------------------===//

#include "dstream/DStream.h"

#include "symshape/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  symshape::registerAllDialects(registry);
  registry.insert<dstream::DStreamDialect>();
  dstream::registerShapeModels(registry);
  symshape::registerAllPasses();
  dstream::registerPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "downstream-opt: the dstream dialect with symshape\n",
      registry));
}
