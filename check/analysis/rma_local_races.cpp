// SPDX-License-Identifier: BSD-3-Clause
// window_access_race (rma_local_races.h).
#include "check/analysis/rma_local_races.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "check/analysis/happens_before.h"
#include "check/analysis/record_fields.h"
#include "check/analysis/rma_epochs.h"
#include "check/analysis/rma_fence_order.h"
#include "model/datatype.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

// A remote call as the target sees it: which bytes of its window, and when it was in flight.
struct remote_call {
  int world_rank = -1;
  int target = -1;     // window rank whose memory it reaches
  int win_local = -1;  // the window's id in its rank's record
  const json* line = nullptr;
  long long fence = -1;             // fences its rank made on the window before it; -1 in none
  std::int64_t begin = 0, end = 0;  // target bytes
  std::int64_t made = 0, completed = std::numeric_limits<std::int64_t>::max();
  std::size_t made_index = 0;                  // its line in its rank's record
  std::optional<std::size_t> completed_index;  // the line of the call completing it at the target
  bool updates = true;
  bool in_lock = false;   // made in a passive-target epoch of its rank
  bool in_start = false;  // made in a PSCW access epoch of its rank (MPI_Win_start … MPI_Win_complete)
  std::string host;
};

// The target bytes of a call of a basic datatype; none for a derived one, which is not replayed
// here, nor for one the runtime could not write as text (too long: its record says null). A
// record read back by `redsem check --records` may hold any integer: a call whose bytes do not
// fit in 64 bits is left out, never wrapped (signed overflow).
std::optional<std::int64_t> bytes_of(const json& call) {
  const auto t = parse_basic_type(text_of(call, "type"));
  std::int64_t bytes = 0;
  if (!t ||
      __builtin_mul_overflow(static_cast<std::int64_t>(info(*t).size), call.value("count", std::int64_t{0}), &bytes))
    return std::nullopt;
  return bytes;
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
    std::map<int, int> locks;   // lock epochs open per window
    std::map<int, int> starts;  // PSCW access epochs open per window
    const auto& lines = records[r];
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const json& l = lines[i];
      const int local = l.value("win", -1);
      if (l.value("ev", "") == "rma_sync") {
        const std::string call = l.value("call", "");
        if (call == "MPI_Win_fence") ++fences[local];
        if (call == "MPI_Win_lock" || call == "MPI_Win_lock_all") ++locks[local];
        if ((call == "MPI_Win_unlock" || call == "MPI_Win_unlock_all") && locks[local] > 0) --locks[local];
        if (call == "MPI_Win_start") ++starts[local];
        if (call == "MPI_Win_complete" && starts[local] > 0) --starts[local];
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
      c.target = target;
      c.win_local = local;
      c.line = &l;
      c.fence = fences[local];
      c.in_lock = locks[local] > 0;
      c.in_start = starts[local] > 0;
      if (__builtin_mul_overflow(l.value("disp", std::int64_t{0}), part->second.disp_unit, &c.begin) ||
          __builtin_add_overflow(c.begin, *bytes, &c.end))
        continue;
      c.made = l.value("time", std::int64_t{0});
      c.made_index = i;
      c.updates = updates_target(l);
      c.host = win.parts.at(w->second.second).host;
      for (std::size_t j = i + 1; j < lines.size(); ++j)
        if (lines[j].value("ev", "") == "rma_sync" && lines[j].value("win", -1) == local &&
            completes(lines[j], target)) {
          c.completed = lines[j].value("time", c.completed);
          c.completed_index = j;
          break;
        }
      out[{w->second.first, target}].push_back(c);
    }
  }
  return out;
}

// What orders a target's access and another rank's call: the ranks' process synchronisation, and
// the fences on the window (MPI-4.1 §13.5.1).
struct orders {
  const happens_before& process;
  const fence_order& fences;
};

// Whether a target's direct access (line `index` of world rank `rank`) and a remote call on the
// same bytes may be in flight together. Fence: the same fence epoch. Passive target (a call in a
// lock epoch) and PSCW (an access in this rank's exposure epoch, MPI_Win_post … MPI_Win_wait,
// against a call in an access epoch, MPI_Win_start … MPI_Win_complete): neither is ordered
// before the other by the ranks' synchronisation (the call's completion before the access, or
// the access before the call), whatever the clocks say; only when the run synchronised in ways
// not modelled does the run's timing decide, on one host: lifetimes that overlapped. An access
// before the target's fence that the call's origin had returned from before the call precedes the
// call (fence_order), whatever else the records say.
bool concurrent(const json& access, int rank, std::size_t index, const remote_call& c, const rma_window_part& target,
                const orders& by) {
  const happens_before& order = by.process;
  const std::string mode = access.value("mode", "");
  if (mode == "fence") return !c.in_lock && access.value("fence", -2LL) == c.fence;
  const bool epoch = mode == "passive" ? c.in_lock : mode == "pscw" && c.in_start;
  if (!epoch) return false;
  if (by.fences.precedes_call({rank, access.value("win", -1), index}, {target.world_rank, target.local_id, 0},
                              {c.world_rank, c.win_local, c.made_index}, order))
    return false;
  const std::string& host = target.host;
  if (order.usable()) {
    const bool after = c.completed_index && order.ordered(c.world_rank, *c.completed_index, rank, index).value_or(true);
    const bool before = order.ordered(rank, index, c.world_rank, c.made_index).value_or(true);
    return !after && !before;
  }
  if (c.host != host) return false;
  const std::int64_t first = access.value("time", std::int64_t{0});
  const std::int64_t last = access.value("time_last", first);
  return c.made <= last && first <= c.completed;
}

// "its window" or "rank R's segment" of the window: the memory a local_access line names.
std::string memory_of(const json& access) {
  if (!access.contains("segment_rank")) return "its window";
  return "rank " + std::to_string(access.value("segment_rank", -1)) + "'s segment";
}

// "fence epoch N", "PSCW, the call in flight" or "passive target, the call in flight": the epoch a
// local_access or watch_open line was in.
std::string epoch_text(const json& access) {
  const std::string mode = access.value("mode", "");
  if (mode == "fence") return "fence epoch " + std::to_string(access.value("fence", 0LL));
  return mode == "pscw" ? "PSCW, the call in flight" : "passive target, the call in flight";
}

json finding(const json& access, std::int64_t offset, int rank, const rma_window& win, const remote_call& c) {
  const json& call = *c.line;
  // A debug register watching window memory on the call stack does not say which of the two it was.
  const std::string kind = access.value("access", "");
  const char* verb = kind == "store"           ? " stored into"
                     : kind == "load or store" ? " loaded from or stored into"
                                               : " loaded from";
  const std::string epoch = epoch_text(access);
  const std::string message = "rank " + std::to_string(rank) + verb + " " + memory_of(access) + " (window " +
                              std::to_string(win.id) + ", byte " + std::to_string(offset) + ") while rank " +
                              std::to_string(c.world_rank) + "'s " + call.value("call", "") +
                              " on the same bytes may be in flight (" + epoch + ")";
  json evidence = {{"win", win.id},
                   {"segment_rank", c.target},
                   {"epoch", epoch},
                   {"access", access.value("access", "")},
                   {"offset", offset},
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

// The accesses one strided local_access line may stand for that are looked at; a record claiming
// more (read back by `redsem check --records`) is cut here: memory stays bounded.
constexpr std::int64_t max_strided_accesses = std::int64_t{1} << 16;

// A local_access line placed in the memory it reaches: window key and the segment's owner.
struct direct_access {
  int world_rank = -1;
  std::size_t index = 0;  // its place in its rank's record
  const json* line = nullptr;
  int win_local = -1;
  std::pair<int, int> segment;  // (window key, owner's window rank)
  std::int64_t lo = 0, hi = 0;
  bool store = false;
};

std::vector<direct_access> direct_accesses(const std::vector<std::vector<json>>& records,
                                           const window_of_t& window_of) {
  std::vector<direct_access> out;
  for (std::size_t r = 0; r < records.size(); ++r)
    for (std::size_t i = 0; i < records[r].size(); ++i) {
      const json& a = records[r][i];
      if (a.value("ev", "") != "local_access") continue;
      const auto w = window_of.find({static_cast<int>(r), a.value("win", -1)});
      if (w == window_of.end()) continue;
      direct_access d{static_cast<int>(r), i, &a, a.value("win", -1), w->second};
      d.segment.second = a.value("segment_rank", w->second.second);
      d.store = a.value("access", "") == "store";
      // A strided line is `count` accesses of `bytes` bytes, each `stride` on from the one before.
      const std::int64_t count = std::clamp<std::int64_t>(a.value("count", std::int64_t{1}), 1, max_strided_accesses);
      const std::int64_t stride = a.value("stride", std::int64_t{0});
      for (std::int64_t k = 0; k < count; ++k) {
        std::int64_t step = 0;
        if (__builtin_mul_overflow(k, stride, &step) ||
            __builtin_add_overflow(a.value("offset", std::int64_t{0}), step, &d.lo) ||
            __builtin_add_overflow(d.lo, a.value("bytes", std::int64_t{1}), &d.hi))
          break;
        out.push_back(d);
      }
    }
  return out;
}

// One rank's synchronisation calls on one window, as (record index, return time); nullopt when its
// record of them is incomplete (rma_limit sync_events).
using syncs_t = std::optional<std::vector<std::pair<std::size_t, std::int64_t>>>;

syncs_t syncs_of(const std::vector<json>& lines, int win_local) {
  std::vector<std::pair<std::size_t, std::int64_t>> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const json& l = lines[i];
    if (l.value("win", -2) != win_local) continue;
    if (l.value("ev", "") == "rma_limit" && l.value("what", "") == "sync_events") return std::nullopt;
    if (l.value("ev", "") == "rma_sync") out.emplace_back(i, l.value("time", std::int64_t{0}));
  }
  return out;
}

// Whether a window synchronisation of x's rank after x may happen before one of y's rank before y:
// the only way MPI-4.1 §13.2.3 gives to order direct accesses of two ranks outside fence epochs
// (MPI_Win_sync or another synchronisation call on both sides, a process synchronisation between).
// The recorded process synchronisations decide it; when the run synchronised in ways not
// modelled, any such pair whose times are in that order is taken to be ordered by a call not seen.
bool may_be_ordered(const direct_access& x, const syncs_t& xs, const direct_access& y, const syncs_t& ys,
                    const happens_before& order) {
  std::optional<std::pair<std::size_t, std::int64_t>> first_after, last_before;
  for (const auto& s : *xs)
    if (s.first > x.index && (!first_after || s.first < first_after->first)) first_after = s;
  for (const auto& s : *ys)
    if (s.first < y.index && (!last_before || s.first > last_before->first)) last_before = s;
  if (!first_after || !last_before) return false;
  if (order.usable())
    return order.ordered(x.world_rank, first_after->first, y.world_rank, last_before->first).value_or(true);
  return first_after->second < last_before->second;
}

// Whether two direct accesses of different ranks to the same bytes may be concurrent. Fence: the
// same fence epoch. Passive target (both): no synchronisation pair orders them either way (on one
// host when the timing decides). Other combinations (PSCW, mixed modes) are not decided: no finding.
bool unsynchronised(const direct_access& x, const direct_access& y, const std::vector<std::vector<json>>& records,
                    const rma_window& win, const happens_before& order) {
  const std::string mode = x.line->value("mode", ""), other = y.line->value("mode", "");
  if (mode != other) return false;
  if (mode == "fence") return x.line->value("fence", -1LL) == y.line->value("fence", -2LL);
  if (mode != "passive") return false;
  std::string hx, hy;
  for (const auto& [win_rank, part] : win.parts) {
    if (part.world_rank == x.world_rank) hx = part.host;
    if (part.world_rank == y.world_rank) hy = part.host;
  }
  if (!order.usable() && (hx.empty() || hx != hy)) return false;
  const syncs_t xs = syncs_of(records[static_cast<std::size_t>(x.world_rank)], x.win_local);
  const syncs_t ys = syncs_of(records[static_cast<std::size_t>(y.world_rank)], y.win_local);
  if (!xs || !ys) return false;
  return !may_be_ordered(x, xs, y, ys, order) && !may_be_ordered(y, ys, x, xs, order);
}

json shared_finding(const direct_access& x, const direct_access& y, const rma_window& win) {
  const json& a = *x.line;
  const json& b = *y.line;
  const std::string epoch = a.value("mode", "") == "fence" ? "fence epoch " + std::to_string(a.value("fence", 0LL))
                                                           : "passive target, no window synchronisation between";
  const std::string message = "rank " + std::to_string(x.world_rank) + (x.store ? " stored into" : " loaded from") +
                              " rank " + std::to_string(x.segment.second) + "'s segment of shared-memory window " +
                              std::to_string(win.id) + " (byte " + std::to_string(x.lo) + ") and rank " +
                              std::to_string(y.world_rank) + (y.store ? " stored into" : " loaded from") +
                              " the same bytes directly, unsynchronised (" + epoch + ")";
  json other = {{"rank", y.world_rank},
                {"access", b.value("access", "")},
                {"offset", y.lo},
                {"bytes", y.hi - y.lo},
                {"caller", b.value("caller", json())}};
  json evidence = {{"win", win.id},  {"segment_rank", x.segment.second},
                   {"epoch", epoch}, {"access", a.value("access", "")},
                   {"offset", x.lo}, {"bytes", x.hi - x.lo},
                   {"other", other}};
  return {{"ev", "finding"},
          {"check", "shared_memory_race"},
          {"rank", x.world_rank},
          {"call", "MPI_Win_allocate_shared"},
          {"rule", "MPI-4.1 §13.7"},
          {"message", message},
          {"caller", a.value("caller", json())},
          {"evidence", evidence}};
}

// Direct accesses of two ranks to the same bytes of one segment, a store among them, that no
// synchronisation orders: one finding per pair, each access in at most one.
std::vector<json> shared_memory_races(const std::vector<std::vector<json>>& records, const rma_epochs& epochs,
                                      const std::vector<direct_access>& accesses, const happens_before& order) {
  // Only segments that two ranks accessed directly can hold a pair (a rank's loop over its own
  // private window, many strided accesses, pairs with nothing): the others are left out first.
  std::map<std::pair<int, int>, std::set<int>> ranks_of;
  for (const direct_access& d : accesses) ranks_of[d.segment].insert(d.world_rank);
  std::vector<const direct_access*> shared;
  for (const direct_access& d : accesses)
    if (ranks_of[d.segment].size() > 1) shared.push_back(&d);
  std::vector<json> out;
  std::vector<bool> reported(shared.size(), false);
  for (std::size_t i = 0; i < shared.size(); ++i)
    for (std::size_t j = i + 1; j < shared.size() && !reported[i]; ++j) {
      const direct_access &x = *shared[i], &y = *shared[j];
      if (reported[j] || x.world_rank == y.world_rank || x.segment != y.segment || (!x.store && !y.store) ||
          x.hi <= y.lo || y.hi <= x.lo)
        continue;
      const rma_window& win = epochs.windows.at(x.segment.first);
      if (!unsynchronised(x, y, records, win, order)) continue;
      out.push_back(x.store ? shared_finding(x, y, win) : shared_finding(y, x, win));
      reported[i] = reported[j] = true;
    }
  return out;
}

// The window bytes a rank left open to its own accesses (watch_open lines, docs/design.md
// "Coalesced accesses"): where another rank's conflicting call may have been in flight on them, whether
// the rank accessed those bytes then was not seen, so no race is claimed or ruled out there: an
// `rma_not_analysed` object, once per (rank, window, other rank's call).
std::vector<json> unobserved_spans(const std::vector<std::vector<json>>& records, const window_of_t& window_of,
                                   const rma_epochs& epochs,
                                   const std::map<std::pair<int, int>, std::vector<remote_call>>& calls,
                                   const orders& by) {
  std::vector<json> out;
  std::set<std::tuple<int, int, int, std::string>> said;
  for (std::size_t r = 0; r < records.size(); ++r)
    for (std::size_t i = 0; i < records[r].size(); ++i) {
      const json& o = records[r][i];
      if (o.value("ev", "") != "watch_open") continue;
      const auto w = window_of.find({static_cast<int>(r), o.value("win", -1)});
      if (w == window_of.end()) continue;
      const std::pair<int, int> segment{w->second.first, o.value("segment_rank", w->second.second)};
      const rma_window& win = epochs.windows.at(segment.first);
      const auto part = win.parts.find(segment.second);
      const auto found = calls.find(segment);
      std::int64_t lo = o.value("offset", std::int64_t{0}), hi = 0;
      if (part == win.parts.end() || found == calls.end() ||
          __builtin_add_overflow(lo, o.value("bytes", std::int64_t{0}), &hi))
        continue;
      const bool stores = o.value("access", "") != "load";
      for (const remote_call& c : found->second) {
        if (c.world_rank == static_cast<int>(r) || c.end <= lo || hi <= c.begin || !(stores || c.updates) ||
            !concurrent(o, static_cast<int>(r), i, c, part->second, by))
          continue;
        const std::string call = c.line->value("call", "");
        if (!said.insert({static_cast<int>(r), segment.first, c.world_rank, call}).second) break;
        const std::string reason =
            "rank " + std::to_string(r) + "'s own " + (stores ? "loads and stores" : "loads") + " of " + memory_of(o) +
            " (bytes " + std::to_string(std::max(lo, c.begin)) + " to " + std::to_string(std::min(hi, c.end)) +
            ") were not seen one by one, their pages left open to the program's loop (docs/design.md, "
            "\"Coalesced accesses\"), while rank " +
            std::to_string(c.world_rank) + "'s " + call +
            " on those bytes may have been in flight: a race there is not looked for";
        out.push_back({{"ev", "rma_not_analysed"},
                       {"win", win.id},
                       {"epoch", epoch_text(o)},
                       {"target", segment.second},
                       {"reason", reason}});
        break;
      }
    }
  return out;
}

}  // namespace

std::vector<json> window_access_races(const std::vector<std::vector<json>>& records_by_rank) {
  const rma_epochs epochs = rma_epochs_of(records_by_rank);
  window_of_t window_of;
  for (const auto& [key, win] : epochs.windows)
    for (const auto& [win_rank, part] : win.parts) window_of[{part.world_rank, part.local_id}] = {key, win_rank};
  const auto calls = remote_calls(records_by_rank, window_of, epochs);
  const std::vector<direct_access> accesses = direct_accesses(records_by_rank, window_of);
  const happens_before order(records_by_rank);
  const fence_order fences(records_by_rank);
  std::vector<json> out;
  std::set<const json*> found_lines;  // one finding per line, a strided one too
  for (const direct_access& d : accesses) {
    const auto found = calls.find(d.segment);
    if (found == calls.end() || found_lines.contains(d.line)) continue;
    const rma_window& win = epochs.windows.at(d.segment.first);
    const auto part = win.parts.find(d.segment.second);
    if (part == win.parts.end()) continue;
    for (const remote_call& c : found->second) {
      if (c.world_rank == d.world_rank || c.end <= d.lo || d.hi <= c.begin) continue;
      if ((d.store || c.updates) && concurrent(*d.line, d.world_rank, d.index, c, part->second, {order, fences})) {
        out.push_back(finding(*d.line, d.lo, d.world_rank, win, c));
        found_lines.insert(d.line);
        break;
      }
    }
  }
  for (json& f : shared_memory_races(records_by_rank, epochs, accesses, order)) out.push_back(std::move(f));
  for (json& u : unobserved_spans(records_by_rank, window_of, epochs, calls, {order, fences}))
    out.push_back(std::move(u));
  return out;
}

}  // namespace redsem::check
