//===- Expr.cpp - Canonical symbolic integer expressions ------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Expr.h"
#include "symshape/Engine/CheckedInt.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Debug.h"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <mutex>
#include <numeric>

using namespace symshape;
using llvm::SmallVector;

//===----------------------------------------------------------------------===//
// Storage and uniquing
//===----------------------------------------------------------------------===//

namespace symshape {
namespace detail {
/// The lookup key of a node: its kind, value, operands and coefficients, and
/// their hash.
struct ExprKey {
  ExprKind kind;
  int64_t value;
  ArrayRef<Expr> operands;
  ArrayRef<int64_t> coefficients;
  unsigned hash;
};

struct ExprStorage {
  ExprStorage(const ExprKey &key, ArrayRef<Expr> operands,
              ArrayRef<int64_t> coefficients, ArrayRef<unsigned> symbols,
              ExprContext *context)
      : kind(key.kind), value(key.value), operands(operands),
        coefficients(coefficients), symbols(symbols), context(context) {}

  bool operator==(const ExprKey &key) const {
    return kind == key.kind && value == key.value && operands == key.operands &&
           coefficients == key.coefficients;
  }

  ExprKind kind;
  int64_t value;
  ArrayRef<Expr> operands;
  ArrayRef<int64_t> coefficients;
  /// Positions of the symbols used, sorted, unique.
  ArrayRef<unsigned> symbols;
  ExprContext *context;
};
} // namespace detail
} // namespace symshape

using detail::ExprKey;
using detail::ExprStorage;

/// Mixes one 64-bit word into a running hash (multiply and rotate: cheap,
/// and every input bit reaches the high bits, which `finishHash` folds down).
static uint64_t mixHash(uint64_t h, uint64_t word) {
  return (((h << 5) | (h >> 59)) ^ word) * 0x9e3779b97f4a7c15ULL;
}

static unsigned finishHash(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return static_cast<unsigned>(h);
}

static unsigned hashKey(ExprKind kind, int64_t value, ArrayRef<Expr> operands,
                        ArrayRef<int64_t> coefficients) {
  uint64_t h =
      mixHash(static_cast<uint64_t>(kind) + 1, static_cast<uint64_t>(value));
  for (Expr op : operands)
    h = mixHash(h, reinterpret_cast<uintptr_t>(op.getAsOpaquePointer()));
  for (int64_t c : coefficients)
    h = mixHash(h, static_cast<uint64_t>(c));
  return finishHash(mixHash(h, operands.size() * 31 + coefficients.size()));
}

namespace {
/// An entry of a shard's table: the node with its hash, so that probing
/// compares hashes before it reads a node.
struct HashedNode {
  unsigned hash;
  ExprStorage *node;
};

struct HashedNodeInfo {
  static HashedNode getEmptyKey() {
    return {0, llvm::DenseMapInfo<ExprStorage *>::getEmptyKey()};
  }
  static HashedNode getTombstoneKey() {
    return {0, llvm::DenseMapInfo<ExprStorage *>::getTombstoneKey()};
  }
  static unsigned getHashValue(const HashedNode &entry) { return entry.hash; }
  static unsigned getHashValue(const ExprKey &key) { return key.hash; }
  static bool isEqual(const HashedNode &a, const HashedNode &b) {
    return a.node == b.node;
  }
  static bool isEqual(const ExprKey &key, const HashedNode &entry) {
    return entry.hash == key.hash && entry.node != getEmptyKey().node &&
           entry.node != getTombstoneKey().node && *entry.node == key;
  }
};
} // namespace

/// The store: nodes are spread over shards by hash, each with its own lock,
/// table and allocator, so that passes running on several functions rarely
/// wait for each other. Small constants and low symbol positions, looked up
/// far more often than anything else, are also kept in arrays read without
/// a lock (an entry is written once, always with the same node).
struct ExprContext::Impl {
  static constexpr unsigned kShardBits = 6;
  static constexpr unsigned kNumShards = 1u << kShardBits;
  static constexpr int64_t kMinCachedConstant = -64;
  static constexpr int64_t kMaxCachedConstant = 1023;
  static constexpr unsigned kNumCachedSymbols = 1024;

  struct Shard {
    std::mutex mutex;
    llvm::DenseSet<HashedNode, HashedNodeInfo> nodes;
    llvm::BumpPtrAllocator allocator;
  };
  Shard shards[kNumShards];
  std::atomic<ExprStorage *>
      constants[kMaxCachedConstant - kMinCachedConstant + 1] = {};
  std::atomic<ExprStorage *> symbols[kNumCachedSymbols] = {};

  ExprStorage *getOrCreate(ExprContext *context, ExprKind kind, int64_t value,
                           ArrayRef<Expr> operands,
                           ArrayRef<int64_t> coefficients);
};

/// Builds a node in `allocator`. Its symbol set is the union of its
/// operands' sets (so that a DAG is never walked as a tree to find them).
static ExprStorage *constructNode(llvm::BumpPtrAllocator &allocator,
                                  const ExprKey &key, ExprContext *context) {
  SmallVector<unsigned, 8> symbols;
  if (key.kind == ExprKind::Symbol)
    symbols.push_back(static_cast<unsigned>(key.value));
  // A few operands: merged pairwise (each set is sorted); many:
  // concatenated and sorted once (pairwise merges would cost quadratic
  // time for a max of many operands).
  ArrayRef<Expr> ops = key.operands;
  if (ops.size() <= 4) {
    for (Expr op : ops) {
      ArrayRef<unsigned> more = op.getSymbolsUsed();
      if (more.empty())
        continue;
      SmallVector<unsigned, 8> merged;
      merged.reserve(symbols.size() + more.size());
      std::set_union(symbols.begin(), symbols.end(), more.begin(), more.end(),
                     std::back_inserter(merged));
      symbols = std::move(merged);
    }
  } else {
    size_t total = symbols.size();
    for (Expr op : ops)
      total += op.getSymbolsUsed().size();
    symbols.reserve(total);
    for (Expr op : ops)
      llvm::append_range(symbols, op.getSymbolsUsed());
    // Often in order already: the terms of a sum are sorted.
    if (!llvm::is_sorted(symbols))
      llvm::sort(symbols);
    symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  }
  return new (allocator.Allocate<ExprStorage>())
      ExprStorage(key, ops.copy(allocator),
                  ArrayRef<int64_t>(key.coefficients).copy(allocator),
                  ArrayRef<unsigned>(symbols).copy(allocator), context);
}

ExprStorage *ExprContext::Impl::getOrCreate(ExprContext *context, ExprKind kind,
                                            int64_t value,
                                            ArrayRef<Expr> operands,
                                            ArrayRef<int64_t> coefficients) {
  ExprKey key{kind, value, operands, coefficients,
              hashKey(kind, value, operands, coefficients)};
  // The table indexes buckets by the low bits of the hash: shard by the
  // high ones.
  Shard &shard = shards[key.hash >> (32 - kShardBits)];
  std::lock_guard<std::mutex> lock(shard.mutex);
  auto it = shard.nodes.find_as(key);
  if (it != shard.nodes.end())
    return it->node;
  ExprStorage *node = constructNode(shard.allocator, key, context);
  shard.nodes.insert({key.hash, node});
  return node;
}

ExprContext::ExprContext() : impl(std::make_unique<Impl>()) {}

ExprContext::~ExprContext() = default;

Expr ExprContext::getNode(ExprKind kind, int64_t value, ArrayRef<Expr> operands,
                          ArrayRef<int64_t> coefficients) {
  return Expr(impl->getOrCreate(this, kind, value, operands, coefficients));
}

/// Looks `slot` up without a lock, filling it from the store on a miss.
template <typename Build>
static ExprStorage *getCached(std::atomic<ExprStorage *> &slot, Build build) {
  if (ExprStorage *node = slot.load(std::memory_order_acquire))
    return node;
  ExprStorage *node = build();
  slot.store(node, std::memory_order_release);
  return node;
}

Expr ExprContext::getConstant(int64_t value) {
  auto build = [&] {
    return impl->getOrCreate(this, ExprKind::Constant, value, {}, {});
  };
  if (value < Impl::kMinCachedConstant || value > Impl::kMaxCachedConstant)
    return Expr(build());
  return Expr(
      getCached(impl->constants[value - Impl::kMinCachedConstant], build));
}

Expr ExprContext::getSymbol(unsigned position) {
  auto build = [&] {
    return impl->getOrCreate(this, ExprKind::Symbol, position, {}, {});
  };
  if (position >= Impl::kNumCachedSymbols)
    return Expr(build());
  return Expr(getCached(impl->symbols[position], build));
}

ExprTokenSource::~ExprTokenSource() = default;

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

ExprKind Expr::getKind() const { return storage->kind; }
ExprContext &Expr::getContext() const { return *storage->context; }

bool Expr::isNonPolynomialAtom() const {
  if (!storage)
    return false;
  switch (getKind()) {
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod:
  case ExprKind::Max:
  case ExprKind::Min:
    return true;
  default:
    return false;
  }
}

int64_t Expr::getConstantValue() const {
  assert(isConstant() && "not a constant");
  return storage->value;
}

unsigned Expr::getSymbolPosition() const {
  assert(isSymbol() && "not a symbol");
  return static_cast<unsigned>(storage->value);
}

ArrayRef<Expr> Expr::getOperands() const { return storage->operands; }
ArrayRef<int64_t> Expr::getCoefficients() const {
  return storage->coefficients;
}
int64_t Expr::getAddConstant() const {
  assert(getKind() == ExprKind::Add && "not a sum");
  return storage->value;
}

size_t Expr::getTreeSize() const {
  if (!storage)
    return 0;
  size_t size = 1;
  for (Expr op : getOperands())
    size += op.getTreeSize();
  return size;
}

unsigned Expr::getNumSymbolsUsed() const {
  return storage && !storage->symbols.empty() ? storage->symbols.back() + 1 : 0;
}

ArrayRef<unsigned> Expr::getSymbolsUsed() const {
  return storage ? storage->symbols : ArrayRef<unsigned>();
}

bool Expr::usesSymbol(unsigned pos) const {
  return storage && std::binary_search(storage->symbols.begin(),
                                       storage->symbols.end(), pos);
}

//===----------------------------------------------------------------------===//
// Ordering
//===----------------------------------------------------------------------===//

template <typename T, typename Cmp>
static int compareLists(ArrayRef<T> a, ArrayRef<T> b, Cmp cmp) {
  for (size_t i = 0, e = std::min(a.size(), b.size()); i < e; ++i)
    if (int c = cmp(a[i], b[i]))
      return c;
  if (a.size() != b.size())
    return a.size() < b.size() ? -1 : 1;
  return 0;
}

static int compareInts(int64_t a, int64_t b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

int symshape::compareExprs(Expr a, Expr b) {
  if (a == b)
    return 0;
  if (!a || !b)
    return !a ? -1 : 1;
  if (a.getKind() != b.getKind())
    return a.getKind() < b.getKind() ? -1 : 1;
  switch (a.getKind()) {
  case ExprKind::Constant:
    return compareInts(a.getConstantValue(), b.getConstantValue());
  case ExprKind::Symbol:
    return compareInts(a.getSymbolPosition(), b.getSymbolPosition());
  case ExprKind::Add:
    if (int c = compareLists(a.getOperands(), b.getOperands(), compareExprs))
      return c;
    if (int c =
            compareLists(a.getCoefficients(), b.getCoefficients(), compareInts))
      return c;
    return compareInts(a.getAddConstant(), b.getAddConstant());
  default:
    return compareLists(a.getOperands(), b.getOperands(), compareExprs);
  }
}

/// Factors of a monomial term (a Mul, or a single atom).
static ArrayRef<Expr> factorsOf(const Expr &term) {
  if (term.getKind() == ExprKind::Mul)
    return term.getOperands();
  return ArrayRef<Expr>(&term, 1);
}

/// Order of terms in a sum: higher degree first, then lexicographic.
static int compareTerms(Expr a, Expr b) {
  if (a == b)
    return 0;
  ArrayRef<Expr> fa = factorsOf(a), fb = factorsOf(b);
  if (fa.size() != fb.size())
    return fa.size() > fb.size() ? -1 : 1;
  return compareLists(fa, fb, compareExprs);
}

//===----------------------------------------------------------------------===//
// Polynomial view
//===----------------------------------------------------------------------===//

namespace {
/// A sum of monomials: constant + sum(coeff * term), terms sorted by
/// compareTerms and unique, coefficients non-zero.
struct Poly {
  int64_t constant = 0;
  SmallVector<std::pair<Expr, int64_t>, 4> terms;
};
} // namespace

static Poly toPoly(Expr e) {
  Poly p;
  if (e.isConstant()) {
    p.constant = e.getConstantValue();
  } else if (e.getKind() == ExprKind::Add) {
    p.constant = e.getAddConstant();
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients()))
      p.terms.push_back({t, c});
  } else {
    p.terms.push_back({e, 1});
  }
  return p;
}

static Expr fromPoly(ExprContext &ctx, const Poly &p) {
  if (p.terms.empty())
    return ctx.getConstant(p.constant);
  if (p.terms.size() == 1 && p.terms[0].second == 1 && p.constant == 0)
    return p.terms[0].first;
  SmallVector<Expr, 4> terms;
  SmallVector<int64_t, 4> coeffs;
  for (auto &[t, c] : p.terms) {
    terms.push_back(t);
    coeffs.push_back(c);
  }
  return ctx.getNode(ExprKind::Add, p.constant, terms, coeffs);
}

/// Sorts `terms` (stably), then adds up equal terms and drops zero ones.
/// `runStarts`, if not empty, says that `terms` is made of sorted runs
/// starting at those positions (the first at 0): they are merged, adjacent
/// pairs at a time, in O(n log runs) instead of sorted (a sum of n terms
/// plus one more costs O(n), not O(n log n)). False on overflow.
static bool normalizeTerms(SmallVectorImpl<std::pair<Expr, int64_t>> &terms,
                           ArrayRef<size_t> runStarts = {}) {
  auto less = [](const auto &x, const auto &y) {
    return compareTerms(x.first, y.first) < 0;
  };
  if (runStarts.empty()) {
    llvm::stable_sort(terms, less);
  } else {
    assert(runStarts.front() == 0 && "the first run starts at 0");
    SmallVector<size_t, 8> starts(runStarts.begin(), runStarts.end());
    auto runEnd = [&](size_t i) {
      return i + 1 < starts.size() ? starts[i + 1] : terms.size();
    };
    assert(llvm::all_of(llvm::seq<size_t>(0, starts.size()),
                        [&](size_t i) {
                          return std::is_sorted(terms.begin() + starts[i],
                                                terms.begin() + runEnd(i),
                                                less);
                        }) &&
           "runs to merge must be sorted");
    // Runs already in order are one run (a sum whose terms were replaced
    // by terms in the same order is merged in one pass).
    starts.erase(std::remove_if(starts.begin() + 1, starts.end(),
                                [&](size_t start) {
                                  return start == 0 || start == terms.size() ||
                                         less(terms[start - 1], terms[start]);
                                }),
                 starts.end());
    // Merging only adjacent runs, the earlier one first on ties, keeps
    // equal terms in input order, as the stable sort does.
    SmallVector<std::pair<Expr, int64_t>, 8> out;
    while (starts.size() > 1) {
      out.clear();
      out.reserve(terms.size());
      SmallVector<size_t, 8> next;
      for (size_t i = 0; i < starts.size(); i += 2) {
        next.push_back(out.size());
        size_t mid = runEnd(i);
        size_t end = i + 1 < starts.size() ? runEnd(i + 1) : mid;
        std::merge(terms.begin() + starts[i], terms.begin() + mid,
                   terms.begin() + mid, terms.begin() + end,
                   std::back_inserter(out), less);
      }
      terms.swap(out);
      starts = std::move(next);
    }
  }
  SmallVector<std::pair<Expr, int64_t>, 4> merged;
  for (auto &[t, c] : terms) {
    if (!merged.empty() && merged.back().first == t) {
      auto sum = checkedAdd(merged.back().second, c);
      if (!sum)
        return false;
      merged.back().second = *sum;
    } else {
      merged.push_back({t, c});
    }
  }
  terms.clear();
  for (auto &tc : merged)
    if (tc.second != 0)
      terms.push_back(tc);
  return true;
}

/// Product of two monomial terms.
static Expr mulTerms(ExprContext &ctx, Expr a, Expr b) {
  SmallVector<Expr, 4> factors;
  ArrayRef<Expr> fa = factorsOf(a), fb = factorsOf(b);
  std::merge(fa.begin(), fa.end(), fb.begin(), fb.end(),
             std::back_inserter(factors),
             [](Expr x, Expr y) { return compareExprs(x, y) < 0; });
  return ctx.getNode(ExprKind::Mul, 0, factors, {});
}

/// If `a` and `b` differ by a constant, returns a - b.
static std::optional<int64_t> constantDifference(Expr a, Expr b) {
  if (a == b)
    return 0;
  auto split = [](Expr e, ArrayRef<Expr> &terms, ArrayRef<int64_t> &coeffs,
                  int64_t &constant, Expr &single) {
    if (e.isConstant()) {
      constant = e.getConstantValue();
    } else if (e.getKind() == ExprKind::Add) {
      terms = e.getOperands();
      coeffs = e.getCoefficients();
      constant = e.getAddConstant();
    } else {
      single = e;
    }
  };
  ArrayRef<Expr> ta, tb;
  ArrayRef<int64_t> ca, cb;
  int64_t ka = 0, kb = 0;
  Expr sa, sb;
  split(a, ta, ca, ka, sa);
  split(b, tb, cb, kb, sb);
  // Normalize a single atom into a one-term list with coefficient 1.
  static const int64_t one = 1;
  if (sa) {
    ta = ArrayRef<Expr>(&sa, 1);
    ca = ArrayRef<int64_t>(&one, 1);
  }
  if (sb) {
    tb = ArrayRef<Expr>(&sb, 1);
    cb = ArrayRef<int64_t>(&one, 1);
  }
  if (ta != tb || ca != cb)
    return std::nullopt;
  return checkedSub(ka, kb);
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

Expr symshape::add(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (a.isConstant() && b.isConstant()) {
    auto r = checkedAdd(a.getConstantValue(), b.getConstantValue());
    return r ? ctx.getConstant(*r) : Expr();
  }
  Poly pa = toPoly(a), pb = toPoly(b);
  auto c = checkedAdd(pa.constant, pb.constant);
  if (!c)
    return Expr();
  pa.constant = *c;
  // The terms of a canonical expression are sorted: merge the two lists.
  size_t runStarts[] = {0, pa.terms.size()};
  pa.terms.append(pb.terms.begin(), pb.terms.end());
  if (!normalizeTerms(pa.terms, runStarts))
    return Expr();
  return fromPoly(ctx, pa);
}

Expr symshape::add(Expr a, int64_t b) {
  if (!a)
    return Expr();
  return add(a, a.getContext().getConstant(b));
}

Expr symshape::mul(Expr a, int64_t b) {
  if (!a)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (b == 0)
    return ctx.getConstant(0);
  if (b == 1)
    return a;
  Poly p = toPoly(a);
  auto c = checkedMul(p.constant, b);
  if (!c)
    return Expr();
  p.constant = *c;
  for (auto &tc : p.terms) {
    auto k = checkedMul(tc.second, b);
    if (!k)
      return Expr();
    tc.second = *k;
  }
  return fromPoly(ctx, p);
}

Expr symshape::mul(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (a.isConstant())
    return mul(b, a.getConstantValue());
  if (b.isConstant())
    return mul(a, b.getConstantValue());
  ExprContext &ctx = a.getContext();
  Poly pa = toPoly(a), pb = toPoly(b);
  Poly r;
  auto c = checkedMul(pa.constant, pb.constant);
  if (!c)
    return Expr();
  r.constant = *c;
  auto addScaled = [&](const Poly &p, int64_t k) {
    if (k == 0)
      return true;
    for (auto &[t, tc] : p.terms) {
      auto m = checkedMul(tc, k);
      if (!m)
        return false;
      r.terms.push_back({t, *m});
    }
    return true;
  };
  if (!addScaled(pa, pb.constant) || !addScaled(pb, pa.constant))
    return Expr();
  for (auto &[ta, ca] : pa.terms) {
    for (auto &[tb, cb] : pb.terms) {
      auto m = checkedMul(ca, cb);
      if (!m)
        return Expr();
      r.terms.push_back({mulTerms(ctx, ta, tb), *m});
    }
  }
  if (!normalizeTerms(r.terms))
    return Expr();
  return fromPoly(ctx, r);
}

Expr symshape::neg(Expr a) { return mul(a, -1); }

Expr symshape::linearCombination(ArrayRef<Expr> terms,
                                 ArrayRef<int64_t> coefficients,
                                 int64_t constant) {
  assert(terms.size() == coefficients.size() && "one coefficient per term");
  if (llvm::any_of(terms, [](Expr t) { return !t; }))
    return Expr();
  if (terms.empty())
    return Expr();
  ExprContext &ctx = terms.front().getContext();
  Poly r;
  r.constant = constant;
  // The terms of each operand are a sorted run.
  SmallVector<size_t, 8> runStarts;
  for (auto [t, k] : llvm::zip(terms, coefficients)) {
    if (k == 0)
      continue;
    runStarts.push_back(r.terms.size());
    Poly p = toPoly(t);
    auto c = checkedMul(p.constant, k);
    if (!c)
      return Expr();
    auto sum = checkedAdd(r.constant, *c);
    if (!sum)
      return Expr();
    r.constant = *sum;
    for (auto &[pt, pc] : p.terms) {
      auto m = checkedMul(pc, k);
      if (!m)
        return Expr();
      r.terms.push_back({pt, *m});
    }
  }
  if (!runStarts.empty() && !normalizeTerms(r.terms, runStarts))
    return Expr();
  return fromPoly(ctx, r);
}

ScaledForm symshape::getScaledForm(Expr e) {
  assert(e && "null expression");
  if (e.isConstant())
    return ScaledForm{Expr(), 0, e.getConstantValue()};
  if (e.getKind() != ExprKind::Add)
    return ScaledForm{e, 1, 0};
  ArrayRef<Expr> terms = e.getOperands();
  ArrayRef<int64_t> coeffs = e.getCoefficients();
  uint64_t g = 0;
  for (int64_t c : coeffs)
    g = std::gcd(g, c < 0 ? 0 - static_cast<uint64_t>(c)
                          : static_cast<uint64_t>(c));
  // Only INT64_MIN coefficients give a gcd of 2^63; 2^62 divides them.
  int64_t scale =
      g > uint64_t(INT64_MAX) ? int64_t(1) << 62 : static_cast<int64_t>(g);
  if (coeffs.front() < 0)
    scale = -scale;
  SmallVector<int64_t, 4> keyCoeffs;
  for (int64_t c : coeffs) {
    // c / scale overflows only for INT64_MIN / -1: keep that sum unscaled.
    if (c == INT64_MIN && scale == -1)
      return ScaledForm{fromPoly(e.getContext(),
                                 [&] {
                                   Poly p = toPoly(e);
                                   p.constant = 0;
                                   return p;
                                 }()),
                        1, e.getAddConstant()};
    keyCoeffs.push_back(c / scale);
  }
  Expr key;
  if (terms.size() == 1 && keyCoeffs.front() == 1)
    key = terms.front();
  else
    key = e.getContext().getNode(ExprKind::Add, 0, terms, keyCoeffs);
  return ScaledForm{key, scale, e.getAddConstant()};
}

Expr symshape::sub(Expr a, Expr b) {
  // One merge of the two term lists, without uniquing `-b` on the way.
  if (!a || !b)
    return Expr();
  const Expr terms[] = {a, b};
  const int64_t coefficients[] = {1, -1};
  return linearCombination(terms, coefficients, 0);
}

Expr symshape::sub(Expr a, int64_t b) {
  if (!a)
    return Expr();
  auto nb = checkedNeg(b);
  return nb ? add(a, *nb) : Expr();
}

namespace {
/// `a` split for a division by the positive constant `d`: a = d * quotient +
/// remainder, where `quotient` collects the terms whose coefficients are
/// multiples of `d` and the floor part of the constant, and `remainder` the
/// other terms and a constant in [0, d - 1].
struct DivSplit {
  Poly quotient;
  Poly remainder;
};
} // namespace

static DivSplit splitForDivision(const Poly &p, int64_t d) {
  DivSplit s;
  s.quotient.constant = *checkedFloorDiv(p.constant, d);
  s.remainder.constant = *checkedFloorMod(p.constant, d);
  for (auto &[t, c] : p.terms) {
    if (c % d == 0)
      s.quotient.terms.push_back({t, c / d});
    else
      s.remainder.terms.push_back({t, c});
  }
  return s;
}

/// The gcd of all coefficients and the constant of `p` and `d`.
static uint64_t contentGcd(const Poly &p, int64_t d) {
  uint64_t g = gcdMagnitude(p.constant, d);
  for (auto &tc : p.terms)
    g = gcdMagnitude(static_cast<int64_t>(g), tc.second);
  return g;
}

static Poly dividePoly(const Poly &p, int64_t g) {
  Poly r;
  r.constant = p.constant / g;
  for (auto &[t, c] : p.terms)
    r.terms.push_back({t, c / g});
  return r;
}

/// Shared shape of floordiv and ceildiv by a constant.
static Expr buildDivision(ExprKind kind, Expr a, int64_t d) {
  if (!a || d == 0)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (d < 0) {
    auto nd = checkedNeg(d);
    return nd ? buildDivision(kind, neg(a), *nd) : Expr();
  }
  if (d == 1)
    return a;
  if (a.isConstant()) {
    auto r = kind == ExprKind::FloorDiv
                 ? checkedFloorDiv(a.getConstantValue(), d)
                 : checkedCeilDiv(a.getConstantValue(), d);
    return r ? ctx.getConstant(*r) : Expr();
  }
  DivSplit s = splitForDivision(toPoly(a), d);
  Expr quotient = fromPoly(ctx, s.quotient);
  if (s.remainder.terms.empty()) {
    // The remainder is a constant in [0, d - 1].
    int64_t extra =
        (kind == ExprKind::CeilDiv && s.remainder.constant != 0) ? 1 : 0;
    return add(quotient, extra);
  }
  // Reduce the remainder and the divisor by their common content.
  int64_t g = static_cast<int64_t>(contentGcd(s.remainder, d));
  Poly rem = g > 1 ? dividePoly(s.remainder, g) : s.remainder;
  int64_t divisor = d / g;
  Expr remExpr = fromPoly(ctx, rem);
  if (divisor == 1)
    return add(quotient, remExpr);
  // (x floordiv c + k) floordiv d == (x + k * c) floordiv (c * d) for
  // c, d > 0 and all integers x, k: x floordiv c + k is (x + k * c) floordiv
  // c, and nested floors by positive constants multiply. Likewise for
  // ceildiv. A conv or pool stage of a stage ((H + 1) floordiv 2 + 1)
  // floordiv 2 is (H + 3) floordiv 4.
  if (rem.constant != 0 && rem.terms.size() == 1 && rem.terms[0].second == 1) {
    Expr inner = rem.terms[0].first;
    if (inner.getKind() == kind && inner.getOperands()[1].isConstant()) {
      int64_t c = inner.getOperands()[1].getConstantValue();
      auto shift = checkedMul(rem.constant, c);
      auto prod = checkedMul(c, divisor);
      if (c > 0 && shift && prod) {
        Expr shifted = add(inner.getOperands()[0], *shift);
        if (shifted)
          return add(quotient, buildDivision(kind, shifted, *prod));
      }
    }
  }
  // (x floordiv c) floordiv d == x floordiv (c * d) for c, d > 0; likewise
  // for ceildiv.
  if (remExpr.getKind() == kind && remExpr.getOperands()[1].isConstant()) {
    int64_t inner = remExpr.getOperands()[1].getConstantValue();
    if (auto prod = checkedMul(inner, divisor))
      return add(quotient,
                 buildDivision(kind, remExpr.getOperands()[0], *prod));
  }
  Expr ops[] = {remExpr, ctx.getConstant(divisor)};
  return add(quotient, ctx.getNode(kind, 0, ops, {}));
}

Expr symshape::floorDiv(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (b.isConstant())
    return buildDivision(ExprKind::FloorDiv, a, b.getConstantValue());
  Expr ops[] = {a, b};
  return a.getContext().getNode(ExprKind::FloorDiv, 0, ops, {});
}

Expr symshape::floorDiv(Expr a, int64_t b) {
  return a ? buildDivision(ExprKind::FloorDiv, a, b) : Expr();
}

Expr symshape::ceilDiv(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (b.isConstant())
    return buildDivision(ExprKind::CeilDiv, a, b.getConstantValue());
  Expr ops[] = {a, b};
  return a.getContext().getNode(ExprKind::CeilDiv, 0, ops, {});
}

Expr symshape::ceilDiv(Expr a, int64_t b) {
  return a ? buildDivision(ExprKind::CeilDiv, a, b) : Expr();
}

Expr symshape::mod(Expr a, int64_t d) {
  if (!a || d == 0)
    return Expr();
  ExprContext &ctx = a.getContext();
  if (d < 0) {
    // a mod d == -((-a) mod -d).
    auto nd = checkedNeg(d);
    return nd ? neg(mod(neg(a), *nd)) : Expr();
  }
  if (d == 1)
    return ctx.getConstant(0);
  if (a.isConstant())
    return ctx.getConstant(*checkedFloorMod(a.getConstantValue(), d));
  // Reduce every coefficient and the constant modulo d.
  Poly p = toPoly(a), rem;
  rem.constant = *checkedFloorMod(p.constant, d);
  for (auto &[t, c] : p.terms)
    if (int64_t r = *checkedFloorMod(c, d))
      rem.terms.push_back({t, r});
  if (rem.terms.empty())
    return ctx.getConstant(rem.constant);
  // (g * x) mod (g * c) == g * (x mod c).
  int64_t g = static_cast<int64_t>(contentGcd(rem, d));
  if (g > 1)
    return mul(mod(fromPoly(ctx, dividePoly(rem, g)), d / g), g);
  Expr remExpr = fromPoly(ctx, rem);
  // (x mod c) mod d == x mod d when d divides c.
  if (remExpr.getKind() == ExprKind::Mod &&
      remExpr.getOperands()[1].isConstant()) {
    int64_t inner = remExpr.getOperands()[1].getConstantValue();
    if (inner > 0 && inner % d == 0)
      return mod(remExpr.getOperands()[0], d);
  }
  Expr ops[] = {remExpr, ctx.getConstant(d)};
  return ctx.getNode(ExprKind::Mod, 0, ops, {});
}

Expr symshape::mod(Expr a, Expr b) {
  if (!a || !b)
    return Expr();
  if (b.isConstant())
    return mod(a, b.getConstantValue());
  Expr ops[] = {a, b};
  return a.getContext().getNode(ExprKind::Mod, 0, ops, {});
}

/// Up to this many operands, buildMaxMin finds the operands of equal hash
/// by a scan (quadratic, but no allocation); above it, with a hash map.
constexpr size_t kScannedMaxMinOperands = 8;

/// Max (isMax) or min of operands, flattened, with constants folded,
/// duplicates and operands dominated by a constant difference removed.
static Expr buildMaxMin(ArrayRef<Expr> operands, bool isMax) {
  if (operands.empty() || llvm::any_of(operands, [](Expr e) { return !e; }))
    return Expr();
  ExprKind kind = isMax ? ExprKind::Max : ExprKind::Min;
  ExprContext &ctx = operands.front().getContext();
  SmallVector<Expr, 4> flat;
  std::optional<int64_t> constant;
  auto addOne = [&](Expr e) {
    if (e.isConstant()) {
      int64_t v = e.getConstantValue();
      constant = constant
                     ? (isMax ? std::max(*constant, v) : std::min(*constant, v))
                     : v;
    } else {
      flat.push_back(e);
    }
  };
  // A nested max of max is flattened unless the inner one is already wide:
  // flattening each step of a long chain max(max(...), d) would make the
  // expressions of the chain quadratic in size. Deciding by the inner
  // operand alone keeps the form independent of the operands' order.
  for (Expr e : operands) {
    if (e.getKind() == kind && e.getOperands().size() <= kMaxFlattenedWidth)
      llvm::for_each(e.getOperands(), addOne);
    else
      addOne(e);
  }
  llvm::sort(flat, [](Expr x, Expr y) { return compareExprs(x, y) < 0; });
  flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  // Drop operands that another operand dominates by a constant difference:
  // for max, x is dropped if y - x >= 0 is a constant (and symmetrically).
  // Operands with a constant difference have the same non-constant terms:
  // only those of one hash bucket are compared (linear in the operands).
  // A few operands (the common case) are compared with a scan of the
  // earlier hashes rather than a hash map, which allocates.
  SmallVector<bool, 4> dropped(flat.size(), false);
  SmallVector<llvm::hash_code, 4> hashes;
  llvm::DenseMap<llvm::hash_code, SmallVector<size_t, 1>> buckets;
  bool scan = flat.size() <= kScannedMaxMinOperands;
  SmallVector<size_t, 4> sameHash;
  for (size_t i = 0; i < flat.size(); ++i) {
    Expr e = flat[i];
    static const int64_t one = 1;
    bool sum = e.getKind() == ExprKind::Add;
    ArrayRef<Expr> terms = sum ? e.getOperands() : ArrayRef<Expr>(&flat[i], 1);
    ArrayRef<int64_t> coeffs =
        sum ? e.getCoefficients() : ArrayRef<int64_t>(&one, 1);
    llvm::hash_code h = llvm::hash_combine(llvm::hash_combine_range(terms),
                                           llvm::hash_combine_range(coeffs));
    // The earlier operands with the same hash, in order.
    sameHash.clear();
    if (scan) {
      for (size_t j = 0; j < i; ++j)
        if (hashes[j] == h)
          sameHash.push_back(j);
      hashes.push_back(h);
    } else {
      SmallVector<size_t, 1> &bucket = buckets[h];
      sameHash.append(bucket.begin(), bucket.end());
      bucket.push_back(i);
    }
    for (size_t j : sameHash) {
      if (dropped[j] || dropped[i])
        continue;
      auto diff = constantDifference(flat[j], flat[i]);
      if (!diff)
        continue;
      bool jWins = isMax ? *diff >= 0 : *diff <= 0;
      dropped[jWins ? i : j] = true;
    }
  }
  SmallVector<Expr, 4> kept;
  for (size_t i = 0; i < flat.size(); ++i)
    if (!dropped[i])
      kept.push_back(flat[i]);
  // Canonical order: symbolic operands sorted, the folded constant last.
  if (constant)
    kept.push_back(ctx.getConstant(*constant));
  if (kept.size() == 1)
    return kept.front();
  return ctx.getNode(kind, 0, kept, {});
}

Expr symshape::max(ArrayRef<Expr> operands) {
  return buildMaxMin(operands, /*isMax=*/true);
}

Expr symshape::min(ArrayRef<Expr> operands) {
  return buildMaxMin(operands, /*isMax=*/false);
}

//===----------------------------------------------------------------------===//
// Rebuilding, substitution, evaluation
//===----------------------------------------------------------------------===//

Expr symshape::rebuildWithOperands(Expr e, ArrayRef<Expr> ops) {
  ExprContext &ctx = e.getContext();
  switch (e.getKind()) {
  case ExprKind::Constant:
  case ExprKind::Symbol:
    return e;
  case ExprKind::Add:
    // Normalized once: a chain of `add` calls is quadratic in the terms.
    return linearCombination(ops, e.getCoefficients(), e.getAddConstant());
  case ExprKind::Mul: {
    Expr r = ctx.getConstant(1);
    for (Expr op : ops)
      r = mul(r, op);
    return r;
  }
  case ExprKind::FloorDiv:
    return floorDiv(ops[0], ops[1]);
  case ExprKind::CeilDiv:
    return ceilDiv(ops[0], ops[1]);
  case ExprKind::Mod:
    return mod(ops[0], ops[1]);
  case ExprKind::Max:
    return max(ops);
  case ExprKind::Min:
    return min(ops);
  }
  llvm_unreachable("unknown expression kind");
}

static Expr substituteImpl(Expr e, llvm::function_ref<Expr(Expr)> leaf,
                           llvm::DenseMap<Expr, Expr> &memo) {
  if (!e)
    return e;
  if (e.isConstant())
    return e;
  if (e.isSymbol())
    return leaf(e);
  if (e.getSymbolsUsed().empty())
    return e;
  auto it = memo.find(e);
  if (it != memo.end())
    return it->second;
  SmallVector<Expr, 4> ops;
  for (Expr op : e.getOperands()) {
    ops.push_back(substituteImpl(op, leaf, memo));
    if (!ops.back())
      return memo[e] = Expr();
  }
  Expr r = llvm::equal(ops, e.getOperands()) ? e : rebuildWithOperands(e, ops);
  return memo[e] = r;
}

Expr symshape::substitute(Expr e, ArrayRef<Expr> replacements) {
  llvm::DenseMap<Expr, Expr> memo;
  return substituteImpl(
      e,
      [&](Expr s) {
        unsigned pos = s.getSymbolPosition();
        return pos < replacements.size() ? replacements[pos] : s;
      },
      memo);
}

Expr symshape::substituteSymbols(
    Expr e, llvm::function_ref<Expr(unsigned)> replacement) {
  llvm::DenseMap<Expr, Expr> memo;
  return substituteImpl(
      e,
      [&](Expr s) {
        Expr r = replacement(s.getSymbolPosition());
        return r ? r : s;
      },
      memo);
}

Expr symshape::renumberSymbols(Expr e, ArrayRef<unsigned> map) {
  if (!e)
    return e;
  llvm::DenseMap<Expr, Expr> memo;
  ExprContext &ctx = e.getContext();
  return substituteImpl(
      e,
      [&](Expr s) {
        unsigned pos = s.getSymbolPosition();
        return pos < map.size() ? ctx.getSymbol(map[pos]) : s;
      },
      memo);
}

std::optional<int64_t> symshape::evaluate(Expr e, ArrayRef<int64_t> values) {
  if (!e)
    return std::nullopt;
  auto evalOps = [&](SmallVectorImpl<int64_t> &out) {
    for (Expr op : e.getOperands()) {
      auto v = evaluate(op, values);
      if (!v)
        return false;
      out.push_back(*v);
    }
    return true;
  };
  SmallVector<int64_t, 4> v;
  switch (e.getKind()) {
  case ExprKind::Constant:
    return e.getConstantValue();
  case ExprKind::Symbol:
    if (e.getSymbolPosition() >= values.size())
      return std::nullopt;
    return values[e.getSymbolPosition()];
  case ExprKind::Add: {
    if (!evalOps(v))
      return std::nullopt;
    std::optional<int64_t> r = e.getAddConstant();
    for (auto [x, c] : llvm::zip(v, e.getCoefficients())) {
      auto m = checkedMul(x, c);
      if (!m)
        return std::nullopt;
      r = checkedAdd(*r, *m);
      if (!r)
        return std::nullopt;
    }
    return r;
  }
  case ExprKind::Mul: {
    if (!evalOps(v))
      return std::nullopt;
    std::optional<int64_t> r = 1;
    for (int64_t x : v) {
      r = checkedMul(*r, x);
      if (!r)
        return std::nullopt;
    }
    return r;
  }
  case ExprKind::FloorDiv:
    if (!evalOps(v))
      return std::nullopt;
    return checkedFloorDiv(v[0], v[1]);
  case ExprKind::CeilDiv:
    if (!evalOps(v))
      return std::nullopt;
    return checkedCeilDiv(v[0], v[1]);
  case ExprKind::Mod:
    if (!evalOps(v))
      return std::nullopt;
    return checkedFloorMod(v[0], v[1]);
  case ExprKind::Max:
    if (!evalOps(v))
      return std::nullopt;
    return *std::max_element(v.begin(), v.end());
  case ExprKind::Min:
    if (!evalOps(v))
      return std::nullopt;
    return *std::min_element(v.begin(), v.end());
  }
  llvm_unreachable("unknown expression kind");
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {
/// Binding strength of the context an expression is printed in.
enum class Prec { Sum = 0, Product = 1, Atom = 2 };
} // namespace

static void printMagnitude(llvm::raw_ostream &os, int64_t v) {
  uint64_t mag =
      v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  os << mag;
}

using SymbolPrinter = llvm::function_ref<void(llvm::raw_ostream &, unsigned)>;

static void printExpr(Expr e, llvm::raw_ostream &os, Prec prec,
                      SymbolPrinter printSymbol);

/// Prints `|coeff| * term` (or just `term`), after the sign was printed.
/// `leadingMinus` is set when the sign was a unary minus, which binds tighter
/// than floordiv/ceildiv/mod, so such a term needs parentheses.
static void printTerm(Expr term, int64_t coeff, bool leadingMinus,
                      llvm::raw_ostream &os, SymbolPrinter printSymbol) {
  bool printCoeff = coeff != 1 && coeff != -1;
  if (printCoeff) {
    printMagnitude(os, coeff);
    os << " * ";
  }
  // `k * a * b` and `-a * b` read unambiguously as products; a division or
  // mod after a coefficient or a unary minus needs parentheses.
  bool needsAtom =
      (printCoeff || leadingMinus) && term.getKind() != ExprKind::Mul;
  printExpr(term, os, needsAtom ? Prec::Atom : Prec::Product, printSymbol);
}

static void printExpr(Expr e, llvm::raw_ostream &os, Prec prec,
                      SymbolPrinter printSymbol) {
  if (!e) {
    os << "<<null>>";
    return;
  }
  switch (e.getKind()) {
  case ExprKind::Constant: {
    int64_t v = e.getConstantValue();
    if (v < 0 && prec == Prec::Atom) {
      os << '(' << v << ')';
      return;
    }
    os << v;
    return;
  }
  case ExprKind::Symbol:
    printSymbol(os, e.getSymbolPosition());
    return;
  case ExprKind::Add: {
    // A single scaled term with no constant reads as a product.
    bool isProduct = e.getOperands().size() == 1 && e.getAddConstant() == 0 &&
                     e.getCoefficients()[0] > 0;
    bool parens = isProduct ? prec == Prec::Atom : prec != Prec::Sum;
    if (parens)
      os << '(';
    bool first = true;
    // `16 - s0` reads better than `-s0 + 16`: a positive constant goes first
    // when the sum would otherwise start with a minus.
    int64_t k = e.getAddConstant();
    bool constantFirst = k > 0 && e.getCoefficients()[0] < 0;
    if (constantFirst) {
      os << k;
      first = false;
    }
    for (auto [t, c] : llvm::zip(e.getOperands(), e.getCoefficients())) {
      if (first)
        os << (c < 0 ? "-" : "");
      else
        os << (c < 0 ? " - " : " + ");
      printTerm(t, c, first && c < 0, os, printSymbol);
      first = false;
    }
    if (k != 0 && !constantFirst) {
      os << (k < 0 ? " - " : " + ");
      printMagnitude(os, k);
    }
    if (parens)
      os << ')';
    return;
  }
  case ExprKind::Mul: {
    bool parens = prec == Prec::Atom;
    if (parens)
      os << '(';
    llvm::interleave(
        e.getOperands(), os,
        [&](Expr f) { printExpr(f, os, Prec::Atom, printSymbol); }, " * ");
    if (parens)
      os << ')';
    return;
  }
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod: {
    bool parens = prec == Prec::Atom;
    if (parens)
      os << '(';
    printExpr(e.getOperands()[0], os, Prec::Atom, printSymbol);
    os << (e.getKind() == ExprKind::FloorDiv  ? " floordiv "
           : e.getKind() == ExprKind::CeilDiv ? " ceildiv "
                                              : " mod ");
    printExpr(e.getOperands()[1], os, Prec::Atom, printSymbol);
    if (parens)
      os << ')';
    return;
  }
  case ExprKind::Max:
  case ExprKind::Min:
    os << (e.getKind() == ExprKind::Max ? "max(" : "min(");
    llvm::interleaveComma(e.getOperands(), os, [&](Expr op) {
      printExpr(op, os, Prec::Sum, printSymbol);
    });
    os << ')';
    return;
  }
}

void Expr::print(llvm::raw_ostream &os) const {
  printExpr(*this, os, Prec::Sum,
            [](llvm::raw_ostream &out, unsigned pos) { out << 's' << pos; });
}

void Expr::print(llvm::raw_ostream &os, SymbolPrinter printSymbol) const {
  printExpr(*this, os, Prec::Sum, printSymbol);
}

std::string Expr::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}

void Expr::dump() const {
  print(llvm::errs());
  llvm::errs() << "\n";
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
class Parser {
public:
  Parser(ExprContext &ctx, ExprTokenSource &tokens)
      : ctx(ctx), tokens(tokens) {}

  FailureOr<Expr> parseSum() {
    FailureOr<Expr> lhs = parseProduct();
    if (failed(lhs))
      return failure();
    while (true) {
      bool plus = tokens.consumePunct('+');
      if (!plus && !tokens.consumePunct('-'))
        return lhs;
      FailureOr<Expr> rhs = parseProduct();
      if (failed(rhs))
        return failure();
      lhs = checked(plus ? add(*lhs, *rhs) : sub(*lhs, *rhs));
      if (failed(lhs))
        return failure();
    }
  }

private:
  FailureOr<Expr> checked(Expr e, StringRef what = "integer overflow") {
    if (!e) {
      (void)tokens.emitError("expression is not representable: " + what);
      return failure();
    }
    return e;
  }

  FailureOr<Expr> parseProduct() {
    FailureOr<Expr> lhs = parseUnary();
    if (failed(lhs))
      return failure();
    while (true) {
      ExprKind kind;
      if (tokens.consumePunct('*'))
        kind = ExprKind::Mul;
      else if (tokens.consumeKeyword("floordiv"))
        kind = ExprKind::FloorDiv;
      else if (tokens.consumeKeyword("ceildiv"))
        kind = ExprKind::CeilDiv;
      else if (tokens.consumeKeyword("mod"))
        kind = ExprKind::Mod;
      else
        return lhs;
      FailureOr<Expr> rhs = parseUnary();
      if (failed(rhs))
        return failure();
      if (kind != ExprKind::Mul && rhs->isConstant() &&
          rhs->getConstantValue() == 0) {
        (void)tokens.emitError("division by zero in expression");
        return failure();
      }
      switch (kind) {
      case ExprKind::Mul:
        lhs = checked(mul(*lhs, *rhs));
        break;
      case ExprKind::FloorDiv:
        lhs = checked(floorDiv(*lhs, *rhs));
        break;
      case ExprKind::CeilDiv:
        lhs = checked(ceilDiv(*lhs, *rhs));
        break;
      default:
        lhs = checked(mod(*lhs, *rhs));
        break;
      }
      if (failed(lhs))
        return failure();
    }
  }

  FailureOr<Expr> parseUnary() {
    if (!tokens.consumePunct('-'))
      return parsePrimary();
    // A negated literal may be -2^63, whose magnitude does not fit int64.
    uint64_t magnitude;
    if (std::optional<bool> lit = tokens.consumeInteger(magnitude)) {
      if (!*lit)
        return failure();
      if (magnitude > static_cast<uint64_t>(INT64_MAX) + 1) {
        (void)tokens.emitError("integer literal does not fit in 64 bits");
        return failure();
      }
      return ctx.getConstant(static_cast<int64_t>(0 - magnitude));
    }
    FailureOr<Expr> operand = parseUnary();
    if (failed(operand))
      return failure();
    return checked(neg(*operand));
  }

  FailureOr<Expr> parsePrimary() {
    uint64_t value;
    if (std::optional<bool> lit = tokens.consumeInteger(value)) {
      if (!*lit)
        return failure();
      if (value > static_cast<uint64_t>(INT64_MAX)) {
        (void)tokens.emitError("integer literal does not fit in 64 bits");
        return failure();
      }
      return ctx.getConstant(static_cast<int64_t>(value));
    }
    if (tokens.consumePunct('(')) {
      FailureOr<Expr> inner = parseSum();
      if (failed(inner))
        return failure();
      if (!tokens.consumePunct(')')) {
        (void)tokens.emitError("expected ')' in expression");
        return failure();
      }
      return inner;
    }
    std::string ident;
    if (!tokens.consumeIdentifier(ident)) {
      (void)tokens.emitError("expected an integer, a symbol 's<N>', 'max', "
                             "'min' or '(' in expression");
      return failure();
    }
    if (ident == "max" || ident == "min")
      return parseMaxMin(ident == "max");
    if (ident.size() >= 2 && ident[0] == 's' &&
        llvm::all_of(StringRef(ident).drop_front(), llvm::isDigit)) {
      unsigned pos;
      if (StringRef(ident).drop_front().getAsInteger(10, pos) ||
          pos > kMaxSymbolPosition) {
        (void)tokens.emitError("symbol position out of range: " + ident);
        return failure();
      }
      return ctx.getSymbol(pos);
    }
    (void)tokens.emitError("unknown identifier '" + ident +
                           "' in expression (symbols are written s0, s1, ...)");
    return failure();
  }

  FailureOr<Expr> parseMaxMin(bool isMax) {
    if (!tokens.consumePunct('(')) {
      (void)tokens.emitError(Twine("expected '(' after '") +
                             (isMax ? "max" : "min") + "'");
      return failure();
    }
    SmallVector<Expr, 4> ops;
    do {
      FailureOr<Expr> op = parseSum();
      if (failed(op))
        return failure();
      ops.push_back(*op);
    } while (tokens.consumePunct(','));
    if (!tokens.consumePunct(')')) {
      (void)tokens.emitError("expected ',' or ')' in max/min");
      return failure();
    }
    return checked(isMax ? max(ops) : min(ops));
  }

  static constexpr unsigned kMaxSymbolPosition = 1u << 20;
  ExprContext &ctx;
  ExprTokenSource &tokens;
};

/// A token source over a string; with a resolver, its identifiers are
/// symbol names, each passed to the parser as the positional `s<k>` it
/// resolves to.
class StringTokenSource : public ExprTokenSource {
public:
  StringTokenSource(StringRef text, SymbolResolver resolve)
      : text(text), resolve(resolve) {}

  bool consumeKeyword(StringRef keyword) override {
    skipSpace();
    StringRef ident = peekIdentifier();
    if (ident != keyword)
      return false;
    pos += ident.size();
    return true;
  }
  bool consumeIdentifier(std::string &identifier) override {
    skipSpace();
    StringRef ident = peekIdentifier();
    if (ident.empty())
      return false;
    pos += ident.size();
    if (!resolve || ident == "max" || ident == "min") {
      identifier = ident.str();
      return true;
    }
    if (std::optional<unsigned> k = resolve(ident)) {
      identifier = "s" + std::to_string(*k);
      return true;
    }
    // Not `s` digits, so that the parser reports it; the error names it.
    identifier = "?" + ident.str();
    unknown = ident.str();
    return true;
  }
  std::optional<bool> consumeInteger(uint64_t &value) override {
    skipSpace();
    size_t end = pos;
    while (end < text.size() && llvm::isDigit(text[end]))
      ++end;
    if (end == pos)
      return std::nullopt;
    StringRef digits = text.slice(pos, end);
    if (digits.getAsInteger(10, value)) {
      (void)emitError("integer literal does not fit in 64 bits");
      return false;
    }
    pos = end;
    return true;
  }
  bool consumePunct(char punct) override {
    skipSpace();
    if (pos < text.size() && text[pos] == punct) {
      ++pos;
      return true;
    }
    return false;
  }
  LogicalResult emitError(const llvm::Twine &message) override {
    if (error.empty())
      error =
          ((unknown.empty() ? message : "unknown symbol '" + unknown + "'") +
           " at offset " + Twine(pos))
              .str();
    return failure();
  }
  bool atEnd() {
    skipSpace();
    return pos == text.size();
  }
  std::string error;

private:
  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  StringRef peekIdentifier() const {
    size_t end = pos;
    if (end < text.size() && (llvm::isAlpha(text[end]) || text[end] == '_')) {
      while (end < text.size() &&
             (llvm::isAlnum(text[end]) || text[end] == '_'))
        ++end;
    }
    return text.slice(pos, end);
  }
  StringRef text;
  size_t pos = 0;
  SymbolResolver resolve;
  std::string unknown;
};
} // namespace

FailureOr<Expr> symshape::parseExpr(ExprContext &ctx, ExprTokenSource &tokens) {
  return Parser(ctx, tokens).parseSum();
}

Expr symshape::parseExpr(ExprContext &ctx, StringRef text, std::string *error,
                         SymbolResolver resolve) {
  StringTokenSource tokens(text, resolve);
  FailureOr<Expr> e = parseExpr(ctx, tokens);
  if (succeeded(e) && !tokens.atEnd()) {
    (void)tokens.emitError("unexpected trailing characters");
    e = failure();
  }
  if (failed(e)) {
    if (error)
      *error = tokens.error;
    return Expr();
  }
  return *e;
}
