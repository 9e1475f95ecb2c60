// SPDX-License-Identifier: BSD-3-Clause
// fence_order (rma_fence_order.h).
#include "check/analysis/rma_fence_order.h"

#include <string>

#include "check/analysis/record_fields.h"
#include "check/analysis/rma_call_lines.h"

namespace redsem::check {

using json = nlohmann::json;

fence_order::fence_order(const std::vector<std::vector<json>>& records_by_rank) {
  for (std::size_t r = 0; r < records_by_rank.size(); ++r)
    for (std::size_t i = 0; i < records_by_rank[r].size(); ++i) {
      const json& l = records_by_rank[r][i];
      const std::string ev = l.value("ev", "");
      if (ev != "rma_sync" && ev != "rma_limit") continue;
      auto& fences = fences_.try_emplace({static_cast<int>(r), l.value("win", -1)}, std::vector<fence>{}).first->second;
      if (window_record_stops(l)) fences.reset();
      if (ev != "rma_sync" || !fences || l.value("call", "") != "MPI_Win_fence") continue;
      const bool noprecede = flag_of(l, "noprecede"), nosucceed = flag_of(l, "nosucceed");
      const bool ends = !noprecede && !fences->empty() && !fences->back().nosucceed;
      fences->push_back({i, !(noprecede && nosucceed), ends, nosucceed});
    }
}

const std::vector<fence_order::fence>* fence_order::fences_of(int world_rank, int win_local) const {
  const auto it = fences_.find({world_rank, win_local});
  return it == fences_.end() || !it->second ? nullptr : &*it->second;
}

bool fence_order::precedes_call(const site& access, const site& target, const site& call,
                                const happens_before& order) const {
  const std::vector<fence>* mine = fences_of(call.world_rank, call.win_local);
  const std::vector<fence>* theirs = fences_of(target.world_rank, target.win_local);
  if (!mine || !theirs) return false;
  // The origin's last fence before the call that orders: the target's matching fence is its
  // latest, and so the one the access most likely precedes (an earlier one it precedes too).
  for (std::size_t k = mine->size(); k-- > 0;) {
    if ((*mine)[k].line >= call.line || !(*mine)[k].orders) continue;
    if (k >= theirs->size() || !(*theirs)[k].orders) return false;
    const std::size_t fence_line = (*theirs)[k].line;
    if (access.world_rank == target.world_rank) return access.line < fence_line;
    return order.ordered(access.world_rank, access.line, target.world_rank, fence_line).value_or(false);
  }
  return false;
}

bool fence_order::barrier_between(const site& before, const site& after) const {
  const std::vector<fence>* first = fences_of(before.world_rank, before.win_local);
  const std::vector<fence>* second = fences_of(after.world_rank, after.win_local);
  if (!first || !second) return false;
  for (std::size_t k = 0; k < first->size() && k < second->size(); ++k)
    if ((*first)[k].ends_epoch && (*second)[k].ends_epoch && before.line < (*first)[k].line &&
        (*second)[k].line < after.line)
      return true;
  return false;
}

}  // namespace redsem::check
