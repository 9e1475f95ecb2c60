// SPDX-License-Identifier: BSD-3-Clause
// MPI_Win_free as process synchronisation (MPI-4.1 §13.2.5): "no process can return from free
// until all processes in the group of win call free", unless the window's `no_locks` info key is
// true, which lets a member free its part without waiting. A free is then a collective of the
// window's group whose return follows every member's entry, as MPI_Barrier's: a step of the
// happens-before replay (happens_before.h), read from the `rma_win` and `rma_win_free` lines.
// A window is named across ranks as the RMA analysis names it (window_group.h): its group's world
// ranks and its place among the windows each member created on that group. A window one member
// gave `no_locks` (any value but "false") orders nothing at its free, nor one whose group a rank
// did not record.
//
// MPI_Win_allocate_shared (MPI-4.1 §13.2.3) as process synchronisation too: MPI_Win_shared_query,
// a local call, gives any member every other member's segment, whose size is that member's input,
// so a member's return from the creation follows every member's entry (the data flow, as a
// collective's `after`, docs/design.md).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "check/analysis/sync_lines.h"

namespace redsem::check::sync_lines {

class window_syncs {
 public:
  explicit window_syncs(const std::vector<std::vector<nlohmann::json>>& records_by_rank);
  // The step of line `index` of world rank `rank`'s record, when it is the free of a window whose
  // free orders or the creation of a shared-memory window.
  std::optional<step> step_of(int rank, std::size_t index) const;

 private:
  using window_name = std::pair<std::vector<int>, int>;                // group, place
  std::map<std::pair<int, std::size_t>, window_name> frees_;           // (world rank, line index) → the window freed
  std::map<std::pair<int, std::size_t>, window_name> shared_created_;  // likewise, a shared window made
  std::set<window_name> no_locks_;
};

}  // namespace redsem::check::sync_lines
