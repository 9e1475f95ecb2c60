// SPDX-License-Identifier: BSD-3-Clause
// pscw_order (rma_pscw_order.h).
#include "check/analysis/rma_pscw_order.h"

#include <algorithm>
#include <string>

#include "check/analysis/rma_pscw.h"

namespace redsem::check {

using json = nlohmann::json;

namespace {

bool names(const std::optional<std::vector<int>>& group, int win_rank) {
  return group && std::find(group->begin(), group->end(), win_rank) != group->end();
}

}  // namespace

pscw_order::pscw_order(const std::vector<std::vector<json>>& records_by_rank) {
  for (std::size_t r = 0; r < records_by_rank.size(); ++r)
    for (std::size_t i = 0; i < records_by_rank[r].size(); ++i) {
      const json& l = records_by_rank[r][i];
      if (l.value("ev", "") != "rma_sync") continue;
      epochs& e = by_rank_[{static_cast<int>(r), l.value("win", -1)}];
      const std::string call = l.value("call", "");
      if (call == "MPI_Win_start") e.access.push_back({pscw_group_of(l)});
      if (call == "MPI_Win_post") e.exposure.push_back({pscw_group_of(l)});
      std::vector<epoch>* closing = call == "MPI_Win_complete"                         ? &e.access
                                    : call == "MPI_Win_wait" || call == "MPI_Win_test" ? &e.exposure
                                                                                       : nullptr;
      if (closing && !closing->empty() && closing->back().close == static_cast<std::size_t>(-1))
        closing->back().close = i;
    }
}

const pscw_order::epochs* pscw_order::of(const site& s) const {
  const auto it = by_rank_.find({s.world_rank, s.win_local});
  return it == by_rank_.end() ? nullptr : &it->second;
}

std::optional<bool> pscw_order::completes_before(const site& before, const site& after) const {
  const epochs* origin = of(before);
  const epochs* target = of(after);
  if (!origin || !target) return false;
  // The origin's first access epoch naming the target completed after `before`: its j-th such.
  std::size_t j = 0;
  std::optional<std::size_t> found;
  for (const epoch& a : origin->access) {
    if (!a.group) return std::nullopt;
    if (!names(a.group, after.win_rank)) continue;
    if (a.close != static_cast<std::size_t>(-1) && a.close > before.line) {
      found = j;
      break;
    }
    ++j;
  }
  if (!found) return false;
  std::size_t k = 0;
  for (const epoch& x : target->exposure) {
    if (!x.group) return std::nullopt;
    if (!names(x.group, before.win_rank)) continue;
    if (k++ == *found) return x.close != static_cast<std::size_t>(-1) && x.close < after.line;
  }
  return false;
}

bool pscw_order::through_third_rank(const site& before, const site& after) const {
  const epochs* origin = of(before);
  const epochs* target = of(after);
  constexpr std::size_t open = static_cast<std::size_t>(-1);
  const bool completes = origin && std::any_of(origin->access.begin(), origin->access.end(), [&](const epoch& a) {
                           return a.close != open && a.close > before.line && !names(a.group, after.win_rank);
                         });
  const bool waits = target && std::any_of(target->exposure.begin(), target->exposure.end(), [&](const epoch& x) {
                       return x.close != open && x.close < after.line && !names(x.group, before.win_rank);
                     });
  return completes || waits;
}

}  // namespace redsem::check
