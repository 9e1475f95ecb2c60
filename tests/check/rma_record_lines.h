// SPDX-License-Identifier: BSD-3-Clause
// The records of the RMA analysis tests, written by hand in the runtime's format
// (docs/check_records.md, "RMA"), and what to read of rma_findings' output.
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "tests/check/window_records.h"

namespace redsem::check::test {

using json = nlohmann::json;

// The ranks' records (two by default) of one window of 16 bytes, disp_unit 4, built line by line.
class records : public window_records<records> {
 public:
  explicit records(int ranks = 2) : window_records(ranks, "MPI_Win_create") {}
  records& sync(int rank, const std::string& call, long long time, json extra = json::object()) {
    json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"time", time}};
    l.update(extra);
    return add(rank, l);
  }
  // MPI_Accumulate of one element with value bytes `origin` to rank 0, displacement 0.
  records& accumulate(int rank, const std::string& type, const std::string& origin, long long time,
                      const std::string& op = "MPI_SUM") {
    return call_line(rank, "MPI_Accumulate", 0, type, time, {{"op", op}, {"origin", origin}});
  }
  // MPI_Fetch_and_op of one MPI_INT with value bytes `origin` to rank 0, displacement 1.
  records& fetch_and_op(int rank, const std::string& op, const std::string& origin, long long time) {
    return call_line(rank, "MPI_Fetch_and_op", 1, "MPI_INT", time, {{"op", op}, {"origin", origin}});
  }
  // MPI_Compare_and_swap of one MPI_INT to rank 0, displacement 1.
  records& compare_and_swap(int rank, const std::string& compare, const std::string& origin, long long time) {
    return call_line(rank, "MPI_Compare_and_swap", 1, "MPI_INT", time, {{"origin", origin}, {"compare", compare}});
  }
  // MPI_Put of one MPI_INT holding 7 to rank 0.
  records& put(int rank, long long time, int disp = 1, const std::string& name = "MPI_Put") {
    return call_line(rank, name, disp, "MPI_INT", time, {{"origin", "07000000"}});
  }
  // MPI_Rget of one MPI_INT from rank 0, displacement 1, returning request `request`.
  records& rget(int rank, long long time, int request) {
    return call_line(rank, "MPI_Rget", 1, "MPI_INT", time, {{"request", request}});
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
    return call_line(rank, "MPI_Rput", 1, "MPI_INT", time, {{"origin", "07000000"}, {"request", request}});
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

 private:
  // An rma_call line of `name` on one element of `type` at `disp` in rank 0's window, with the
  // fields that only this call has (`extra`).
  records& call_line(int rank, const std::string& name, int disp, const std::string& type, long long time,
                     const json& extra) {
    json l{{"ev", "rma_call"}, {"win", 0},     {"call", name},      {"target", 0},         {"disp", disp},
           {"count", 1},       {"type", type}, {"origin_count", 1}, {"origin_type", type}, {"time", time}};
    l.update(extra);
    return add(rank, std::move(l));
  }
};

inline std::multiset<std::string> checks(const std::vector<json>& out) {
  std::multiset<std::string> names;
  for (const auto& j : out)
    if (j["ev"] == "finding") names.insert(j["check"].get<std::string>());
  return names;
}

// The findings and rma_not_analysed objects: what the analysis has to say beyond rma_analysed.
inline std::vector<json> said(const std::vector<json>& out) {
  std::vector<json> kept;
  for (const auto& j : out)
    if (j["ev"] != "rma_analysed") kept.push_back(j);
  return kept;
}

inline std::size_t analysed(const std::vector<json>& out) {
  std::size_t n = 0;
  for (const auto& j : out) n += j["ev"] == "rma_analysed";
  return n;
}

inline std::size_t not_analysed(const std::vector<json>& out) {
  std::size_t n = 0;
  for (const auto& j : out) n += j["ev"] == "rma_not_analysed";
  return n;
}

}  // namespace redsem::check::test
