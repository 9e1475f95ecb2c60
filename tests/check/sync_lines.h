// SPDX-License-Identifier: BSD-3-Clause
// Process-synchronisation lines written by hand in the runtime's format (docs/check_records.md,
// happens_before.h), for the record fixtures of the RMA analysis tests.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

namespace redsem::check::test {

// The lines of the `index`-th MPI_Barrier on MPI_COMM_WORLD (comm 0), one per rank of an
// n-rank run; the first barrier's lines are preceded by the communicator's sync_comm line.
inline std::vector<std::vector<nlohmann::json>> barrier_lines(std::size_t ranks, long long index) {
  nlohmann::json members = nlohmann::json::array();
  for (std::size_t r = 0; r < ranks; ++r) members.push_back(r);
  std::vector<std::vector<nlohmann::json>> out(ranks);
  for (auto& lines : out) {
    if (index == 0) lines.push_back({{"ev", "sync_comm"}, {"comm", 0}, {"members", members}});
    lines.push_back({{"ev", "process_sync"}, {"call", "MPI_Barrier"}, {"comm", 0}, {"collective", index}});
  }
  return out;
}

// A rank synchronised through a call the check does not model: the run's timing then decides.
inline nlohmann::json unmodelled_line() { return {{"ev", "sync_unmodelled"}, {"call", "MPI_Isend"}}; }

}  // namespace redsem::check::test
