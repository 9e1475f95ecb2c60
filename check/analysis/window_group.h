// SPDX-License-Identifier: BSD-3-Clause
// How a window is named across ranks, in one place for the RMA analysis (rma_epochs.h) and the
// happens-before replay of MPI_Win_free (sync_windows.h): by its group's world ranks, as the
// creating call's `rma_win` line records them, and its place among the windows each member
// created on that group (every member creates them in one order: the calls are collective).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "check/analysis/record_fields.h"

namespace redsem::check {

// The group of an `rma_win` line, when it names `world_rank` at the line's window rank; otherwise
// (a group beyond the bound on members recorded, a damaged line) none. A member that is not an
// integer is -1.
inline std::optional<std::vector<int>> recorded_window_group(const nlohmann::json& line, int world_rank) {
  const auto win_rank = int_of(line, "win_rank", -1);
  std::vector<int> group;
  if (const auto g = line.find("group"); g != line.end() && g->is_array())
    for (const auto& member : *g) group.push_back(member.is_number_integer() ? member.get<int>() : -1);
  if (group.empty() || win_rank < 0 || static_cast<std::size_t>(win_rank) >= group.size() ||
      group[static_cast<std::size_t>(win_rank)] != world_rank)
    return std::nullopt;
  return group;
}

}  // namespace redsem::check
