//===- Pipeline.cpp - symshape-pipeline -----------------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Report.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace symshape;

void symshape::buildSymShapePipeline(OpPassManager &pm,
                                     const PipelineOptions &options) {
  // Inputs that MLIR itself mishandles are repaired first, and before every
  // upstream canonicalization (which may reinterpret rank-reducing slices
  // whose sizes became constant). Groups with several dynamic dims become
  // copies only at the end, once specialization may have made them static.
  SymShapeRepairReshapesPassOptions early;
  early.loweringForms = false;
  // Repairs and upstream cleanups are local to a function: they run on the
  // functions (and other isolated ops) of the module in parallel, each run
  // of consecutive local passes in one nested pipeline, so that a function
  // goes through all of them in one task and the module is verified once
  // after them (verifying a module walks all of its ops, serially, for its
  // symbol uses). The analysis passes read the bodies of called functions
  // and stay module-wide.
  // The text report starts with a summary of what the pipeline did (its
  // input and output compared), then the facts symshape-infer found.
  std::shared_ptr<PipelineReport> report;
  if (options.report || options.reportFull || options.reportFile != "-" ||
      options.reportFormat == ReportFormat::Json) {
    report = std::make_shared<PipelineReport>();
    report->reportFile = options.reportFile;
    report->json = options.reportFormat == ReportFormat::Json;
    // A binding or a profile is a source of its symbol's facts that the IR
    // symshape-infer reads does not show yet.
    for (const std::string &bind : options.bind)
      report->assumed[StringRef(bind).split('=').first.trim()] = "bind=" + bind;
    for (const std::string &profile : options.profile)
      report->assumed[StringRef(profile).split(':').first.trim()] =
          "profile=" + profile;
    pm.addPass(createPipelineReportStartPass(report));
  }
  pm.nestAny().addPass(createSymShapeRepairReshapesPass(early));
  SymShapeInferPassOptions infer;
  infer.report = options.report;
  infer.reportFull = options.reportFull;
  infer.reportFile = options.reportFile;
  infer.reportFormat = options.reportFormat;
  pm.addPass(report ? createSymShapeInferPass(infer, report)
                    : createSymShapeInferPass(infer));
  SymShapeSimplifyPassOptions simplify;
  simplify.explain = options.explain;
  simplify.certify = options.certify;
  simplify.certifyAppend = options.certifyAppend;
  pm.addPass(createSymShapeSimplifyPass(simplify));
  SymShapeCleanupPassOptions canonicalizeOnly;
  canonicalizeOnly.cse = false;
  // symshape-simplify has just decided what the fact-using patterns would,
  // with every fact of the function (the patterns see those of the def
  // chains only); each would build a local analysis per op.
  canonicalizeOnly.facts = false;
  canonicalizeOnly.certify = options.certify;
  canonicalizeOnly.certifyAppend = true;
  // Only the first repair simplifies regions (block merging lets the
  // analysis see a max that branches compute): the later ones run right
  // before a cleanup, which simplifies them, or after it.
  SymShapeRepairReshapesPassOptions beforeCleanup = early;
  beforeCleanup.simplifyRegions = false;
  OpPassManager &afterSimplify = pm.nestAny();
  afterSimplify.addPass(createSymShapeRepairReshapesPass(beforeCleanup));
  afterSimplify.addPass(createSymShapeCleanupPass(canonicalizeOnly));
  SymShapeDynamicToStaticPassOptions toStatic;
  toStatic.bind.assign(options.bind.begin(), options.bind.end());
  toStatic.profile.assign(options.profile.begin(), options.profile.end());
  toStatic.checks = options.checks;
  toStatic.explain = options.explain || options.explainAll;
  toStatic.explainAll = options.explainAll;
  toStatic.maxClones = options.maxClones;
  toStatic.certify = options.certify;
  toStatic.certifyAppend = true;
  pm.addPass(createSymShapeDynamicToStaticPass(toStatic));
  SymShapeSimplifyPassOptions again;
  again.certify = options.certify;
  again.certifyAppend = true;
  // The last simplify says why each check and max/min it leaves stays.
  pm.addPass(report ? createSymShapeSimplifyPass(again, report)
                    : createSymShapeSimplifyPass(again));
  SymShapeFoldReshapeIntoStorePassOptions fold;
  fold.explain = options.explain;
  fold.certify = options.certify;
  fold.certifyAppend = true;
  // The simplify right before analysed every function and reported any
  // contradiction: the fold analyses only the functions with a candidate.
  pm.addPass(createSymShapeFoldReshapeIntoStorePass(fold, report,
                                                    /*factsChecked=*/true));
  SymShapeLowerPassOptions lower;
  lower.checks = options.checks;
  pm.addPass(createSymShapeLowerPass(lower));
  // Canonicalize, CSE, and canonicalize again where CSE merged something:
  // nested checks of one condition then fold (a second run of the pipeline
  // adds nothing). Cleanups must not reintroduce a reshape that MLIR
  // mishandles: the repairs run again after them.
  OpPassManager &afterLower = pm.nestAny();
  afterLower.addPass(createSymShapeRepairReshapesPass(beforeCleanup));
  SymShapeCleanupPassOptions cleanup;
  cleanup.certify = options.certify;
  cleanup.certifyAppend = true;
  afterLower.addPass(createSymShapeCleanupPass(cleanup));
  SymShapeRepairReshapesPassOptions lastRepair;
  lastRepair.explain = options.explain;
  lastRepair.simplifyRegions = false;
  afterLower.addPass(createSymShapeRepairReshapesPass(lastRepair));
  // Last: the loops that canonicalization left carrying a tensor that
  // one-shot bufferization would not update in place.
  SymShapeRepairLoopYieldsPassOptions loopYields;
  loopYields.explain = options.explain;
  afterLower.addPass(createSymShapeRepairLoopYieldsPass(loopYields));
  if (report)
    pm.addPass(createPipelineReportEndPass(report));
}

void symshape::registerSymShapePipeline() {
  PassPipelineRegistration<PipelineOptions>(
      "symshape-pipeline",
      "Infer symbolic shapes, simplify with proven facts, make proven or "
      "bound dims static, fold reshapes into stores where legal, and lower "
      "back to ordinary MLIR with run-time checks of stated facts",
      buildSymShapePipeline);
}
