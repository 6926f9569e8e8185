//===- FoldLegality.cpp - C0-C8 of symshape-fold-reshape-into-store -------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The stores of a reshape that symshape-fold-reshape-into-store considers,
// and the one legality function that implements C0-C8 of docs/Passes.md
// ("Folding a reshape into a slice store") and names the condition that
// fails. See DESIGN 1.5 for the miscompile this guards against.
//
//===----------------------------------------------------------------------===//

#include "FoldReshapeIntoStore.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace symshape;
using namespace symshape::fold;

//===----------------------------------------------------------------------===//
// Candidates
//===----------------------------------------------------------------------===//

/// Sets the collapse_shape or expand_shape that `value` comes from, through
/// tensor.casts (which change no data); false if there is none. A chain whose
/// types disagree on a static dim (6 -> ? -> 7: the program fails at run
/// time) is not seen through: the store's sizes would be trusted for a value
/// of another shape.
bool fold::matchReshape(Value value, Candidate &c) {
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

std::optional<Candidate> fold::matchCandidate(Operation *op) {
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

namespace {

//===----------------------------------------------------------------------===//
// Legality: C0-C8
//===----------------------------------------------------------------------===//

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

} // namespace

Legality fold::checkLegality(ShapeAnalysis &analysis, const Candidate &c,
                             bool allowGuard,
                             std::vector<Obligation> *obligations) {
  LegalityChecker checker(analysis, c, allowGuard);
  checker.certifying = obligations != nullptr;
  Legality legality = checker.check();
  if (obligations && legality.plan)
    for (Obligation &o : checker.obligations)
      obligations->push_back(std::move(o));
  return legality;
}
