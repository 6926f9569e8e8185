//===- SortedRuns.h - Merging sorted runs in place --------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The engine builds canonical lists (the terms of a sum, the symbols of a
// node) by concatenating lists that are each sorted already: merging the
// runs costs O(n log runs), where sorting would cost O(n log n).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_ENGINE_SORTEDRUNS_H
#define SYMSHAPE_LIB_ENGINE_SORTEDRUNS_H

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <iterator>

namespace symshape {

/// Merges the sorted runs of `items` that start at `starts` (the first at 0,
/// in increasing order) into one sorted list, adjacent runs in pairs, the
/// earlier one first on ties (so equal items keep their input order, as a
/// stable sort keeps them), log(runs) rounds through one buffer.
template <typename T, typename Less>
void mergeSortedRuns(llvm::SmallVectorImpl<T> &items,
                     llvm::SmallVector<size_t, 8> starts, Less less) {
  llvm::SmallVector<T, 8> merged;
  while (starts.size() > 1) {
    merged.clear();
    merged.reserve(items.size());
    llvm::SmallVector<size_t, 8> next;
    for (size_t i = 0; i < starts.size(); i += 2) {
      next.push_back(merged.size());
      size_t mid = i + 1 < starts.size() ? starts[i + 1] : items.size();
      size_t end = i + 2 < starts.size() ? starts[i + 2] : items.size();
      auto first = items.begin() + starts[i], middle = items.begin() + mid,
           last = items.begin() + end;
      // One item into a long run (a sum plus one term): found by binary
      // search, where a merge would compare it with every item. Where
      // std::merge would put it: after the equal items of the run before it,
      // before those of the run after it.
      if (last - middle == 1 && middle - first > 1) {
        auto at = std::upper_bound(first, middle, *middle, less);
        merged.append(first, at);
        merged.push_back(*middle);
        merged.append(at, middle);
        continue;
      }
      if (middle - first == 1 && last - middle > 1) {
        auto at = std::lower_bound(middle, last, *first, less);
        merged.append(middle, at);
        merged.push_back(*first);
        merged.append(at, last);
        continue;
      }
      std::merge(first, middle, middle, last, std::back_inserter(merged), less);
    }
    items.swap(merged);
    starts = std::move(next);
  }
}

} // namespace symshape

#endif // SYMSHAPE_LIB_ENGINE_SORTEDRUNS_H
