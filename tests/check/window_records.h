// SPDX-License-Identifier: BSD-3-Clause
// One window's records on each rank, written by hand in the runtime's format
// (docs/check_records.md, "RMA") line by line: what the builders of the RMA analysis tests share.
// `Self` is the test's builder, which adds the lines its tests need and its own `sync`.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/check/sync_lines.h"

namespace redsem::check::test {

template <class Self>
class window_records {
 public:
  Self& fence_all(long long time) {
    for (std::size_t r = 0; r < by_rank_.size(); ++r) self().sync(static_cast<int>(r), "MPI_Win_fence", time);
    return self();
  }
  // MPI_Barrier on MPI_COMM_WORLD by every rank (process_sync lines, happens_before.h).
  Self& barrier_all() {
    const auto lines = barrier_lines(by_rank_.size(), barriers_++);
    for (std::size_t r = 0; r < lines.size(); ++r)
      for (const auto& l : lines[r]) add(static_cast<int>(r), l);
    return self();
  }
  // A rank that synchronised through a call the check does not model: the timing decides.
  Self& unmodelled(int rank) { return add(rank, unmodelled_line()); }
  // The line, numbered as the rank's next.
  Self& add(int rank, nlohmann::json l) {
    auto& lines = by_rank_[static_cast<std::size_t>(rank)];
    l["rank"] = rank;
    l["seq"] = lines.size();
    lines.push_back(std::move(l));
    return self();
  }
  const std::vector<std::vector<nlohmann::json>>& lines() const { return by_rank_; }
  std::vector<std::vector<nlohmann::json>>& lines() { return by_rank_; }

 protected:
  // Each rank's rma_win line of window 0 (16 bytes a rank, disp_unit 4, made by `call`, its group
  // every rank), with `fields` added.
  window_records(int ranks, const std::string& call, const nlohmann::json& fields = nlohmann::json::object())
      : by_rank_(static_cast<std::size_t>(ranks)) {
    nlohmann::json group = nlohmann::json::array();
    for (int r = 0; r < ranks; ++r) group.push_back(r);
    for (int r = 0; r < ranks; ++r) {
      nlohmann::json l{{"ev", "rma_win"},   {"win", 0},       {"call", call}, {"win_rank", r},
                       {"win_size", ranks}, {"group", group}, {"size", 16},   {"disp_unit", 4}};
      l.update(fields);
      add(r, std::move(l));
    }
  }

  std::vector<std::vector<nlohmann::json>> by_rank_;

 private:
  Self& self() { return static_cast<Self&>(*this); }
  long long barriers_ = 0;
};

}  // namespace redsem::check::test
