// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/maximal_sets.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace redsem::check {
namespace {

using set_list = std::vector<const std::vector<std::size_t>*>;

// Whether `s` (not empty) is held by one of the sets kept so far, all of them at least as large as
// `s` and none equal to it: `holding[e]` lists the kept sets that hold the element e. A set that
// holds `s` holds each of its elements, so only the kept sets holding its rarest one are compared.
bool held(const std::vector<std::size_t>& s, const std::vector<std::vector<std::size_t>>& holding,
          const set_list& distinct) {
  const std::vector<std::size_t>* fewest = nullptr;
  for (std::size_t e : s) {
    if (e >= holding.size() || holding[e].empty()) return false;
    if (!fewest || holding[e].size() < fewest->size()) fewest = &holding[e];
  }
  return std::any_of(fewest->begin(), fewest->end(), [&](std::size_t k) {
    const auto& t = *distinct[k];
    return t.size() > s.size() && t.front() <= s.front() && s.back() <= t.back() &&
           std::includes(t.begin(), t.end(), s.begin(), s.end());
  });
}

}  // namespace

// Equal sets are one (the first); the others are decided largest first, each against the maximal
// sets already found: a set held by a larger one is held by a maximal one, found before it. The
// kept sets are indexed by element, so a set is compared only with those holding its rarest
// element, where comparing every set with every other cost the square of the sets' number.
std::vector<std::vector<std::size_t>> maximal_sets(const std::vector<std::vector<std::size_t>>& sets) {
  set_list distinct;
  std::set<std::vector<std::size_t>> seen;
  std::size_t elements = 0;
  for (const auto& s : sets)
    if (seen.insert(s).second) {
      distinct.push_back(&s);
      if (!s.empty()) elements = std::max(elements, s.back() + 1);
    }
  std::vector<std::size_t> largest_first(distinct.size());
  std::iota(largest_first.begin(), largest_first.end(), std::size_t{0});
  std::stable_sort(largest_first.begin(), largest_first.end(),
                   [&](std::size_t a, std::size_t b) { return distinct[a]->size() > distinct[b]->size(); });
  std::vector<std::vector<std::size_t>> holding(elements);
  std::vector<bool> kept(distinct.size(), false);
  bool any_kept = false;
  for (std::size_t k : largest_first) {
    const auto& s = *distinct[k];
    // The empty set is held by any other set; sets are decided largest first, so by any kept before it.
    if (s.empty() ? any_kept : held(s, holding, distinct)) continue;
    kept[k] = any_kept = true;
    for (std::size_t e : s) holding[e].push_back(k);
  }
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t k = 0; k < distinct.size(); ++k)
    if (kept[k]) out.push_back(*distinct[k]);
  return out;
}

}  // namespace redsem::check
