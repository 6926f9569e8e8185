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
      // std::merge would put it: after the equal items of the run before it
      // (`after`), before those of the run after it.
      auto insert = [&](auto runFirst, auto runLast, const T &item,
                        bool after) {
        auto at = after ? std::upper_bound(runFirst, runLast, item, less)
                        : std::lower_bound(runFirst, runLast, item, less);
        merged.append(runFirst, at);
        merged.push_back(item);
        merged.append(at, runLast);
      };
      if (last - middle == 1 && middle - first > 1)
        insert(first, middle, *middle, /*after=*/true);
      else if (middle - first == 1 && last - middle > 1)
        insert(middle, last, *first, /*after=*/false);
      else
        std::merge(first, middle, middle, last, std::back_inserter(merged),
                   less);
    }
    items.swap(merged);
    starts = std::move(next);
  }
}

} // namespace symshape

#endif // SYMSHAPE_LIB_ENGINE_SORTEDRUNS_H
