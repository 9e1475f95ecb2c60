// SPDX-License-Identifier: BSD-3-Clause
// window_access_race (rma_local_races.h).
#include "check/analysis/rma_local_races.h"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "check/analysis/rma_epochs.h"
#include "model/datatype.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

// A remote call as the target sees it: which bytes of its window, and when it was in flight.
struct remote_call {
  int world_rank = -1;
  const json* line = nullptr;
  long long fence = -1;             // fences its rank made on the window before it; -1 in none
  std::int64_t begin = 0, end = 0;  // target bytes
  std::int64_t made = 0, completed = std::numeric_limits<std::int64_t>::max();
  bool updates = true;
  bool in_lock = false;  // made in a passive-target epoch of its rank
  std::string host;
};

std::optional<std::int64_t> bytes_of(const json& call) {
  const auto t = parse_basic_type(call.value("type", std::string()));
  if (!t) return std::nullopt;
  return static_cast<std::int64_t>(info(*t).size) * call.value("count", std::int64_t{0});
}

bool updates_target(const json& call) {
  const std::string name = call.value("call", "");
  if (name == "MPI_Get" || name == "MPI_Rget") return false;
  return call.value("op", "") != "MPI_NO_OP";
}

// Whether sync line `s` completes, at the target, a call to `target`.
bool completes(const json& s, int target) {
  const std::string c = s.value("call", "");
  if (c == "MPI_Win_unlock_all" || c == "MPI_Win_flush_all" || c == "MPI_Win_fence" || c == "MPI_Win_complete")
    return true;
  return (c == "MPI_Win_unlock" || c == "MPI_Win_flush") && s.value("target", -1) == target;
}

using window_of_t = std::map<std::pair<int, int>, std::pair<int, int>>;  // (world, local id) -> (key, win rank)

// Every rank's calls, by (window key, target win rank).
std::map<std::pair<int, int>, std::vector<remote_call>> remote_calls(const std::vector<std::vector<json>>& records,
                                                                     const window_of_t& window_of,
                                                                     const rma_epochs& epochs) {
  std::map<std::pair<int, int>, std::vector<remote_call>> out;
  for (std::size_t r = 0; r < records.size(); ++r) {
    std::map<int, long long> fences;
    std::map<int, int> locks;  // lock epochs open per window
    const auto& lines = records[r];
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const json& l = lines[i];
      const int local = l.value("win", -1);
      if (l.value("ev", "") == "rma_sync") {
        const std::string call = l.value("call", "");
        if (call == "MPI_Win_fence") ++fences[local];
        if (call == "MPI_Win_lock" || call == "MPI_Win_lock_all") ++locks[local];
        if ((call == "MPI_Win_unlock" || call == "MPI_Win_unlock_all") && locks[local] > 0) --locks[local];
      }
      if (l.value("ev", "") != "rma_call") continue;
      const auto w = window_of.find({static_cast<int>(r), local});
      const auto bytes = bytes_of(l);
      if (w == window_of.end() || !bytes) continue;
      const rma_window& win = epochs.windows.at(w->second.first);
      const int target = l.value("target", -1);
      const auto part = win.parts.find(target);
      if (part == win.parts.end()) continue;
      remote_call c;
      c.world_rank = static_cast<int>(r);
      c.line = &l;
      c.fence = fences[local];
      c.in_lock = locks[local] > 0;
      c.begin = l.value("disp", std::int64_t{0}) * part->second.disp_unit;
      c.end = c.begin + *bytes;
      c.made = l.value("time", std::int64_t{0});
      c.updates = updates_target(l);
      c.host = win.parts.at(w->second.second).host;
      for (std::size_t j = i + 1; j < lines.size(); ++j)
        if (lines[j].value("ev", "") == "rma_sync" && lines[j].value("win", -1) == local &&
            completes(lines[j], target)) {
          c.completed = lines[j].value("time", c.completed);
          break;
        }
      out[{w->second.first, target}].push_back(c);
    }
  }
  return out;
}

bool concurrent(const json& access, const remote_call& c, const std::string& host) {
  if (access.value("mode", "") == "fence") return !c.in_lock && access.value("fence", -2LL) == c.fence;
  if (access.value("mode", "") != "passive" || !c.in_lock || c.host != host) return false;
  const std::int64_t first = access.value("time", std::int64_t{0});
  const std::int64_t last = access.value("time_last", first);
  return c.made <= last && first <= c.completed;
}

json finding(const json& access, int rank, const rma_window& win, const remote_call& c) {
  const json& call = *c.line;
  const bool store = access.value("access", "") == "store";
  const std::string epoch = access.value("mode", "") == "fence"
                                ? "fence epoch " + std::to_string(access.value("fence", 0LL))
                                : "passive target, the call in flight";
  const std::string message = "rank " + std::to_string(rank) + (store ? " stored into" : " loaded from") +
                              " its window (window " + std::to_string(win.id) + ", byte " +
                              std::to_string(access.value("offset", 0LL)) + ") while rank " +
                              std::to_string(c.world_rank) + "'s " + call.value("call", "") +
                              " on the same bytes may be in flight (" + epoch + ")";
  json evidence = {{"win", win.id},
                   {"epoch", epoch},
                   {"access", access.value("access", "")},
                   {"offset", access.value("offset", 0LL)},
                   {"bytes", access.value("bytes", 1LL)},
                   {"remote",
                    {{"rank", c.world_rank},
                     {"call", call.value("call", "")},
                     {"seq", call.value("seq", -1LL)},
                     {"target_bytes", {c.begin, c.end}},
                     {"caller", call.value("caller", json())}}}};
  return {{"ev", "finding"},
          {"check", "window_access_race"},
          {"rank", rank},
          {"call", call.value("call", "")},
          {"rule", "MPI-4.1 §13.7"},
          {"message", message},
          {"caller", access.value("caller", json())},
          {"evidence", evidence}};
}

}  // namespace

std::vector<json> window_access_races(const std::vector<std::vector<json>>& records_by_rank) {
  const rma_epochs epochs = rma_epochs_of(records_by_rank);
  window_of_t window_of;
  for (const auto& [key, win] : epochs.windows)
    for (const auto& [win_rank, part] : win.parts) window_of[{part.world_rank, part.local_id}] = {key, win_rank};
  const auto calls = remote_calls(records_by_rank, window_of, epochs);
  std::vector<json> out;
  for (std::size_t r = 0; r < records_by_rank.size(); ++r)
    for (const json& a : records_by_rank[r]) {
      if (a.value("ev", "") != "local_access") continue;
      const auto w = window_of.find({static_cast<int>(r), a.value("win", -1)});
      if (w == window_of.end()) continue;
      const auto found = calls.find(w->second);
      if (found == calls.end()) continue;
      const rma_window& win = epochs.windows.at(w->second.first);
      const std::string host = win.parts.at(w->second.second).host;
      const std::int64_t lo = a.value("offset", std::int64_t{0}), hi = lo + a.value("bytes", std::int64_t{1});
      const bool store = a.value("access", "") == "store";
      for (const remote_call& c : found->second) {
        if (c.world_rank == static_cast<int>(r) || c.end <= lo || hi <= c.begin) continue;
        if ((store || c.updates) && concurrent(a, c, host)) {
          out.push_back(finding(a, static_cast<int>(r), win, c));
          break;
        }
      }
    }
  return out;
}

}  // namespace redsem::check
