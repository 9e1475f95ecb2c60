// SPDX-License-Identifier: BSD-3-Clause
// The program's direct loads and stores of window memory (`local_access` lines), placed in the
// segment they reach, and shared_memory_race (rma_local_races.h): two ranks' direct accesses to
// the same bytes of one segment of a shared-memory window, a store among them, unsynchronised.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "check/analysis/happens_before.h"
#include "check/analysis/rma_epochs.h"
#include "check/analysis/rma_fence_order.h"

namespace redsem::check {

// A local_access line placed in the memory it reaches: window key and the segment's owner.
struct direct_access {
  int world_rank = -1;
  std::size_t index = 0;  // its place in its rank's record
  const nlohmann::json* line = nullptr;
  int win_local = -1;
  std::pair<int, int> segment;  // (window key, owner's window rank)
  std::int64_t lo = 0, hi = 0;
  bool store = false;
};

std::vector<direct_access> direct_accesses(const std::vector<std::vector<nlohmann::json>>& records,
                                           const window_names& window_of);

// Direct accesses of two ranks to the same bytes of one segment, a store among them, that no
// synchronisation orders: pairs, each access in at most one (shared_memory_race, or
// shared_memory_no_win_sync, a warning, when process synchronisation alone orders them), one finding
// per check, window, segment, pair of ranks and epoch (`pairs` counts them); and, once per window,
// an `rma_not_analysed` line when a pair's order is not modelled (rma_shared_races.cpp says which).
std::vector<nlohmann::json> shared_memory_races(const std::vector<std::vector<nlohmann::json>>& records,
                                                const rma_epochs& epochs, const std::vector<direct_access>& accesses,
                                                const happens_before& order, const fence_order& fences);

}  // namespace redsem::check
