// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_pscw.h"

#include <algorithm>
#include <string>

namespace redsem::check {

std::optional<std::vector<int>> pscw_group_of(const nlohmann::json& line) {
  const auto g = line.find("group");
  if (g == line.end() || !g->is_array() || line.contains("group_bounded")) return std::nullopt;
  std::vector<int> group;
  for (const auto& member : *g) group.push_back(member.is_number_integer() ? member.get<int>() : -1);
  return group;
}

// Matches each access epoch to the target's exposure epoch naming the origin in the same place
// (MPI-4.1 §13.5.2) and makes one set per exposure epoch of the calls of all its access epochs.
void pscw_sets(const rma_window& w, const pscw_by_origin& calls, const pscw_posts& posts, rma_epochs& out) {
  std::map<std::pair<int, int>, rma_access_set> sets;  // by (target, exposure epoch)
  for (const auto& [origin, epochs] : calls)
    for (const auto& [where, accesses] : epochs) {
      const auto [target, j] = where;
      std::optional<int> k;
      int naming = 0;
      const auto p = posts.find(target);
      for (std::size_t i = 0; p != posts.end() && i < p->second.size() && !k; ++i)
        if (!p->second[i] || std::ranges::find(*p->second[i], origin) != p->second[i]->end())
          if (naming++ == j && p->second[i]) k = static_cast<int>(i);
      if (!k) {
        out.unanalysed.push_back({w.id, "PSCW access epoch", target,
                                  "no exposure epoch of the target that the record shows matches it (its MPI_Win_post "
                                  "is missing or its group was bounded)",
                                  "window rank " + std::to_string(origin)});
        continue;
      }
      auto& s =
          sets.try_emplace(
                  {target, *k},
                  rma_access_set{
                      w.key, w.id, target, rma_sync_mode::pscw, "PSCW exposure epoch " + std::to_string(*k + 1), {}})
              .first->second;
      s.accesses.insert(s.accesses.end(), accesses.begin(), accesses.end());
    }
  for (auto& [where, s] : sets) {
    order_by_origin(s.accesses);
    out.sets.push_back(std::move(s));
  }
}

}  // namespace redsem::check
