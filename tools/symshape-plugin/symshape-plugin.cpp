//===- symshape-plugin.cpp - symshape as an mlir-opt plugin ---------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// One shared object that is both a dialect plugin and a pass plugin. It links
// against the MLIR shared library that mlir-opt itself uses, so the dialects
// and passes it registers are the ones mlir-opt sees.
//
//===----------------------------------------------------------------------===//

#include "symshape/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SymShape", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            symshape::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "SymShape", LLVM_VERSION_STRING,
          []() { symshape::registerPassesAndPipelines(); }};
}
