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
// a collapsed view. One legality function implements C0-C8 of docs/Passes.md
// ("Folding a reshape into a slice store") and names the condition that
// fails; the rewrite is only attempted when it succeeds. See DESIGN 1.5 for
// the miscompile this guards against.
//
//===----------------------------------------------------------------------===//

#include "Certify.h"
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

#define DEBUG_TYPE "symshape-fold-reshape-into-store"

namespace {

//===----------------------------------------------------------------------===//
// Candidates
//===----------------------------------------------------------------------===//

/// A store of `collapse_shape(source)` (or of `expand_shape(source)`, the
/// twin) with unit strides, in tensor form (tensor.insert_slice) or memory
/// form (bufferization.materialize_in_destination into a memref.subview).
///
/// Lifetimes: candidates are collected first and rewritten afterwards, and a
/// rewrite replaces and erases its store. So a candidate holds nothing that
/// an earlier rewrite may free: the destination is read from the live store
/// on each use (in a chain of stores it is the previous store's result), and
/// the cached offsets, sizes and strides are index values, never results of
/// the ops the pass erases (stores, reshapes, tensor.casts, subviews). The
/// reassociation of a reshape is returned by value: copy it before taking a
/// reference or an ArrayRef into it.
struct Candidate {
  Operation *store;
  mutable tensor::CollapseShapeOp collapse;
  mutable tensor::ExpandShapeOp expand;
  mutable memref::SubViewOp subview;
  SmallVector<OpFoldResult> offsets, sizes, strides;
  /// Target dims that the store drops (rank reduction).
  llvm::SmallBitVector dropped;

  /// The destination tensor, or the base memref of the subview, as the IR
  /// holds it now.
  Value dest() const {
    if (subview)
      return subview.getSource();
    return cast<tensor::InsertSliceOp>(store).getDest();
  }

  bool isMemoryForm() const { return static_cast<bool>(subview); }
  bool isTwin() const { return static_cast<bool>(expand); }
  Operation *reshape() const {
    return isTwin() ? expand.getOperation() : collapse.getOperation();
  }
  /// S, the value the fold stores.
  Value source() const { return reshape()->getOperand(0); }
  /// The reshaped value the original store stores (before any cast).
  Value value() const { return reshape()->getResult(0); }
  ShapedType destType() const { return cast<ShapedType>(dest().getType()); }
};

/// Sets the collapse_shape or expand_shape that `value` comes from, through
/// tensor.casts (which change no data); false if there is none. A chain whose
/// types disagree on a static dim (6 -> ? -> 7: the program fails at run
/// time) is not seen through: the store's sizes would be trusted for a value
/// of another shape.
bool matchReshape(Value value, Candidate &c) {
  SmallVector<Type, 4> seen{value.getType()};
  while (auto cast = value.getDefiningOp<tensor::CastOp>()) {
    value = cast.getSource();
    if (llvm::any_of(seen, [&](Type t) {
          return !tensor::CastOp::areCastCompatible(value.getType(), t);
        }))
      return false;
    seen.push_back(value.getType());
  }
  c.collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
  c.expand = value.getDefiningOp<tensor::ExpandShapeOp>();
  return c.collapse || c.expand;
}

std::optional<Candidate> matchCandidate(Operation *op) {
  Candidate c;
  c.store = op;
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(op)) {
    if (!matchReshape(insert.getSource(), c))
      return std::nullopt;
    c.offsets = insert.getMixedOffsets();
    c.sizes = insert.getMixedSizes();
    c.strides = insert.getMixedStrides();
    // The same rank-reduction map the op's verifier uses.
    c.dropped = insert.getDroppedDims();
    return c;
  }
  if (auto mat = dyn_cast<bufferization::MaterializeInDestinationOp>(op)) {
    c.subview = mat.getDest().getDefiningOp<memref::SubViewOp>();
    if (!matchReshape(mat.getSource(), c) || !c.subview)
      return std::nullopt;
    c.offsets = c.subview.getMixedOffsets();
    c.sizes = c.subview.getMixedSizes();
    c.strides = c.subview.getMixedStrides();
    c.dropped = c.subview.getDroppedDims();
    return c;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Legality: C0-C8
//===----------------------------------------------------------------------===//

/// How one target dim appears in the expanded view.
struct DimPlan {
  /// The value dim stored into it, if not dropped.
  std::optional<unsigned> valueDim;
  /// Split into the source dims of a collapsed group.
  bool split = false;
  /// The store covers the whole dim (offset 0, size == extent).
  bool full = false;
};

/// A run-time condition a guarded fold checks.
struct GuardCondition {
  enum class Kind { AlignedOffset, FullStore } kind;
  unsigned targetDim;
};

struct Plan {
  SmallVector<DimPlan> dims;
  /// The twin: the destination dims collapsed into one view dim each.
  SmallVector<ReassociationIndices> targetGroups;
  SmallVector<GuardCondition> guard;
};

/// The result of the legality check: a plan, or the first failed condition.
struct Legality {
  std::optional<Plan> plan;
  std::string failed;
};

class LegalityChecker {
public:
  LegalityChecker(ShapeAnalysis &analysis, const Candidate &c, bool allowGuard)
      : a(analysis), solver(analysis.getSolver()), c(c),
        allowGuard(allowGuard) {}

  /// The arithmetic conditions proven on the way (C1 and C2 divisions, C3
  /// full stores), as proof obligations, if `certifying`.
  bool certifying = false;
  std::vector<Obligation> obligations;

  Legality check() {
    Legality result;
    Plan plan;
    auto refuse = [&](const Twine &why) {
      result.failed = why.str();
      return result;
    };
    // C7: unit strides.
    for (auto [j, stride] : llvm::enumerate(c.strides)) {
      std::optional<int64_t> s = getConstantIntValue(stride);
      if (!s || *s != 1)
        return refuse("C7: stride of dim " + Twine(j) + " is not 1");
    }
    // C0: the store's own rank-reduction map.
    ShapedType destType = c.destType();
    auto valueType = cast<RankedTensorType>(c.value().getType());
    unsigned kept = destType.getRank() - c.dropped.count();
    if (kept != static_cast<unsigned>(valueType.getRank()))
      return refuse("C0: the rank-reduction map does not match the stored "
                    "value");
    // C0: the map pairs each kept target dim with a stored dim of the same
    // size. memref.subview tells its dropped unit dims apart by strides, and
    // with dynamic strides that can pair a unit slice with a dim of another
    // size (the op verifies, its map does not describe the store); then the
    // conditions below would be checked on the wrong dims.
    auto storedType = cast<ShapedType>(c.store->getOperand(0).getType());
    for (int64_t j = 0, k = 0; j < destType.getRank(); ++j) {
      if (c.dropped.test(j))
        continue;
      // A static size in the op (not a constant value) is a static dim.
      std::optional<int64_t> size;
      if (isa<Attribute>(c.sizes[j]))
        size = getConstantIntValue(c.sizes[j]);
      int64_t stored = storedType.getDimSize(k);
      if (size.has_value() == ShapedType::isDynamic(stored) ||
          (size && *size != stored))
        return refuse("C0: the rank-reduction map pairs target dim " +
                      Twine(j) + " with value dim " + Twine(k) +
                      ", whose size differs");
      ++k;
    }
    // C7 (memory form): the base is contiguous (row-major, identity layout).
    if (c.isMemoryForm()) {
      auto base = cast<MemRefType>(destType);
      if (!base.getLayout().isIdentity())
        return refuse("C7: the base memref is not contiguous (it has a "
                      "non-identity layout)");
    }
    if (c.isTwin()) {
      if (std::string why = checkTwin(plan); !why.empty())
        return refuse(why);
      result.plan = std::move(plan);
      return result;
    }
    SmallVector<ReassociationIndices> groups =
        c.collapse.getReassociationIndices();
    auto sourceType = cast<RankedTensorType>(c.source().getType());
    unsigned k = 0;
    for (int64_t j = 0; j < destType.getRank(); ++j) {
      DimPlan dim;
      if (c.dropped.test(j)) {
        // C5: a dropped dim keeps its extent, offset and size at its index.
        plan.dims.push_back(dim);
        continue;
      }
      dim.valueDim = k;
      const ReassociationIndices &group = groups[k++];
      if (group.size() == 1) {
        plan.dims.push_back(dim);
        continue;
      }
      dim.split = true;
      if (std::string why =
              checkSplitDim(j, *dim.valueDim, group, sourceType, dim, plan);
          !why.empty())
        return refuse(why);
      plan.dims.push_back(dim);
    }
    result.plan = std::move(plan);
    return result;
  }

private:
  Expr ofrExpr(OpFoldResult ofr) {
    if (std::optional<int64_t> c = getConstantIntValue(ofr))
      return a.getExprContext().getConstant(*c);
    return a.getExpr(cast<Value>(ofr));
  }

  bool proven(Verdict v) { return v == Verdict::True; }

  /// Records that `claim` was proven with the facts in scope (condition
  /// `what`).
  void certify(const char *what, ArrayRef<Relation> claim) {
    if (!certifying)
      return;
    std::string text = (c.store->getName().getStringRef() + ": " + what + ":" +
                        describeClaim(a, claim))
                           .str();
    obligations.push_back(makeObligation(a, c.store->getLoc(), text, claim));
  }

  /// Three-valued `d | x` (condition `what`).
  Verdict divides(Expr d, Expr x, const char *what) {
    Verdict v = dividesImpl(d, x);
    if (v == Verdict::True)
      certify(what, Relation{Relation::Kind::EQ, mod(x, d),
                             a.getExprContext().getConstant(0)});
    return v;
  }

  Verdict dividesImpl(Expr d, Expr x) {
    if (!d || !x)
      return Verdict::Unknown;
    Expr r = solver.simplify(mod(x, d));
    if (!r)
      return Verdict::Unknown;
    if (std::optional<int64_t> v = r.getConstantOrNone())
      return *v == 0 ? Verdict::True : Verdict::False;
    if (std::optional<int64_t> cd = d.getConstantOrNone())
      if (*cd > 0 && solver.getDivisor(x) % *cd == 0)
        return Verdict::True;
    return Verdict::Unknown;
  }

  /// Offset 0 and size == extent along target dim `j`, which receives value
  /// dim `k`: True (proven), False (disproven) or Unknown.
  Verdict fullAlong(int64_t j, unsigned k) {
    Expr extent = a.getDimExpr(c.dest(), j);
    Verdict zeroOffset = solver.proveEQ(ofrExpr(c.offsets[j]),
                                        a.getExprContext().getConstant(0));
    // The store's size along j equals the value's dim (op semantics).
    Verdict storedEq = solver.proveEQ(a.getDimExpr(c.value(), k), extent);
    bool fullSize =
        storedEq == Verdict::True ||
        solver.proveEQ(ofrExpr(c.sizes[j]), extent) == Verdict::True;
    if (zeroOffset == Verdict::True && fullSize) {
      Expr zero = a.getExprContext().getConstant(0);
      Expr size = storedEq == Verdict::True ? a.getDimExpr(c.value(), k)
                                            : ofrExpr(c.sizes[j]);
      certify("C3 full store",
              {Relation{Relation::Kind::EQ, ofrExpr(c.offsets[j]), zero},
               Relation{Relation::Kind::EQ, size, extent}});
      return Verdict::True;
    }
    if (zeroOffset == Verdict::False || storedEq == Verdict::False)
      return Verdict::False;
    return Verdict::Unknown;
  }

  /// The twin (a store of expand_shape(S)): each expanded group lands on
  /// adjacent target dims (C5), the store is full along every non-first dim
  /// of a group (C3), and in tensor form the collapsed view's group, which
  /// is expanded back, has at most one dynamic extent (C3). Fills
  /// `plan.targetGroups`; returns the failed condition, or "".
  std::string checkTwin(Plan &plan) {
    ShapedType destType = c.destType();
    SmallVector<int64_t> targetOf; // value dim -> target dim
    for (int64_t j = 0; j < destType.getRank(); ++j) {
      DimPlan dim;
      if (!c.dropped.test(j)) {
        dim.valueDim = targetOf.size();
        targetOf.push_back(j);
      }
      plan.dims.push_back(dim);
    }
    int64_t next = 0;
    auto keepUntil = [&](int64_t end) {
      for (; next < end; ++next)
        plan.targetGroups.push_back({next});
    };
    SmallVector<ReassociationIndices> groups =
        c.expand.getReassociationIndices();
    for (const ReassociationIndices &group : groups) {
      int64_t first = targetOf[group.front()], last = targetOf[group.back()];
      keepUntil(first);
      std::string d = std::to_string(first);
      for (unsigned i = 1; i < group.size(); ++i) {
        if (targetOf[group[i]] != targetOf[group[i - 1]] + 1)
          return "C5: the expanded dims stored at target dim " + d +
                 " and on are not adjacent (a dropped dim between them)";
        int64_t j = targetOf[group[i]];
        Verdict full = fullAlong(j, group[i]);
        if (full == Verdict::True)
          continue;
        if (full == Verdict::False || !allowGuard)
          return "C3: the store is not provably full along target dim " +
                 std::to_string(j) +
                 " (offset 0 and size == extent), an inner dim of an "
                 "expanded group";
        plan.guard.push_back(
            {GuardCondition::Kind::FullStore, static_cast<unsigned>(j)});
      }
      ReassociationIndices merged;
      unsigned dynamic = 0;
      for (int64_t j = first; j <= last; ++j) {
        merged.push_back(j);
        dynamic += destType.isDynamicDim(j) ? 1 : 0;
      }
      if (!c.isMemoryForm() && dynamic >= 2)
        return "C3: the collapsed view of target dims " + d + ".." +
               std::to_string(last) +
               " would be expanded back with two dynamic extents in one "
               "group";
      plan.targetGroups.push_back(merged);
      next = last + 1;
    }
    keepUntil(destType.getRank());
    // C7 (memory form): the base can be collapsed over each merged group.
    if (c.isMemoryForm() && !memref::CollapseShapeOp::isGuaranteedCollapsible(
                                cast<MemRefType>(destType), plan.targetGroups))
      return "C7: the base memref is not contiguous over an expanded group";
    return "";
  }

  /// C1-C4, C6, C8 for target dim `j`, which receives collapsed value dim
  /// `k` from source dims `group`. Returns the failed condition, or "".
  std::string checkSplitDim(int64_t j, unsigned k,
                            const ReassociationIndices &group,
                            RankedTensorType sourceType, DimPlan &dim,
                            Plan &plan) {
    std::string d = std::to_string(j);
    // C8: static factors are at least 1.
    for (int64_t g : group)
      if (!sourceType.isDynamicDim(g) && sourceType.getDimSize(g) < 1)
        return "C8: source dim " + std::to_string(g) +
               " of the collapsed group is " +
               std::to_string(sourceType.getDimSize(g));
    Expr inner = a.getExprContext().getConstant(1);
    unsigned dynamicInner = 0;
    for (int64_t g : ArrayRef<int64_t>(group).drop_front()) {
      inner = mul(inner, a.getDimExpr(c.source(), g));
      dynamicInner += sourceType.isDynamicDim(g) ? 1 : 0;
    }
    // C3: two dynamic dims in one group cannot both be taken from the
    // destination extent, and an expand_shape group with two dynamic dims
    // does not lower.
    unsigned dynamicInGroup =
        dynamicInner + (sourceType.isDynamicDim(group.front()) ? 1 : 0);
    if (dynamicInGroup >= 2)
      return "C3: two dynamic dims in one collapsed group (target dim " + d +
             ")";
    Expr offset = ofrExpr(c.offsets[j]);
    Expr extent = a.getDimExpr(c.dest(), j);
    Verdict full = fullAlong(j, k);
    dim.full = full == Verdict::True;
    if (dynamicInner == 1 && !dim.full) {
      // C3: a dynamic inner extent is only derived from a full store.
      if (!allowGuard || full == Verdict::False)
        return "C3: a dynamic inner extent needs a store that is full along "
               "target dim " +
               d + " (offset 0 and size == extent not proven)";
      plan.guard.push_back(
          {GuardCondition::Kind::FullStore, static_cast<unsigned>(j)});
      dim.full = true;
    }
    if (!dim.full) {
      // C4: the inner product is a non-zero constant here (C3, C8).
      // C1: the inner product divides the destination extent.
      if (!proven(divides(inner, extent, "C1 extent divisible")))
        return "C1: the extent of target dim " + d +
               " is not provably a multiple of " + a.describe(inner);
      // C2: the inner product divides the offset.
      Verdict aligned = divides(inner, offset, "C2 offset aligned");
      if (aligned == Verdict::False ||
          (aligned == Verdict::Unknown && !allowGuard))
        return "C2: offset not provably a multiple of " + a.describe(inner) +
               " (target dim " + d + ")";
      if (aligned == Verdict::Unknown)
        plan.guard.push_back(
            {GuardCondition::Kind::AlignedOffset, static_cast<unsigned>(j)});
    }
    // C6/C3: the view's group (outer extent + inner extents) has at most one
    // dynamic extent.
    bool outerDynamic = dim.full
                            ? sourceType.isDynamicDim(group.front())
                            : (c.destType().isDynamicDim(j) || dynamicInner);
    if (static_cast<unsigned>(outerDynamic) + dynamicInner >= 2)
      return "C3: the expanded view of target dim " + d +
             " would have two dynamic extents in one group";
    return "";
  }

  ShapeAnalysis &a;
  Solver &solver;
  const Candidate &c;
  bool allowGuard;
};

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

OpFoldResult mixedDim(OpBuilder &b, Location loc, Value shaped, int64_t d) {
  if (isa<MemRefType>(shaped.getType()))
    return memref::getMixedSize(b, loc, shaped, d);
  return tensor::getMixedSize(b, loc, shaped, d);
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
      std::shared_ptr<PipelineReport> report)
      : Base(options), report(std::move(report)) {}

  void runOnOperation() override {
    // Each function is analysed on its own, in parallel (the analyses only
    // read the IR); the folds are applied afterwards, in order.
    SmallVector<Operation *> units = analysisUnits(getOperation());
    std::unique_ptr<SymbolTable> symbols = moduleSymbolTable(getOperation());
    SmallVector<std::vector<std::pair<Candidate, Plan>>> unitFolds(
        units.size());
    SmallVector<std::vector<Obligation>> unitObligations(units.size());
    // What each function's folds and refusals are, for the pipeline's report.
    SmallVector<PipelineReport::Folds> unitReport(units.size());
    LogicalResult result =
        forEachUnit(&getContext(), units.size(), [&](size_t i) {
          ShapeAnalysisConfig config;
          config.symbols = symbols.get();
          config.logStatedFacts = !certify.empty();
          ShapeAnalysis analysis(&getContext(), config);
          return analysis.run(units[i], [&](Operation *op) {
            std::optional<Candidate> c = matchCandidate(op);
            if (!c) {
              // The tiled form of a dispatch store: folding it would need a
              // rewrite of the whole scf.forall, which is not done.
              Candidate probe;
              if (explain)
                if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op);
                    insert && matchReshape(insert.getSource(), probe))
                  emitRemark(op->getLoc())
                      << "not folded: a parallel_insert_slice of a reshape "
                         "inside scf.forall (folding it needs a rewrite of "
                         "the whole loop)";
              return;
            }
            LegalityChecker checker(analysis, *c, guard);
            checker.certifying = !certify.empty();
            Legality legality = checker.check();
            LLVM_DEBUG(llvm::dbgs()
                       << "symshape-fold-reshape-into-store: candidate at "
                       << op->getLoc() << ": "
                       << (legality.plan ? "fold" : legality.failed) << "\n");
            if (!legality.plan) {
              if (explain)
                emitRemark(op->getLoc()) << "not folded: " << legality.failed;
              unitReport[i].refused.push_back(
                  {describeLocation(op->getLoc()), legality.failed});
              return;
            }
            ++unitReport[i].done;
            unitReport[i].guarded += !legality.plan->guard.empty();
            if (explain) {
              if (legality.plan->guard.empty())
                emitRemark(op->getLoc()) << "folded the reshape into the store";
              else
                emitRemark(op->getLoc())
                    << "guarded fold of the reshape into the store: "
                    << legality.plan->guard.size() << " run-time condition"
                    << (legality.plan->guard.size() == 1 ? "" : "s");
            }
            unitFolds[i].push_back({*c, *legality.plan});
            // The conditions of a fold that happens.
            for (Obligation &o : checker.obligations)
              unitObligations[i].push_back(std::move(o));
          });
        });
    if (failed(result))
      return signalPassFailure();
    if (report)
      for (auto [unit, folds] : llvm::zip(units, unitReport))
        if (auto func = dyn_cast<FunctionOpInterface>(unit);
            func && (folds.done || !folds.refused.empty()))
          report->folds[func.getName()] = std::move(folds);
    if (!certify.empty() &&
        failed(writeUnitObligations(&getContext(), unitObligations, certify,
                                    certifyAppend)))
      return signalPassFailure();
    // Unchanged IR keeps its analyses, and the pass manager skips verifying
    // it again.
    if (llvm::all_of(unitFolds,
                     [](const auto &folds) { return folds.empty(); }))
      markAllAnalysesPreserved();
    for (auto &folds : unitFolds) {
      for (auto &[c, plan] : folds) {
        Operation *reshape = c.reshape();
        memref::SubViewOp subview = c.subview;
        Value stored = c.store->getOperand(0);
        applyFold(c, plan);
        // The casts between the reshape and the store, then the reshape,
        // are dead unless something else uses them.
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
    }
  }

private:
  std::shared_ptr<PipelineReport> report;
};

} // namespace

std::unique_ptr<Pass> symshape::createSymShapeFoldReshapeIntoStorePass(
    const SymShapeFoldReshapeIntoStorePassOptions &options,
    std::shared_ptr<PipelineReport> report) {
  return std::make_unique<SymShapeFoldReshapeIntoStorePass>(options,
                                                            std::move(report));
}
