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
#include "check/analysis/rma_call_lines.h"
#include "check/analysis/rma_epochs.h"
#include "check/analysis/rma_fence_order.h"
#include "check/analysis/rma_reads_from.h"
#include "check/analysis/rma_shared_races.h"
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

// Sets c.completed from the first synchronisation of its rank on window `local` after line `made`
// that completes c at its target. False when the record of that window stops before one
// (window_record_stops): the completion then happened unrecorded, and the epoch analysis already sets the
// call aside as not analysed ("whose completion the bounded record does not show"); taking it for
// still in flight would pair it with every later access. A call whose rank's record goes on and
// never completes it stays in flight to the end.
bool find_completion(const std::vector<json>& lines, std::size_t made, int local, remote_call& c) {
  for (std::size_t j = made + 1; j < lines.size(); ++j) {
    const json& l = lines[j];
    if (l.value("win", -1) != local) continue;
    const std::string ev = l.value("ev", "");
    if (window_record_stops(l)) return false;
    if (ev == "rma_sync" && completes(l, c.target)) {
      c.completed = l.value("time", c.completed);
      c.completed_index = j;
      return true;
    }
  }
  return true;
}

// Every rank's calls, by (window key, target win rank).
std::map<std::pair<int, int>, std::vector<remote_call>> remote_calls(const std::vector<std::vector<json>>& records,
                                                                     const window_names& window_of,
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
      if (!find_completion(lines, i, local, c)) continue;
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

// Where a local access stands in its rank's record: `index`, its line, for what it is ordered
// before (the rank's synchronisations after the line: for a held access, those after its retry),
// and `after`, for what it is ordered after (the rank's synchronisations before it).
struct place {
  std::size_t index = 0, after = 0;
};

// A held access (`held_from`, docs/check_records.md): its line is written after its retry, but
// its thread made no call between its fault and the retry, so a synchronisation of its rank that
// returned in between (another thread's) cannot order the access after it. Its place for what it
// is ordered after goes back over the lines stamped at or after its fault; a line without a time
// (one that may stand for a synchronisation returned earlier) stops it. Under --thread-sync calls
// a line's thread clock orders it (happens_before.h), and no access is held.
place place_of(const std::vector<json>& lines, std::size_t index) {
  place p{index, index};
  const json& a = lines[index];
  const auto from = a.find("held_from");
  if (from == a.end() || !from->is_number_integer() || a.contains("thread_clock")) return p;
  const std::int64_t fault = from->get<std::int64_t>();
  for (; p.after > 0; --p.after) {
    const auto t = lines[p.after - 1].find("time");
    if (t == lines[p.after - 1].end() || !t->is_number_integer() || t->get<std::int64_t>() < fault) break;
  }
  return p;
}

// Whether a target's direct access (line `index` of world rank `rank`) and a remote call on the
// same bytes may be in flight together. Fence: the same fence epoch. Passive target (a call in a
// lock epoch) and PSCW (an access in this rank's exposure epoch, MPI_Win_post … MPI_Win_wait,
// against a call in an access epoch, MPI_Win_start … MPI_Win_complete): neither is ordered
// before the other by the ranks' synchronisation (the call's completion before the access, or
// the access before the call), whatever the clocks say; only when the run synchronised in ways
// not modelled does the run's timing decide, on one host: lifetimes that overlapped. An access
// before the target's fence that the call's origin had returned from before the call precedes the
// call (fence_order), whatever else the records say. An access made while another thread of its
// rank was inside the fence opening the call's epoch (`in_fence`), or inside MPI_Win_post (`in_post`)
// against a call in an access epoch, came before that call returned to the program, so the epoch
// it opens does not order it before the call: as in a lock epoch, only the ranks' other
// synchronisation can.
bool concurrent(const json& access, int rank, place at, const remote_call& c, const rma_window_part& target,
                const orders& by) {
  const std::size_t index = at.index;
  const happens_before& order = by.process;
  const std::string mode = access.value("mode", "");
  const bool in_opening_fence = !c.in_lock && access.value("in_fence", -2LL) == c.fence;
  if (mode == "fence" && !in_opening_fence) return !c.in_lock && access.value("fence", -2LL) == c.fence;
  const bool in_opening_post = c.in_start && access.value("in_post", 0) != 0;
  const bool epoch =
      in_opening_fence || in_opening_post || (mode == "passive" ? c.in_lock : mode == "pscw" && c.in_start);
  if (!epoch) return false;
  if (by.fences.precedes_call({rank, access.value("win", -1), index}, {target.world_rank, target.local_id, 0},
                              {c.world_rank, c.win_local, c.made_index}, order))
    return false;
  const std::string& host = target.host;
  if (order.usable()) {
    const bool after =
        c.completed_index && order.ordered(c.world_rank, *c.completed_index, rank, at.after).value_or(true);
    const bool before = order.ordered(rank, index, c.world_rank, c.made_index).value_or(true);
    return !after && !before;
  }
  if (c.host != host) return false;
  // A coalesced line's accesses ran from `time` to `time_last`; a held one's was pending from its
  // fault (`held_from`): a call completed after the fault is not ordered before it.
  const std::int64_t time = access.value("time", std::int64_t{0});
  const std::int64_t first = std::min(time, access.value("held_from", time));
  const std::int64_t last = access.value("time_last", time);
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

// The window bytes a rank left open to its own accesses (watch_open lines, docs/design.md
// "Coalesced accesses"): where another rank's conflicting call may have been in flight on them, whether
// the rank accessed those bytes then was not seen, so no race is claimed or ruled out there: an
// `rma_not_analysed` object, once per (rank, window, other rank's call).
std::vector<json> unobserved_spans(const std::vector<std::vector<json>>& records, const window_names& window_of,
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
            !concurrent(o, static_cast<int>(r), {i, i}, c, part->second, by))
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

// Why the record cannot follow the fetch that may order a pair (reads_from::unfollowed_fetch).
std::string unfollowed_cause(const std::vector<std::vector<json>>& records, const reads_from::unfollowed& u) {
  const std::string rank = "rank " + std::to_string(u.cause_rank);
  if (u.gap)
    return rank + "'s window memory was not watched throughout (a watch gap, a page left open, another thread, " +
           "or a synchronisation mode whose stores the order does not follow), so a store it missed may have " +
           "written that value";
  const auto& lines = records.at(static_cast<std::size_t>(u.cause_rank));
  const json* at = u.cause_line < lines.size() ? &lines[u.cause_line] : nullptr;
  if (at && at->value("what", "") == "records_cut")
    return rank + "'s record was cut by the reader's memory bound, so a call after the cut may have written that value";
  if (at && at->value("ev", "") == "rma_limit")
    return rank + "'s record of the window stops at a bound (rma_limit " + at->value("what", "") +
           "), so a call it did not record may have written that value";
  if (u.cause_line == 0)
    return rank + "'s record of the window is not whole (lost lines, a member not recorded, or memory other " +
           "ranks may store into directly), so a call or store it missed may have written that value";
  return rank + "'s record ends before its run did, so a call after it may have written that value";
}

// An `rma_not_analysed` object for a local access and a remote call that only a fetch the
// reads-from order could not follow may order.
json unfollowed_note(const std::vector<std::vector<json>>& records, const rma_epochs& epochs, const json& access,
                     int rank, const rma_window& win, const remote_call& c, const reads_from::unfollowed& u) {
  const json& fetch = records.at(static_cast<std::size_t>(u.rank)).at(u.index);
  const std::string reason =
      "rank " + std::to_string(rank) + "'s own access to " + memory_of(access) + " and rank " +
      std::to_string(c.world_rank) + "'s " + c.line->value("call", "") +
      " on the same bytes are ordered by nothing the records show, but rank " + std::to_string(u.rank) + "'s " +
      fetch.value("call", "") + " (seq " + std::to_string(fetch.value("seq", -1LL)) + ") on window " +
      std::to_string(epochs.windows.at(u.win).id) +
      " may have observed a value that orders them, and the order by observed values cannot follow it: " +
      unfollowed_cause(records, u) + "; a race there is not decided";
  return {{"ev", "rma_not_analysed"},
          {"win", win.id},
          {"epoch", epoch_text(access)},
          {"target", c.target},
          {"reason", reason}};
}

}  // namespace

std::vector<json> window_access_races(const std::vector<std::vector<json>>& records_by_rank) {
  const rma_epochs epochs = rma_epochs_of(records_by_rank);
  const window_names window_of = window_names_of(epochs);
  const auto calls = remote_calls(records_by_rank, window_of, epochs);
  const std::vector<direct_access> accesses = direct_accesses(records_by_rank, window_of);
  const happens_before order(records_by_rank);
  const fence_order fences(records_by_rank);
  const reads_from observed(records_by_rank, epochs, window_of, order);
  std::vector<json> out;
  std::set<const json*> found_lines;                         // one finding per line, a strided one too
  std::map<std::tuple<int, int, int, int>, json> undecided;  // (rank, window, remote rank, fetch's rank) -> note
  for (const direct_access& d : accesses) {
    const auto found = calls.find(d.segment);
    if (found == calls.end() || found_lines.contains(d.line)) continue;
    const rma_window& win = epochs.windows.at(d.segment.first);
    const auto part = win.parts.find(d.segment.second);
    if (part == win.parts.end()) continue;
    std::optional<std::pair<std::tuple<int, int, int, int>, json>> note;
    const place at = place_of(records_by_rank[static_cast<std::size_t>(d.world_rank)], d.index);
    for (const remote_call& c : found->second) {
      if (c.world_rank == d.world_rank || c.end <= d.lo || d.hi <= c.begin) continue;
      if ((d.store || c.updates) && concurrent(*d.line, d.world_rank, at, c, part->second, {order, fences}) &&
          !observed.orders_before(c.world_rank, c.made_index, d.lo, d.hi, d.world_rank, at.after) &&
          !observed.orders_before_call(d.world_rank, d.index, c.world_rank, c.made_index)) {
        // Undecided while a fetch the order cannot follow may order them; another call may still race.
        auto u = observed.unfollowed_fetch(c.world_rank, c.made_index, d.world_rank, at.after);
        if (!u) u = observed.unfollowed_fetch(d.world_rank, d.index, c.world_rank, c.made_index);
        if (u) {
          if (!note)
            note = {{d.world_rank, d.segment.first, c.world_rank, u->rank},
                    unfollowed_note(records_by_rank, epochs, *d.line, d.world_rank, win, c, *u)};
          continue;
        }
        out.push_back(finding(*d.line, d.lo, d.world_rank, win, c));
        found_lines.insert(d.line);
        note.reset();
        break;
      }
    }
    if (note) undecided.insert(std::move(*note));
  }
  for (auto& [key, n] : undecided) out.push_back(std::move(n));
  for (json& f : shared_memory_races(records_by_rank, epochs, accesses, order, fences)) out.push_back(std::move(f));
  for (json& u : unobserved_spans(records_by_rank, window_of, epochs, calls, {order, fences}))
    out.push_back(std::move(u));
  return out;
}

}  // namespace redsem::check
