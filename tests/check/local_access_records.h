// SPDX-License-Identifier: BSD-3-Clause
// Records of one window written by hand in the runtime's format (docs/check_records.md, "The
// local-access watcher"), for the tests of window_access_races and of the shared-memory races it
// adds: remote calls, synchronisation, and local or direct accesses.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/check/window_records.h"

namespace redsem::check::test {

// n ranks' records of one window of 16 bytes per rank, disp_unit 4, on one host.
class local_access_records : public window_records<local_access_records> {
 public:
  explicit local_access_records(int n = 2) : window_records(n, "MPI_Win_allocate", {{"host", "node0"}}) {}
  local_access_records& sync(int rank, const std::string& call, long long time, int target = -1) {
    nlohmann::json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"time", time}};
    if (target >= 0) l["target"] = target;
    return add(rank, l);
  }
  // Rank 1's call on rank 0's element 1 (bytes 4 to 8).
  local_access_records& call(const std::string& name, long long time) {
    return add(1, {{"ev", "rma_call"},
                   {"win", 0},
                   {"call", name},
                   {"target", 0},
                   {"disp", 1},
                   {"count", 1},
                   {"type", "MPI_INT"},
                   {"time", time}});
  }
  // Rank 0's own access to its window.
  local_access_records& access(const std::string& mode, long long fence, long long offset, const std::string& kind,
                               long long time) {
    return direct(0, 0, mode, fence, offset, kind, time);
  }
  // Rank `rank`'s direct access to rank `owner`'s segment (its own when they are equal).
  local_access_records& direct(int rank, int owner, const std::string& mode, long long fence, long long offset,
                               const std::string& kind, long long time) {
    nlohmann::json l{{"ev", "local_access"}, {"win", 0},         {"buffer", "window"},
                     {"mode", mode},         {"offset", offset}, {"bytes", 1},
                     {"access", kind},       {"time", time},     {"time_last", time}};
    if (mode == "fence") l["fence"] = fence;
    if (owner != rank) l["segment_rank"] = owner;
    return add(rank, l);
  }
};

// How many of `findings` are of `check`.
inline std::size_t count(const std::vector<nlohmann::json>& findings, const std::string& check) {
  std::size_t n = 0;
  for (const nlohmann::json& f : findings) n += f["check"] == check;
  return n;
}

}  // namespace redsem::check::test
