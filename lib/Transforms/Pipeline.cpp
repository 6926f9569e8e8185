//===- Pipeline.cpp - symshape-pipeline -----------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace symshape;

/// Upstream canonicalization without the patterns that are unsound in MLIR
/// 22.1: `ForOpTensorCastFolder` folds a cast of an `scf.for` init into the
/// loop and casts every yielded value to the init's more static type, which
/// fails at run time when the carried tensor grows (DESIGN 6);
/// `FoldTensorCastProducerOp` folds casts into a destination-style op without
/// checking that its operands agree, which turns a program that fails at run
/// time into IR that does not verify (dynamic-to-static does this folding for
/// linalg ops and keeps only what verifies); `FoldTensorCastConsumerOp`
/// moves a cast of a linalg op's result to a more static type above the op,
/// as casts of its operands, which moves the cast's assumption above the
/// check that justified it (a user's `cf.assert` of the dim between the op
/// and the cast then folds away, and the program runs the op on a wrong
/// static shape instead of aborting). Patterns are named by their debug
/// names in the installed MLIR; test/e2e/growing-loop-carry.mlir,
/// test/bad-input/contradicting-static-operands.mlir and
/// test/e2e/cast-after-check.mlir fail if a name stops matching.
static std::unique_ptr<Pass> createSafeCanonicalizerPass() {
  static const std::string kUnsound[] = {
      "(anonymous namespace)::ForOpTensorCastFolder",
      "FoldTensorCastProducerOp",
      "(anonymous namespace)::FoldTensorCastConsumerOp"};
  return createCanonicalizerPass(GreedyRewriteConfig(), kUnsound);
}

void symshape::buildSymShapePipeline(OpPassManager &pm,
                                     const PipelineOptions &options) {
  // Inputs that MLIR itself mishandles are repaired first, and before every
  // upstream canonicalization (which may reinterpret rank-reducing slices
  // whose sizes became constant). Groups with several dynamic dims become
  // copies only at the end, once specialization may have made them static.
  SymShapeRepairReshapesPassOptions early;
  early.loweringForms = false;
  // Repairs and upstream cleanups are local to a function: they run on the
  // functions (and other isolated ops) of the module in parallel. The
  // analysis passes read the bodies of called functions and stay
  // module-wide.
  auto local = [&](std::unique_ptr<Pass> pass) {
    pm.nestAny().addPass(std::move(pass));
  };
  local(createSymShapeRepairReshapesPass(early));
  SymShapeInferPassOptions infer;
  infer.report = options.report;
  infer.reportFile = options.reportFile;
  infer.reportFormat = options.reportFormat;
  pm.addPass(createSymShapeInferPass(infer));
  SymShapeSimplifyPassOptions simplify;
  simplify.explain = options.explain;
  simplify.certify = options.certify;
  simplify.certifyAppend = options.certifyAppend;
  pm.addPass(createSymShapeSimplifyPass(simplify));
  local(createSymShapeRepairReshapesPass(early));
  local(createSafeCanonicalizerPass());
  SymShapeDynamicToStaticPassOptions toStatic;
  toStatic.bind.assign(options.bind.begin(), options.bind.end());
  toStatic.profile.assign(options.profile.begin(), options.profile.end());
  toStatic.checks = options.checks;
  toStatic.explain = options.explain;
  toStatic.certify = options.certify;
  toStatic.certifyAppend = true;
  pm.addPass(createSymShapeDynamicToStaticPass(toStatic));
  SymShapeSimplifyPassOptions again;
  again.certify = options.certify;
  again.certifyAppend = true;
  pm.addPass(createSymShapeSimplifyPass(again));
  SymShapeFoldReshapeIntoStorePassOptions fold;
  fold.explain = options.explain;
  fold.certify = options.certify;
  fold.certifyAppend = true;
  pm.addPass(createSymShapeFoldReshapeIntoStorePass(fold));
  SymShapeLowerPassOptions lower;
  lower.checks = options.checks;
  pm.addPass(createSymShapeLowerPass(lower));
  local(createSymShapeRepairReshapesPass(early));
  local(createSafeCanonicalizerPass());
  local(createCSEPass());
  // Once CSE has merged equal conditions, nested checks of one condition
  // fold (a second run of the pipeline adds nothing).
  local(createSafeCanonicalizerPass());
  // Cleanups must not reintroduce a reshape that MLIR mishandles.
  local(createSymShapeRepairReshapesPass());
}

void symshape::registerSymShapePipeline() {
  PassPipelineRegistration<PipelineOptions>(
      "symshape-pipeline",
      "Infer symbolic shapes, simplify with proven facts, make proven or "
      "bound dims static, fold reshapes into stores where legal, and lower "
      "back to ordinary MLIR with run-time checks of stated facts",
      buildSymShapePipeline);
}
