// SPDX-License-Identifier: BSD-3-Clause
// window_syncs (sync_windows.h).
#include "check/analysis/sync_windows.h"

#include <algorithm>
#include <string>

#include "check/analysis/record_fields.h"
#include "check/analysis/window_group.h"

namespace redsem::check::sync_lines {

using json = nlohmann::json;

window_syncs::window_syncs(const std::vector<std::vector<json>>& records_by_rank) {
  for (std::size_t r = 0; r < records_by_rank.size(); ++r) {
    std::map<std::vector<int>, int> places;    // windows this rank created so far, by group
    std::map<long long, window_name> current;  // its live windows by id (an id may be reused after a free)
    for (std::size_t i = 0; i < records_by_rank[r].size(); ++i) {
      const json& l = records_by_rank[r][i];
      const std::string ev = l.value("ev", "");
      const long long id = int_of(l, "win", -1);
      if (ev == "rma_win") {
        current.erase(id);
        const auto group = recorded_window_group(l, static_cast<int>(r));
        if (!group) continue;
        const window_name name{*group, places[*group]++};
        current.emplace(id, name);
        if (flag_of(l, "no_locks")) no_locks_.insert(name);
        if (l.value("call", "") == "MPI_Win_allocate_shared")
          shared_created_.emplace(std::pair{static_cast<int>(r), i}, name);
      } else if (const auto w = current.find(id); ev == "rma_win_free" && w != current.end()) {
        frees_.emplace(std::pair{static_cast<int>(r), i}, w->second);
        current.erase(w);
      }
    }
  }
}

std::optional<step> window_syncs::step_of(int rank, std::size_t index) const {
  if (const auto made = shared_created_.find({rank, index}); made != shared_created_.end()) {
    step s{kind::collective, made->second.first, 0};
    s.comm = "shared window made " + std::to_string(made->second.second);
    return s;
  }
  const auto name = frees_.find({rank, index});
  if (name == frees_.end() || no_locks_.count(name->second)) return std::nullopt;
  step s{kind::collective, name->second.first, 0};
  s.comm = "window " + std::to_string(name->second.second);
  return s;
}

}  // namespace redsem::check::sync_lines
