// SPDX-License-Identifier: BSD-3-Clause
// Process-synchronisation records written by hand in the runtime's format (docs/check_records.md,
// "Process synchronisation"), for the happens_before tests.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

namespace redsem::check::test {

// n ranks' records; every rank has described MPI_COMM_WORLD (comm 0) as its first line.
class sync_records {
 public:
  explicit sync_records(int n) : by_rank_(static_cast<std::size_t>(n)) {
    nlohmann::json members = nlohmann::json::array();
    for (int r = 0; r < n; ++r) members.push_back(r);
    for (int r = 0; r < n; ++r) add(r, {{"ev", "sync_comm"}, {"comm", 0}, {"members", members}});
  }
  // A line standing for anything else the rank did (an access, an RMA call); returns its index.
  std::size_t mark(int rank) { return add(rank, {{"ev", "local_access"}}); }
  void barrier(long long index) {
    for (std::size_t r = 0; r < by_rank_.size(); ++r)
      add(static_cast<int>(r), {{"ev", "process_sync"}, {"call", "MPI_Barrier"}, {"comm", 0}, {"collective", index}});
  }
  void send(int from, int to, long long n, bool synchronous = false) {
    nlohmann::json part{{"to", to}, {"tag", 7}, {"n", n}};
    if (synchronous) part["synchronous"] = true;
    add(from, {{"ev", "process_sync"}, {"call", "MPI_Send"}, {"comm", 0}, {"send", part}});
  }
  // `nonblocking`: a receive request's completion (MPI_Irecv … MPI_Wait).
  void recv(int to, int from, long long n, bool nonblocking = false) {
    nlohmann::json part{{"from", from}, {"tag", 7}, {"n", n}};
    if (nonblocking) part["nonblocking"] = true;
    add(to, {{"ev", "process_sync"}, {"call", nonblocking ? "MPI_Wait" : "MPI_Recv"}, {"comm", 0}, {"recv", part}});
  }
  std::size_t add(int rank, nlohmann::json l) {
    auto& lines = by_rank_[static_cast<std::size_t>(rank)];
    lines.push_back(std::move(l));
    return lines.size() - 1;
  }
  const std::vector<std::vector<nlohmann::json>>& lines() const { return by_rank_; }

 private:
  std::vector<std::vector<nlohmann::json>> by_rank_;
};

}  // namespace redsem::check::test
