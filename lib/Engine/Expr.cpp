//===- Expr.cpp - The store of expressions and their accessors ------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// Expressions are uniqued in a store of their own (ExprContext); this file
// holds the store and the accessors of a node. The canonical forms the
// builders produce are in ExprBuilders.cpp; substitution and evaluation in
// ExprSubstitute.cpp; printing in ExprPrinter.cpp; parsing in ExprParser.cpp.
//
//===----------------------------------------------------------------------===//

#include "symshape/Engine/Expr.h"
#include "SortedRuns.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <mutex>

using namespace symshape;
using llvm::SmallVector;

//===----------------------------------------------------------------------===//
// Storage and uniquing
//===----------------------------------------------------------------------===//

namespace symshape {
namespace detail {
/// The lookup key of a node: its kind, value, operands and coefficients, and
/// their hash; for a sum, the wrapping sum of its terms' hashes, and the sum
/// it extends by one term (checked: ExprStorage::extended) with that term's
/// position.
struct ExprKey {
  ExprKind kind;
  int64_t value;
  ArrayRef<Expr> operands;
  ArrayRef<int64_t> coefficients;
  unsigned hash = 0;
  uint32_t termHashes = 0;
  const ExprStorage *extended = nullptr;
  unsigned extensionIndex = 0;
};

static bool matches(const ExprStorage &node, const ExprKey &key) {
  if (node.kind != key.kind || node.value != key.value)
    return false;
  // Both are the same sum plus one term at the same position: they are equal
  // if that term and its coefficient are.
  if (key.extended && node.extended == key.extended &&
      node.extensionIndex == key.extensionIndex) {
    unsigned j = key.extensionIndex;
    return node.operands[j] == key.operands[j] &&
           node.coefficients[j] == key.coefficients[j];
  }
  return node.operands == key.operands && node.coefficients == key.coefficients;
}
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

/// The hash of one term of a sum, mixed well enough on its own that the
/// wrapping sum of a sum's term hashes is a good hash of its terms (a sum's
/// terms have one canonical order, so the order need not count).
static uint32_t termHash(Expr term, int64_t coefficient) {
  uint64_t h = mixHash(reinterpret_cast<uintptr_t>(term.getAsOpaquePointer()),
                       static_cast<uint64_t>(coefficient));
  return finishHash(h);
}

/// The hash of a sum of `size` terms, from the sum of their hashes.
static unsigned hashSum(int64_t value, size_t size, uint32_t termHashes) {
  uint64_t h = mixHash(static_cast<uint64_t>(ExprKind::Add) + 1,
                       static_cast<uint64_t>(value));
  return finishHash(mixHash(h, (static_cast<uint64_t>(size) << 32) |
                                   static_cast<uint64_t>(termHashes)));
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
           entry.node != getTombstoneKey().node && matches(*entry.node, key);
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
  /// ExprContext::getMemoized's results, spread over shards the same way.
  struct MemoShard {
    std::mutex mutex;
    llvm::DenseMap<std::tuple<unsigned, Expr, Expr>, Expr> results;
  };
  MemoShard memo[kNumShards];
  std::atomic<ExprStorage *>
      constants[kMaxCachedConstant - kMinCachedConstant + 1] = {};
  std::atomic<ExprStorage *> symbols[kNumCachedSymbols] = {};

  ExprStorage *getOrCreate(ExprContext *context, ExprKind kind, int64_t value,
                           ArrayRef<Expr> operands,
                           ArrayRef<int64_t> coefficients,
                           Expr extends = Expr());
};

/// The position of the one term that the sum (`value`, `operands`,
/// `coefficients`) has beyond the sum `shorter`, if it is `shorter` plus one
/// term (same constant; the other terms and coefficients equal and in
/// order).
static std::optional<unsigned> extensionIndex(int64_t value,
                                              ArrayRef<Expr> operands,
                                              ArrayRef<int64_t> coefficients,
                                              Expr shorter) {
  if (!shorter || operands.size() <= Expr::kMinExtendedSumTerms ||
      shorter.getKind() != ExprKind::Add || shorter.getAddConstant() != value ||
      shorter.getOperands().size() + 1 != operands.size())
    return std::nullopt;
  ArrayRef<Expr> ops = shorter.getOperands();
  ArrayRef<int64_t> coeffs = shorter.getCoefficients();
  unsigned j = 0;
  while (j < ops.size() && ops[j] == operands[j] &&
         coeffs[j] == coefficients[j])
    ++j;
  if (ops.drop_front(j) != operands.drop_front(j + 1) ||
      coeffs.drop_front(j) != coefficients.drop_front(j + 1))
    return std::nullopt;
  return j;
}

/// A set takes the symbols of another by insertion (appendUnionWithFew)
/// where it has at least this many times as many.
constexpr size_t kFewPerWide = 4;

/// The position of the operand with the most symbols, if the other
/// operands have few in all beside it (kFewPerWide: sorting those few costs
/// less than merging runs through the whole set).
static std::optional<size_t> dominantSymbolSet(ArrayRef<Expr> ops) {
  size_t widest = 0, total = 0;
  for (auto [i, op] : llvm::enumerate(ops)) {
    size_t n = op.getSymbolsUsed().size();
    total += n;
    if (n > ops[widest].getSymbolsUsed().size())
      widest = i;
  }
  size_t wide = ops[widest].getSymbolsUsed().size();
  if (wide == 0 || (total - wide) * kFewPerWide > wide)
    return std::nullopt;
  return widest;
}

/// Appends to `out` the union of the sorted sets `wide` and `few`: each of
/// `few` found by binary search, `wide` copied in the chunks between them
/// (linear in the few and a copy of the wide, where a merge compares
/// every element).
static void appendUnionWithFew(SmallVectorImpl<unsigned> &out,
                               ArrayRef<unsigned> wide,
                               ArrayRef<unsigned> few) {
  out.reserve(out.size() + wide.size() + few.size());
  const unsigned *from = wide.begin();
  for (unsigned pos : few) {
    const unsigned *at = std::lower_bound(from, wide.end(), pos);
    out.append(from, at);
    if (at == wide.end() || *at != pos)
      out.push_back(pos);
    from = at;
  }
  out.append(from, wide.end());
}

/// Appends to `out` the union of the sorted sets `a` and `b`: the smaller
/// inserted into the larger where it is few beside it, else merged.
static void appendUnion(SmallVectorImpl<unsigned> &out, ArrayRef<unsigned> a,
                        ArrayRef<unsigned> b) {
  if (a.size() < b.size())
    std::swap(a, b);
  if (b.size() * kFewPerWide <= a.size()) {
    appendUnionWithFew(out, a, b);
    return;
  }
  out.reserve(out.size() + a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(),
                 std::back_inserter(out));
}

/// Builds a node in `allocator`. Its symbol set is the union of its
/// operands' sets (so that a DAG is never walked as a tree to find them).
static ExprStorage *constructNode(llvm::BumpPtrAllocator &allocator,
                                  const ExprKey &key, ExprContext *context) {
  SmallVector<unsigned, 8> symbols;
  if (key.kind == ExprKind::Symbol)
    symbols.push_back(static_cast<unsigned>(key.value));
  // A sum that extends another by one term: that sum's set and the term's.
  // Otherwise, a few operands: merged one after the other (each set is
  // sorted). Many: where one operand has most of the symbols (a max of a
  // wide max and a few dims), the others' symbols, sorted, inserted into
  // its set; else concatenated, and the sorted runs merged in pairs,
  // log(runs) rounds through one buffer (one merge after the other would
  // cost quadratic time for a max of many operands). A few symbols join a
  // wide set by insertion (appendUnion), not by a merge.
  ArrayRef<Expr> ops = key.operands;
  if (key.extended) {
    ArrayRef<unsigned> shorter = key.extended->symbols;
    appendUnion(symbols, shorter, ops[key.extensionIndex].getSymbolsUsed());
  } else if (ops.size() <= 4) {
    for (Expr op : ops) {
      ArrayRef<unsigned> more = op.getSymbolsUsed();
      if (more.empty())
        continue;
      SmallVector<unsigned, 8> merged;
      appendUnion(merged, symbols, more);
      symbols = std::move(merged);
    }
  } else if (std::optional<size_t> widest = dominantSymbolSet(ops)) {
    SmallVector<unsigned, 16> rest;
    for (auto [i, op] : llvm::enumerate(ops))
      if (i != *widest)
        llvm::append_range(rest, op.getSymbolsUsed());
    llvm::sort(rest);
    rest.erase(std::unique(rest.begin(), rest.end()), rest.end());
    appendUnionWithFew(symbols, ops[*widest].getSymbolsUsed(), rest);
  } else {
    size_t total = symbols.size();
    for (Expr op : ops)
      total += op.getSymbolsUsed().size();
    symbols.reserve(total);
    // The start of each sorted run.
    SmallVector<size_t, 8> starts;
    if (!symbols.empty())
      starts.push_back(0);
    for (Expr op : ops) {
      ArrayRef<unsigned> more = op.getSymbolsUsed();
      if (more.empty())
        continue;
      // A run that continues the previous one in order is part of it.
      if (symbols.empty() || symbols.back() >= more.front())
        starts.push_back(symbols.size());
      llvm::append_range(symbols, more);
    }
    mergeSortedRuns(symbols, std::move(starts), std::less<unsigned>());
    symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  }
  // The node's layout is in Expr.h.
  return new (allocator.Allocate<ExprStorage>())
      ExprStorage{key.kind,
                  key.termHashes,
                  key.value,
                  ops.copy(allocator),
                  ArrayRef<int64_t>(key.coefficients).copy(allocator),
                  ArrayRef<unsigned>(symbols).copy(allocator),
                  context,
                  key.extended,
                  key.extensionIndex};
}

ExprStorage *ExprContext::Impl::getOrCreate(ExprContext *context, ExprKind kind,
                                            int64_t value,
                                            ArrayRef<Expr> operands,
                                            ArrayRef<int64_t> coefficients,
                                            Expr extends) {
  ExprKey key{kind, value, operands, coefficients};
  if (kind == ExprKind::Add) {
    assert(operands.size() == coefficients.size() &&
           "a sum has one coefficient per term");
    // A sum that extends `extends` by one term hashes from its hash.
    if (std::optional<unsigned> j =
            extensionIndex(value, operands, coefficients, extends)) {
      key.extended =
          static_cast<const ExprStorage *>(extends.getAsOpaquePointer());
      key.extensionIndex = *j;
      key.termHashes =
          key.extended->termHashes + termHash(operands[*j], coefficients[*j]);
    } else {
      for (size_t i = 0, e = operands.size(); i != e; ++i)
        key.termHashes += termHash(operands[i], coefficients[i]);
    }
    key.hash = hashSum(value, operands.size(), key.termHashes);
  } else {
    key.hash = hashKey(kind, value, operands, coefficients);
  }
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
                          ArrayRef<int64_t> coefficients, Expr extends) {
  return Expr(
      impl->getOrCreate(this, kind, value, operands, coefficients, extends));
}

Expr ExprContext::getMemoized(ExprKind kind, Expr a, Expr b,
                              llvm::function_ref<Expr()> build) {
  auto key = std::make_tuple(static_cast<unsigned>(kind), a, b);
  unsigned hash = llvm::DenseMapInfo<decltype(key)>::getHashValue(key);
  Impl::MemoShard &shard = impl->memo[hash >> (32 - Impl::kShardBits)];
  {
    std::lock_guard<std::mutex> lock(shard.mutex);
    auto it = shard.results.find(key);
    if (it != shard.results.end())
      return it->second;
  }
  // Built outside the lock (the builder uniques nodes, which locks their
  // shards); a thread that built the same result first wins, with the same
  // node.
  Expr result = build();
  std::lock_guard<std::mutex> lock(shard.mutex);
  return shard.results.try_emplace(key, result).first->second;
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

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

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

size_t Expr::getTreeSize() const {
  if (!storage)
    return 0;
  size_t size = 1;
  for (Expr op : getOperands())
    size += op.getTreeSize();
  return size;
}

bool Expr::usesSymbol(unsigned pos) const {
  return storage && std::binary_search(storage->symbols.begin(),
                                       storage->symbols.end(), pos);
}
