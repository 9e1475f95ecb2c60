// SPDX-License-Identifier: BSD-3-Clause
// RMA records written by hand in the runtime's format (docs/check_records.md, "RMA"), line by
// line, for the tests of the post-run RMA analysis.
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "tests/check/sync_lines.h"

namespace redsem::check::test {

using json = nlohmann::json;

// The ranks' records (two by default) of one window of 16 bytes, disp_unit 4, built line by line.
class records {
 public:
  explicit records(int ranks = 2) : by_rank_(static_cast<std::size_t>(ranks)) {
    json group = json::array();
    for (int r = 0; r < ranks; ++r) group.push_back(r);
    for (int r = 0; r < ranks; ++r)
      add(r, {{"ev", "rma_win"},
              {"win", 0},
              {"call", "MPI_Win_create"},
              {"win_rank", r},
              {"win_size", ranks},
              {"group", group},
              {"size", 16},
              {"disp_unit", 4}});
  }
  records& sync(int rank, const std::string& call, long long time, json extra = json::object()) {
    json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"time", time}};
    l.update(extra);
    return add(rank, l);
  }
  records& fence_all(long long time) {
    for (std::size_t r = 0; r < by_rank_.size(); ++r) sync(static_cast<int>(r), "MPI_Win_fence", time);
    return *this;
  }
  // MPI_Accumulate of one element with value bytes `origin` to rank 0, displacement 0.
  records& accumulate(int rank, const std::string& type, const std::string& origin, long long time,
                      const std::string& op = "MPI_SUM") {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Accumulate"},
                      {"target", 0},
                      {"disp", 0},
                      {"count", 1},
                      {"type", type},
                      {"origin_count", 1},
                      {"origin_type", type},
                      {"op", op},
                      {"origin", origin},
                      {"time", time}});
  }
  records& put(int rank, long long time, int disp = 1) {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Put"},
                      {"target", 0},
                      {"disp", disp},
                      {"count", 1},
                      {"type", "MPI_INT"},
                      {"origin_count", 1},
                      {"origin_type", "MPI_INT"},
                      {"origin", "07000000"},
                      {"time", time}});
  }
  // MPI_Fetch_and_op of one MPI_INT with value bytes `origin` to rank 0, displacement 1.
  records& fetch_and_op(int rank, const std::string& op, const std::string& origin, long long time) {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Fetch_and_op"},
                      {"target", 0},
                      {"disp", 1},
                      {"count", 1},
                      {"type", "MPI_INT"},
                      {"origin_count", 1},
                      {"origin_type", "MPI_INT"},
                      {"op", op},
                      {"origin", origin},
                      {"time", time}});
  }
  // MPI_Compare_and_swap of one MPI_INT to rank 0, displacement 1.
  records& compare_and_swap(int rank, const std::string& compare, const std::string& origin, long long time) {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Compare_and_swap"},
                      {"target", 0},
                      {"disp", 1},
                      {"count", 1},
                      {"type", "MPI_INT"},
                      {"origin_count", 1},
                      {"origin_type", "MPI_INT"},
                      {"origin", origin},
                      {"compare", compare},
                      {"time", time}});
  }
  // MPI_Rget of one MPI_INT from rank 0, displacement 1, returning request `request`.
  records& rget(int rank, long long time, int request) {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Rget"},
                      {"target", 0},
                      {"disp", 1},
                      {"count", 1},
                      {"type", "MPI_INT"},
                      {"origin_count", 1},
                      {"origin_type", "MPI_INT"},
                      {"request", request},
                      {"time", time}});
  }
  // Makes the window a dynamic one (MPI_Win_create_dynamic: size 0, disp_unit 1).
  records& dynamic() {
    for (auto& lines : by_rank_)
      lines.front().update({{"call", "MPI_Win_create_dynamic"}, {"size", 0}, {"disp_unit", 1}});
    return *this;
  }
  records& attach(int rank, long long base, long long size) {
    return add(rank, {{"ev", "rma_attach"}, {"win", 0}, {"call", "MPI_Win_attach"}, {"base", base}, {"size", size}});
  }
  // MPI_Rput of one MPI_INT to rank 0, displacement 1, returning request `request`.
  records& rput(int rank, long long time, int request) {
    put(rank, time);
    by_rank_[static_cast<std::size_t>(rank)].back().update({{"call", "MPI_Rput"}, {"request", request}});
    return *this;
  }
  // Makes the window one of MPI_Win_allocate_shared.
  records& shared_memory() {
    for (auto& lines : by_rank_) lines.front()["call"] = "MPI_Win_allocate_shared";
    return *this;
  }
  records& request_done(int rank, long long time, int request) {
    return add(rank, {{"ev", "rma_request_done"}, {"win", 0}, {"request", request}, {"time", time}});
  }
  // Sets a field of the rank's last line, as a record read back by `redsem check --records` may
  // hold any integer.
  records& field(int rank, const std::string& key, json value) {
    by_rank_[static_cast<std::size_t>(rank)].back()[key] = std::move(value);
    return *this;
  }
  const std::vector<std::vector<json>>& lines() const { return by_rank_; }

  // MPI_Barrier on MPI_COMM_WORLD by every rank (process_sync lines, happens_before.h).
  records& barrier_all() {
    const auto lines = test::barrier_lines(by_rank_.size(), barriers_++);
    for (std::size_t r = 0; r < lines.size(); ++r)
      for (const auto& l : lines[r]) add(static_cast<int>(r), l);
    return *this;
  }
  // A rank that synchronised through a call the check does not model: the timing decides.
  records& unmodelled(int rank) { return add(rank, test::unmodelled_line()); }

 private:
  records& add(int rank, json l) {
    auto& lines = by_rank_[static_cast<std::size_t>(rank)];
    l["rank"] = rank;
    l["seq"] = lines.size();
    lines.push_back(std::move(l));
    return *this;
  }
  std::vector<std::vector<json>> by_rank_;
  long long barriers_ = 0;
};

inline std::multiset<std::string> checks(const std::vector<json>& out) {
  std::multiset<std::string> names;
  for (const auto& j : out)
    if (j["ev"] == "finding") names.insert(j["check"].get<std::string>());
  return names;
}

}  // namespace redsem::check::test
