//===- FoldReshapeIntoStore.cpp - symshape-fold-reshape-into-store --------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Folds a tensor.collapse_shape of S, stored with unit strides (possibly
// rank-reducing), into a store of S itself into an expanded view of the
// destination; and its twin, a tensor.expand_shape of S stored over slices
// full along every inner dim of each expanded group, into a store of S into
// a collapsed view. The rewrite is only attempted when the legality
// function of FoldLegality.cpp (C0-C8 of docs/Passes.md) gives a plan.
//
//===----------------------------------------------------------------------===//

#include "FoldReshapeIntoStore.h"
#include "Units.h"
#include "symshape/Analysis/ShapeAnalysis.h"
#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Report.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Debug.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPEFOLDRESHAPEINTOSTOREPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;
using namespace symshape::fold;

#define DEBUG_TYPE "symshape-fold-reshape-into-store"

namespace {

//===----------------------------------------------------------------------===//
// Rewrite
//===----------------------------------------------------------------------===//

OpFoldResult mulOFR(OpBuilder &b, Location loc, OpFoldResult x,
                    OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx * *cy);
  if ((cx && *cx == 0) || (cy && *cy == 0))
    return b.getIndexAttr(0);
  if (cx && *cx == 1)
    return y;
  if (cy && *cy == 1)
    return x;
  return arith::MulIOp::create(b, loc,
                               getValueOrCreateConstantIndexOp(b, loc, x),
                               getValueOrCreateConstantIndexOp(b, loc, y))
      .getResult();
}

/// x / y, exact (proven or guarded), y > 0.
OpFoldResult divOFR(OpBuilder &b, Location loc, OpFoldResult x,
                    OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx / *cy);
  if (cy && *cy == 1)
    return x;
  return arith::DivUIOp::create(b, loc,
                                getValueOrCreateConstantIndexOp(b, loc, x),
                                getValueOrCreateConstantIndexOp(b, loc, y))
      .getResult();
}

/// Dim `d` of `shaped`: its static size, or a new tensor.dim / memref.dim.
/// (Not tensor::getMixedSize: its createOrFold would fold the dim of a
/// tensor.generate into the generate's size, and a constant size then makes
/// the expand_shape built from it static, with casts around it.)
OpFoldResult mixedDim(OpBuilder &b, Location loc, Value shaped, int64_t d) {
  auto type = cast<ShapedType>(shaped.getType());
  if (!type.isDynamicDim(d))
    return b.getIndexAttr(type.getDimSize(d));
  if (isa<MemRefType>(type))
    return memref::DimOp::create(b, loc, shaped, d).getResult();
  return tensor::DimOp::create(b, loc, shaped, d).getResult();
}

/// The expanded view and the new store's offsets and sizes.
struct View {
  SmallVector<ReassociationIndices> reassociation;
  SmallVector<OpFoldResult> shape, offsets, sizes;
  /// The destination type with each dim static iff its view group is.
  SmallVector<int64_t> destShape;
  /// The view dims the new store drops (the original store's dropped dims).
  llvm::SmallBitVector dropped;
};

View buildView(OpBuilder &b, Location loc, const Candidate &c,
               const Plan &plan) {
  View v;
  Value source = c.source();
  SmallVector<ReassociationIndices> groups =
      c.collapse.getReassociationIndices();
  SmallVector<OpFoldResult> sourceSizes;
  for (int64_t g = 0; g < cast<ShapedType>(source.getType()).getRank(); ++g)
    sourceSizes.push_back(mixedDim(b, loc, source, g));
  int64_t next = 0;
  for (auto [j, dim] : llvm::enumerate(plan.dims)) {
    if (!dim.split) {
      if (!dim.valueDim) {
        v.dropped.resize(next + 1);
        v.dropped.set(next);
      }
      v.reassociation.push_back({next++});
      v.shape.push_back(mixedDim(b, loc, c.dest(), j));
      v.offsets.push_back(c.offsets[j]);
      // C4: a kept dim's size is S's own dim (the store's size operand may
      // be a value where S's dim is static, after a cast); a dropped dim
      // keeps its unit size.
      v.sizes.push_back(dim.valueDim
                            ? sourceSizes[groups[*dim.valueDim].front()]
                            : c.sizes[j]);
      std::optional<int64_t> s = getConstantIntValue(v.shape.back());
      v.destShape.push_back(s ? *s : ShapedType::kDynamic);
      continue;
    }
    const ReassociationIndices &group = groups[*dim.valueDim];
    OpFoldResult inner = b.getIndexAttr(1);
    for (int64_t g : ArrayRef<int64_t>(group).drop_front())
      inner = mulOFR(b, loc, inner, sourceSizes[g]);
    // C4: the outer extent comes from the source when the store is full,
    // else from the destination divided by the (non-zero) inner product.
    OpFoldResult outer =
        dim.full ? sourceSizes[group.front()]
                 : divOFR(b, loc, mixedDim(b, loc, c.dest(), j), inner);
    OpFoldResult outerOffset =
        dim.full ? b.getIndexAttr(0) : divOFR(b, loc, c.offsets[j], inner);
    ReassociationIndices indices;
    bool allStatic = getConstantIntValue(outer).has_value();
    int64_t product = allStatic ? *getConstantIntValue(outer) : 1;
    indices.push_back(next++);
    v.shape.push_back(outer);
    v.offsets.push_back(outerOffset);
    v.sizes.push_back(sourceSizes[group.front()]);
    for (int64_t g : ArrayRef<int64_t>(group).drop_front()) {
      indices.push_back(next++);
      v.shape.push_back(sourceSizes[g]);
      v.offsets.push_back(b.getIndexAttr(0));
      v.sizes.push_back(sourceSizes[g]);
      std::optional<int64_t> s = getConstantIntValue(sourceSizes[g]);
      allStatic &= s.has_value();
      if (s)
        product *= *s;
    }
    v.reassociation.push_back(indices);
    v.destShape.push_back(allStatic ? product : ShapedType::kDynamic);
  }
  v.dropped.resize(next);
  return v;
}

/// What the folded store writes: S itself, or, when the store drops view
/// dims and S has a static unit dim, S expanded with the dropped unit dims
/// made explicit, so that the store drops nothing. A rank-reducing store
/// that keeps a static unit dim is ambiguous: tensor.insert_slice,
/// bufferization and the lowering of memref.subview (which tells unit dims
/// apart by strides) each choose the dropped dims their own way, and where
/// they disagree the standard lowering rejects the IR (DESIGN 6) although
/// the input lowered. Without a static unit dim in S they all agree, and S
/// is stored as it is.
Value storedValue(OpBuilder &b, Location loc, Value source,
                  const llvm::SmallBitVector &dropped) {
  auto type = cast<RankedTensorType>(source.getType());
  if (dropped.none() || !llvm::is_contained(type.getShape(), 1))
    return source;
  // Source dim k takes the view dims from its own up to the next kept one;
  // leading dropped dims join the first group.
  SmallVector<ReassociationIndices> groups;
  SmallVector<OpFoldResult> shape;
  SmallVector<int64_t> staticShape;
  int64_t k = 0;
  for (unsigned d = 0; d < dropped.size(); ++d) {
    if (dropped.test(d)) {
      shape.push_back(b.getIndexAttr(1));
      staticShape.push_back(1);
    } else {
      shape.push_back(mixedDim(b, loc, source, k));
      staticShape.push_back(type.getDimSize(k));
      if (k++ > 0)
        groups.emplace_back();
    }
    if (groups.empty())
      groups.emplace_back();
    groups.back().push_back(d);
  }
  return tensor::ExpandShapeOp::create(b, loc, type.clone(staticShape), source,
                                       groups, shape);
}

SmallVector<int64_t> staticShape(ArrayRef<OpFoldResult> shape) {
  SmallVector<int64_t> result;
  for (OpFoldResult ofr : shape) {
    std::optional<int64_t> s = getConstantIntValue(ofr);
    result.push_back(s ? *s : ShapedType::kDynamic);
  }
  return result;
}

/// Stores S into a unit-stride subview of `view` (the reshaped base), with
/// the original store's attributes.
LogicalResult storeIntoSubview(OpBuilder &b, Location loc, const Candidate &c,
                               Value view, ArrayRef<OpFoldResult> offsets,
                               ArrayRef<OpFoldResult> sizes,
                               const llvm::SmallBitVector &dropped) {
  SmallVector<OpFoldResult> ones(offsets.size(), b.getIndexAttr(1));
  Value stored = storedValue(b, loc, c.source(), dropped);
  auto storedType = cast<RankedTensorType>(stored.getType());
  MemRefType subviewType = memref::SubViewOp::inferRankReducedResultType(
      storedType.getShape(), cast<MemRefType>(view.getType()), offsets, sizes,
      ones);
  Value subview = memref::SubViewOp::create(b, loc, subviewType, view, offsets,
                                            sizes, ones);
  auto mat = cast<bufferization::MaterializeInDestinationOp>(c.store);
  auto newMat = bufferization::MaterializeInDestinationOp::create(
      b, loc, TypeRange(), stored, subview);
  newMat.setRestrict(mat.getRestrict());
  newMat.setWritable(mat.getWritable());
  return success();
}

/// The twin's collapsed view: one offset and size per target group. A merged
/// group [j1, ..., jm] (full along j2..jm) is stored at o_j1 * t_j2 * ... *
/// t_jm with the size of S's dim; a kept dim keeps its offset, and its size
/// is S's dim (1 for a dropped dim).
struct CollapsedView {
  SmallVector<OpFoldResult> offsets, sizes;
  /// The view dims the new store drops.
  llvm::SmallBitVector dropped;
};

CollapsedView buildCollapsedView(OpBuilder &b, Location loc, const Candidate &c,
                                 const Plan &plan) {
  CollapsedView v;
  v.dropped.resize(plan.targetGroups.size());
  SmallVector<int64_t> sourceDimOf; // value dim -> source dim
  SmallVector<ReassociationIndices> groups = c.expand.getReassociationIndices();
  for (auto [k, group] : llvm::enumerate(groups))
    sourceDimOf.append(group.size(), k);
  for (auto [d, group] : llvm::enumerate(plan.targetGroups)) {
    int64_t j = group.front();
    const DimPlan &dim = plan.dims[j];
    if (!dim.valueDim) {
      v.offsets.push_back(c.offsets[j]);
      v.sizes.push_back(c.sizes[j]);
      v.dropped.set(d);
      continue;
    }
    OpFoldResult inner = b.getIndexAttr(1);
    for (int64_t t : ArrayRef<int64_t>(group).drop_front())
      inner = mulOFR(b, loc, inner, mixedDim(b, loc, c.dest(), t));
    v.offsets.push_back(mulOFR(b, loc, c.offsets[j], inner));
    v.sizes.push_back(mixedDim(b, loc, c.source(), sourceDimOf[*dim.valueDim]));
  }
  return v;
}

/// The folded twin in tensor form: collapse the destination, store S, expand
/// back (with the destination's own dims).
Value rewriteTwinTensorForm(OpBuilder &b, const Candidate &c,
                            const Plan &plan) {
  Location loc = c.store->getLoc();
  CollapsedView v = buildCollapsedView(b, loc, c, plan);
  auto destType = cast<RankedTensorType>(c.destType());
  Value collapsed =
      tensor::CollapseShapeOp::create(b, loc, c.dest(), plan.targetGroups);
  SmallVector<OpFoldResult> ones(v.offsets.size(), b.getIndexAttr(1));
  Value stored = storedValue(b, loc, c.source(), v.dropped);
  Value inserted = tensor::InsertSliceOp::create(b, loc, stored, collapsed,
                                                 v.offsets, v.sizes, ones);
  SmallVector<OpFoldResult> shape;
  for (int64_t j = 0; j < destType.getRank(); ++j)
    shape.push_back(mixedDim(b, loc, c.dest(), j));
  return tensor::ExpandShapeOp::create(b, loc, destType, inserted,
                                       plan.targetGroups, shape);
}

/// The folded twin in memory form: S is stored into a subview of the
/// collapsed base.
LogicalResult rewriteTwinMemoryForm(OpBuilder &b, const Candidate &c,
                                    const Plan &plan) {
  Location loc = c.store->getLoc();
  CollapsedView v = buildCollapsedView(b, loc, c, plan);
  auto collapsed =
      memref::CollapseShapeOp::create(b, loc, c.dest(), plan.targetGroups);
  return storeIntoSubview(b, loc, c, collapsed, v.offsets, v.sizes, v.dropped);
}

/// The folded store in tensor form; returns the new destination value.
Value rewriteTensorForm(OpBuilder &b, const Candidate &c, const Plan &plan) {
  if (c.isTwin())
    return rewriteTwinTensorForm(b, c, plan);
  Location loc = c.store->getLoc();
  View v = buildView(b, loc, c, plan);
  auto destType = cast<RankedTensorType>(c.destType());
  Value dest = c.dest();
  auto adjusted = destType.clone(v.destShape);
  if (adjusted != destType)
    dest = tensor::CastOp::create(b, loc, adjusted, dest);
  auto expandedType = destType.clone(staticShape(v.shape));
  Value expanded = tensor::ExpandShapeOp::create(b, loc, expandedType, dest,
                                                 v.reassociation, v.shape);
  SmallVector<OpFoldResult> ones(v.offsets.size(), b.getIndexAttr(1));
  Value stored = storedValue(b, loc, c.source(), v.dropped);
  Value inserted = tensor::InsertSliceOp::create(b, loc, stored, expanded,
                                                 v.offsets, v.sizes, ones);
  Value collapsed = tensor::CollapseShapeOp::create(b, loc, adjusted, inserted,
                                                    v.reassociation);
  if (adjusted != destType)
    collapsed = tensor::CastOp::create(b, loc, destType, collapsed);
  return collapsed;
}

/// The folded store in memory form.
LogicalResult rewriteMemoryForm(OpBuilder &b, const Candidate &c,
                                const Plan &plan) {
  if (c.isTwin())
    return rewriteTwinMemoryForm(b, c, plan);
  Location loc = c.store->getLoc();
  View v = buildView(b, loc, c, plan);
  auto baseType = cast<MemRefType>(c.destType());
  Value base = c.dest();
  MemRefType adjusted = baseType.clone(v.destShape);
  if (adjusted != baseType)
    base = memref::CastOp::create(b, loc, adjusted, base);
  FailureOr<MemRefType> expandedType =
      memref::ExpandShapeOp::computeExpandedType(adjusted, staticShape(v.shape),
                                                 v.reassociation);
  if (failed(expandedType))
    return failure();
  Value expanded = memref::ExpandShapeOp::create(b, loc, *expandedType, base,
                                                 v.reassociation, v.shape);
  return storeIntoSubview(b, loc, c, expanded, v.offsets, v.sizes, v.dropped);
}

/// The run-time check of a guarded fold.
Value buildGuard(OpBuilder &b, Location loc, const Candidate &c,
                 const Plan &plan) {
  Value ok;
  auto conj = [&](Value cond) {
    ok = ok ? arith::AndIOp::create(b, loc, ok, cond).getResult() : cond;
  };
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (const GuardCondition &g : plan.guard) {
    unsigned j = g.targetDim;
    const DimPlan &dim = plan.dims[j];
    Value offset = getValueOrCreateConstantIndexOp(b, loc, c.offsets[j]);
    if (g.kind == GuardCondition::Kind::AlignedOffset) {
      // Only a collapse's split dim has an alignment condition.
      // Copy the group: getReassociationIndices() returns a temporary.
      ReassociationIndices group =
          c.collapse.getReassociationIndices()[*dim.valueDim];
      OpFoldResult inner = b.getIndexAttr(1);
      for (int64_t s : ArrayRef<int64_t>(group).drop_front())
        inner = mulOFR(b, loc, inner, mixedDim(b, loc, c.source(), s));
      Value rem = arith::RemUIOp::create(
          b, loc, offset, getValueOrCreateConstantIndexOp(b, loc, inner));
      conj(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem, zero));
    } else {
      conj(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, offset,
                                 zero));
      Value stored = getValueOrCreateConstantIndexOp(
          b, loc, mixedDim(b, loc, c.value(), *dim.valueDim));
      Value extent = getValueOrCreateConstantIndexOp(
          b, loc, mixedDim(b, loc, c.dest(), j));
      conj(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stored,
                                 extent));
    }
  }
  return ok;
}

/// Applies a legal fold, guarded when the plan has run-time conditions.
void applyFold(const Candidate &c, const Plan &plan) {
  Operation *store = c.store;
  OpBuilder b(store);
  Location loc = store->getLoc();
  if (plan.guard.empty()) {
    if (c.isMemoryForm()) {
      if (succeeded(rewriteMemoryForm(b, c, plan)))
        store->erase();
      return;
    }
    Value folded = rewriteTensorForm(b, c, plan);
    store->getResult(0).replaceAllUsesWith(folded);
    store->erase();
    return;
  }
  // Guarded: the folded store where the check holds, the original elsewhere.
  Value ok = buildGuard(b, loc, c, plan);
  TypeRange resultTypes = store->getResultTypes();
  auto ifOp = scf::IfOp::create(b, loc, resultTypes, ok,
                                /*withElseRegion=*/true);
  // Without results (memory form) the builder already added the yields.
  if (c.isMemoryForm()) {
    OpBuilder then = OpBuilder::atBlockTerminator(ifOp.thenBlock());
    (void)rewriteMemoryForm(then, c, plan);
    OpBuilder otherwise = OpBuilder::atBlockTerminator(ifOp.elseBlock());
    otherwise.clone(*store);
  } else {
    OpBuilder then = OpBuilder::atBlockBegin(ifOp.thenBlock());
    Value folded = rewriteTensorForm(then, c, plan);
    scf::YieldOp::create(then, loc, folded);
    OpBuilder otherwise = OpBuilder::atBlockBegin(ifOp.elseBlock());
    Operation *original = otherwise.clone(*store);
    scf::YieldOp::create(otherwise, loc, original->getResults());
  }
  store->replaceAllUsesWith(ifOp.getResults());
  store->erase();
}

class SymShapeFoldReshapeIntoStorePass
    : public symshape::impl::SymShapeFoldReshapeIntoStorePassBase<
          SymShapeFoldReshapeIntoStorePass> {
public:
  using Base::Base;
  SymShapeFoldReshapeIntoStorePass(
      const SymShapeFoldReshapeIntoStorePassOptions &options,
      std::shared_ptr<PipelineReport> report, bool factsChecked)
      : Base(options), report(std::move(report)), factsChecked(factsChecked) {}

  /// What the analysis of one function finds: the folds to make, the
  /// proof obligations of those folds, and the folds done and refused for
  /// the pipeline's report.
  struct UnitFolds {
    std::vector<std::pair<Candidate, Plan>> folds;
    std::vector<Obligation> obligations;
    PipelineReport::Folds report;
  };

  /// A `tensor.parallel_insert_slice` of a reshape: the tiled form of a
  /// candidate, which is explained, not folded.
  static bool isTiledStoreOfReshape(Operation *op) {
    auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op);
    Candidate probe;
    return insert && matchReshape(insert.getSource(), probe);
  }

  /// Whether the analysis of `unit` would meet a store it decides (or, with
  /// `explain`, one it explains): a candidate anywhere in it, reachable or
  /// not. A cheap walk of the ops, no facts.
  bool hasCandidate(Operation *unit) const {
    return unit
        ->walk([&](Operation *op) {
          if (matchCandidate(op) || (explain && isTiledStoreOfReshape(op)))
            return WalkResult::interrupt();
          return WalkResult::advance();
        })
        .wasInterrupted();
  }

  /// Analyses `unit` and decides each candidate store in it. Only reads
  /// the IR. Where a pass before checked the facts of every function (in
  /// symshape-pipeline), a function without a candidate is not analysed:
  /// there is nothing to decide in it. Alone, the pass analyses every
  /// function, and so reports contradicting facts wherever they are.
  LogicalResult analyseUnit(Operation *unit, const SymbolTable *symbols,
                            UnitFolds &out) {
    if (factsChecked && !hasCandidate(unit))
      return success();
    ShapeAnalysisConfig config;
    config.symbols = symbols;
    config.logStatedFacts = !certify.empty();
    ShapeAnalysis analysis(&getContext(), config);
    return analysis.run(unit, [&](Operation *op) {
      std::optional<Candidate> c = matchCandidate(op);
      if (!c) {
        // The tiled form of a dispatch store: folding it would need a
        // rewrite of the whole scf.forall, which is not done.
        if (explain && isTiledStoreOfReshape(op))
          emitRemark(op->getLoc())
              << "not folded: a parallel_insert_slice of a reshape "
                 "inside scf.forall (folding it needs a rewrite of "
                 "the whole loop)";
        return;
      }
      // The conditions of a fold that happens go to the certificate.
      Legality legality = checkLegality(
          analysis, *c, guard, certify.empty() ? nullptr : &out.obligations);
      LLVM_DEBUG(llvm::dbgs()
                 << "symshape-fold-reshape-into-store: candidate at "
                 << op->getLoc() << ": "
                 << (legality.plan ? "fold" : legality.failed) << "\n");
      if (!legality.plan) {
        if (explain)
          emitRemark(op->getLoc()) << "not folded: " << legality.failed;
        out.report.refused.push_back(
            {describeLocation(op->getLoc()), legality.failed});
        return;
      }
      ++out.report.done;
      out.report.guarded += !legality.plan->guard.empty();
      if (explain) {
        if (legality.plan->guard.empty())
          emitRemark(op->getLoc()) << "folded the reshape into the store";
        else
          emitRemark(op->getLoc())
              << "guarded fold of the reshape into the store: "
              << legality.plan->guard.size() << " run-time condition"
              << (legality.plan->guard.size() == 1 ? "" : "s");
      }
      out.folds.push_back({*c, *legality.plan});
    });
  }

  /// Makes a fold and erases what it leaves without uses.
  static void foldAndClean(const Candidate &c, const Plan &plan) {
    Operation *reshape = c.reshape();
    memref::SubViewOp subview = c.subview;
    Value stored = c.store->getOperand(0);
    applyFold(c, plan);
    // The casts between the reshape and the store, then the reshape, are
    // dead unless something else uses them.
    while (auto cast = stored.getDefiningOp<tensor::CastOp>()) {
      stored = cast.getSource();
      if (cast->use_empty())
        cast->erase();
    }
    if (reshape->use_empty())
      reshape->erase();
    if (subview && subview->use_empty())
      subview->erase();
  }

  void runOnOperation() override {
    // Each function is analysed on its own, in parallel (the analyses only
    // read the IR); the folds are applied afterwards, in order.
    SmallVector<Operation *> units = analysisUnits(getOperation());
    std::unique_ptr<SymbolTable> symbols = moduleSymbolTable(getOperation());
    SmallVector<UnitFolds> found(units.size());
    if (failed(forEachUnit(&getContext(), units.size(), [&](size_t i) {
          return analyseUnit(units[i], symbols.get(), found[i]);
        })))
      return signalPassFailure();
    if (report)
      for (auto [unit, f] : llvm::zip(units, found))
        if (auto func = dyn_cast<FunctionOpInterface>(unit);
            func && (f.report.done || !f.report.refused.empty()))
          report->folds[func.getName()] = std::move(f.report);
    if (!certify.empty()) {
      SmallVector<std::vector<Obligation>> obligations;
      for (UnitFolds &f : found)
        obligations.push_back(std::move(f.obligations));
      if (failed(writeUnitObligations(&getContext(), obligations, certify,
                                      certifyAppend)))
        return signalPassFailure();
    }
    // Unchanged IR keeps its analyses, and the pass manager skips verifying
    // it again.
    if (llvm::all_of(found, [](const UnitFolds &f) { return f.folds.empty(); }))
      markAllAnalysesPreserved();
    for (UnitFolds &f : found)
      for (auto &[c, plan] : f.folds)
        foldAndClean(c, plan);
  }

private:
  std::shared_ptr<PipelineReport> report;
  /// Whether a pass before checked the facts of every function.
  bool factsChecked = false;
};

} // namespace

std::unique_ptr<Pass> symshape::createSymShapeFoldReshapeIntoStorePass(
    const SymShapeFoldReshapeIntoStorePassOptions &options,
    std::shared_ptr<PipelineReport> report, bool factsChecked) {
  return std::make_unique<SymShapeFoldReshapeIntoStorePass>(
      options, std::move(report), factsChecked);
}
