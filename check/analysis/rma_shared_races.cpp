// SPDX-License-Identifier: BSD-3-Clause
// Direct accesses and shared_memory_race (rma_shared_races.h).
#include "check/analysis/rma_shared_races.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "check/analysis/rma_call_lines.h"
#include "check/analysis/rma_pscw_order.h"

namespace redsem::check {

using json = nlohmann::json;

// The accesses one strided local_access line may stand for that are looked at; a record claiming
// more (read back by `redsem check --records`) is cut here: memory stays bounded.
constexpr std::int64_t max_strided_accesses = std::int64_t{1} << 16;

std::vector<direct_access> direct_accesses(const std::vector<std::vector<json>>& records,
                                           const window_names& window_of) {
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

namespace {

// One rank's synchronisation calls on one window, as (record index, return time); nullopt when its
// record of them is incomplete (window_record_stops).
using syncs_t = std::optional<std::vector<std::pair<std::size_t, std::int64_t>>>;

syncs_t syncs_of(const std::vector<json>& lines, int win_local) {
  std::vector<std::pair<std::size_t, std::int64_t>> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const json& l = lines[i];
    if (l.value("win", -2) != win_local) continue;
    if (window_record_stops(l)) return std::nullopt;
    if (l.value("ev", "") == "rma_sync") out.emplace_back(i, l.value("time", std::int64_t{0}));
  }
  return out;
}

// Whether a window synchronisation call of x's rank after x may happen before one of y's rank
// before y: MPI_Win_sync or any other on both sides, with a process synchronisation between
// (MPI-4.1 §13.2.3; the pattern of §13.7 is MPI_Win_sync, a barrier, MPI_Win_sync), in any mode.
// The recorded process synchronisations decide it; when the run
// synchronised in ways not modelled, any such pair whose times are in that order is taken to be
// ordered by a call not seen.
bool may_be_ordered(const direct_access& x, const syncs_t& xs, const direct_access& y, const syncs_t& ys,
                    const happens_before& order) {
  // A rank's synchronisation calls are in record order: the first after x and the last before y
  // are found by bisection.
  const auto by_index = [](const auto& a, const auto& b) { return a.first < b.first; };
  const auto first_after = std::upper_bound(xs->begin(), xs->end(), std::pair{x.index, std::int64_t{0}}, by_index);
  const auto last_before = std::lower_bound(ys->begin(), ys->end(), std::pair{y.index, std::int64_t{0}}, by_index);
  if (first_after == xs->end() || last_before == ys->begin()) return false;
  const auto& [after_index, after_time] = *first_after;
  const auto& [before_index, before_time] = *std::prev(last_before);
  if (order.usable()) return order.ordered(x.world_rank, after_index, y.world_rank, before_index).value_or(true);
  return after_time < before_time;
}

// Each rank's synchronisation calls on each window its direct accesses reach, read once: looking
// them up in the rank's whole record for every pair of accesses cost the pairs times the record.
class window_syncs {
 public:
  window_syncs(const std::vector<std::vector<json>>& records, const std::vector<const direct_access*>& accesses) {
    for (const direct_access* d : accesses)
      if (const auto [it, fresh] = by_window_.try_emplace({d->world_rank, d->win_local}); fresh)
        it->second = syncs_of(records[static_cast<std::size_t>(d->world_rank)], d->win_local);
  }
  const syncs_t& of(const direct_access& d) const { return by_window_.at({d.world_rank, d.win_local}); }

 private:
  std::map<std::pair<int, int>, syncs_t> by_window_;  // (world rank, window id in its record)
};

// How two direct accesses of different ranks to the same bytes stand: `process_only` when the
// ranks' process synchronisation orders them but no window synchronisation on both sides does
// (the policy of docs/design.md, "Shared memory ordered by process synchronisation alone").
enum class pair_order { ordered, process_only, unordered, undecided };

// Whether the recorded process synchronisation alone (a barrier, a message) orders them, either
// way; never the run's timing.
bool process_ordered(const direct_access& x, const direct_access& y, const happens_before& order) {
  return order.usable() && (order.ordered(x.world_rank, x.index, y.world_rank, y.index).value_or(false) ||
                            order.ordered(y.world_rank, y.index, x.world_rank, x.index).value_or(false));
}

// What orders two direct accesses: the ranks' process synchronisation and the window's fences
// and PSCW epochs.
struct orders {
  const window_syncs& syncs;
  const happens_before& process;
  const fence_order& fences;
  const pscw_order& pscw;
};

// The window rank and host of a world rank in `win`.
std::pair<int, std::string> part_of(const rma_window& win, int world_rank) {
  for (const auto& [win_rank, part] : win.parts)
    if (part.world_rank == world_rank) return {win_rank, part.host};
  return {-1, ""};
}

// What orders them, either way: a fence that ends an epoch between them (rma_fence_order.h), a
// window synchronisation pair (may_be_ordered), whatever the modes they are in (a store in
// passive target and a load in the next fence epoch alike), or a complete and the wait it matches
// (rma_pscw_order.h). Not decided: a PSCW epoch with a third rank that may order them with
// process synchronisation, a group or a rank's synchronisation calls on the window that its
// record bounded, and ranks on different hosts when the timing decides.
pair_order order_of(const direct_access& x, const direct_access& y, const rma_window& win, const orders& by) {
  const auto [x_rank, hx] = part_of(win, x.world_rank);
  const auto [y_rank, hy] = part_of(win, y.world_rank);
  if (!by.process.usable() && (hx.empty() || hx != hy)) return pair_order::undecided;
  const syncs_t& xs = by.syncs.of(x);
  const syncs_t& ys = by.syncs.of(y);
  if (!xs || !ys) return pair_order::undecided;
  const fence_order::site fx{x.world_rank, x.win_local, x.index}, fy{y.world_rank, y.win_local, y.index};
  if (by.fences.barrier_between(fx, fy) || by.fences.barrier_between(fy, fx)) return pair_order::ordered;
  if (may_be_ordered(x, xs, y, ys, by.process) || may_be_ordered(y, ys, x, xs, by.process)) return pair_order::ordered;
  const pscw_order::site px{x.world_rank, x.win_local, x.index, x_rank}, py{y.world_rank, y.win_local, y.index, y_rank};
  const std::optional<bool> forward = by.pscw.completes_before(px, py), backward = by.pscw.completes_before(py, px);
  if (forward.value_or(false) || backward.value_or(false)) return pair_order::ordered;
  if (!forward || !backward || by.pscw.through_third_rank(px, py) || by.pscw.through_third_rank(py, px))
    return pair_order::undecided;
  return process_ordered(x, y, by.process) ? pair_order::process_only : pair_order::unordered;
}

std::string epoch_of(const json& a, const json& b) {
  const auto one = [](const json& l) {
    const std::string mode = l.value("mode", "");
    return mode == "fence"  ? "fence epoch " + std::to_string(l.value("fence", 0LL))
           : mode == "pscw" ? std::string("PSCW exposure epoch")
                            : std::string("passive target");
  };
  const std::string first = one(a), second = one(b);
  return (first == second ? first : first + " and " + second) + ", no synchronisation of the window orders them";
}

// The name, in findings, of the policy under which process synchronisation alone does not order
// direct accesses (docs/design.md, "Shared memory ordered by process synchronisation alone").
constexpr const char* shared_sync_policy = "win_sync";

// shared_memory_race for an unordered pair; shared_memory_no_win_sync, a warning, for a pair that
// process synchronisation alone orders.
json shared_finding(const direct_access& x, const direct_access& y, const rma_window& win, pair_order o) {
  const json& a = *x.line;
  const json& b = *y.line;
  const bool process_only = o == pair_order::process_only;
  const std::string epoch =
      process_only ? "ordered by process synchronisation alone, no MPI_Win_sync on both sides" : epoch_of(a, b);
  const std::string how =
      process_only ? " the same bytes directly, ordered only by process synchronisation (a barrier or a message) with "
                     "no window synchronisation on both sides: MPI-4.1 §13.2.3 leaves the consistency of such "
                     "accesses to the architecture (the pattern of §13.7 is MPI_Win_sync, the process "
                     "synchronisation, MPI_Win_sync; policy " +
                         std::string(shared_sync_policy) + ")"
                   : " the same bytes directly, unsynchronised (" + epoch + ")";
  const std::string message = "rank " + std::to_string(x.world_rank) + (x.store ? " stored into" : " loaded from") +
                              " rank " + std::to_string(x.segment.second) + "'s segment of shared-memory window " +
                              std::to_string(win.id) + " (byte " + std::to_string(x.lo) + ") and rank " +
                              std::to_string(y.world_rank) + (y.store ? " stored into" : " loaded from") + how;
  json other = {{"rank", y.world_rank},
                {"access", b.value("access", "")},
                {"offset", y.lo},
                {"bytes", y.hi - y.lo},
                {"caller", b.value("caller", json())}};
  json evidence = {{"win", win.id},  {"segment_rank", x.segment.second},
                   {"epoch", epoch}, {"access", a.value("access", "")},
                   {"offset", x.lo}, {"bytes", x.hi - x.lo},
                   {"other", other}};
  if (process_only) evidence["policy"] = shared_sync_policy;
  return {{"ev", "finding"},
          {"check", process_only ? "shared_memory_no_win_sync" : "shared_memory_race"},
          {"rank", x.world_rank},
          {"call", "MPI_Win_allocate_shared"},
          {"rule", process_only ? "MPI-4.1 §13.2.3" : "MPI-4.1 §13.7"},
          {"message", message},
          {"caller", a.value("caller", json())},
          {"evidence", evidence}};
}

// The pairs that mean one thing: one check, window, segment, pair of ranks and what ordered them
// (or nothing did). A loop of stores and another rank's loop of loads make one pair per store
// instruction and offset; said once a pair they bury the report, so the first pair's finding stands
// for all, with `pairs` (how many) and `bytes_span` (the bytes they cover) in its evidence.
class pair_findings {
 public:
  explicit pair_findings(std::vector<json>& out) : out_(out) {}

  void add(json f, const direct_access& x, const direct_access& y) {
    const json& ev = f["evidence"];
    const auto ranks = std::minmax(x.world_rank, y.world_rank);
    const auto [it, fresh] = index_.try_emplace(
        {f.value("check", ""), ev.value("win", -1), x.segment, ranks, ev.value("epoch", "")}, out_.size());
    const std::int64_t lo = std::min(x.lo, y.lo), hi = std::max(x.hi, y.hi);
    if (fresh) {
      f["evidence"]["pairs"] = 1;
      f["evidence"]["bytes_span"] = {lo, hi};
      out_.push_back(std::move(f));
      return;
    }
    json& merged = out_[it->second]["evidence"];
    merged["pairs"] = merged["pairs"].get<std::int64_t>() + 1;
    merged["bytes_span"] = {std::min(lo, merged["bytes_span"][0].get<std::int64_t>()),
                            std::max(hi, merged["bytes_span"][1].get<std::int64_t>())};
  }

  // The message of a finding standing for several pairs says so.
  void finish() {
    for (const auto& [key, i] : index_) {
      json& f = out_[i];
      const std::int64_t pairs = f["evidence"]["pairs"].get<std::int64_t>();
      if (pairs < 2) continue;
      f["message"] = f["message"].get<std::string>() +
                     fmt::format(
                         "; and {} more pairs of accesses of these two ranks alike, bytes {} to {} in all "
                         "(evidence: the first pair)",
                         pairs - 1, f["evidence"]["bytes_span"][0].get<std::int64_t>(),
                         f["evidence"]["bytes_span"][1].get<std::int64_t>());
    }
  }

 private:
  using key = std::tuple<std::string, int, std::pair<int, int>, std::pair<int, int>, std::string>;
  std::vector<json>& out_;
  std::map<key, std::size_t> index_;
};

}  // namespace

std::vector<json> shared_memory_races(const std::vector<std::vector<json>>& records, const rma_epochs& epochs,
                                      const std::vector<direct_access>& accesses, const happens_before& order,
                                      const fence_order& fences) {
  const pscw_order pscw(records);
  // Only segments that two ranks accessed directly can hold a pair (a rank's loop over its own
  // private window, many strided accesses, pairs with nothing): the others are left out first.
  std::map<std::pair<int, int>, std::set<int>> ranks_of;
  for (const direct_access& d : accesses) ranks_of[d.segment].insert(d.world_rank);
  std::vector<const direct_access*> shared;
  for (const direct_access& d : accesses)
    if (ranks_of[d.segment].size() > 1) shared.push_back(&d);
  const window_syncs syncs(records, shared);
  std::vector<json> out;
  pair_findings findings(out);
  std::set<int> undecided;  // windows with a pair not decided, said once each
  std::vector<bool> reported(shared.size(), false);
  for (std::size_t i = 0; i < shared.size(); ++i)
    for (std::size_t j = i + 1; j < shared.size() && !reported[i]; ++j) {
      const direct_access &x = *shared[i], &y = *shared[j];
      if (reported[j] || x.world_rank == y.world_rank || x.segment != y.segment || (!x.store && !y.store) ||
          x.hi <= y.lo || y.hi <= x.lo)
        continue;
      const rma_window& win = epochs.windows.at(x.segment.first);
      const pair_order o = order_of(x, y, win, {syncs, order, fences, pscw});
      if (o == pair_order::undecided && undecided.insert(win.id).second)
        out.push_back({{"ev", "rma_not_analysed"},
                       {"win", win.id},
                       {"epoch", "direct loads and stores"},
                       {"reason",
                        "two ranks' direct accesses to the same bytes of a shared-memory segment whose "
                        "order is not modelled (a PSCW epoch with a third rank, a bounded record of "
                        "synchronisation calls or groups, ranks on different hosts): a race between them "
                        "would not be reported"}});
      if (o != pair_order::unordered && o != pair_order::process_only) continue;
      if (x.store)
        findings.add(shared_finding(x, y, win, o), x, y);
      else
        findings.add(shared_finding(y, x, win, o), y, x);
      reported[i] = reported[j] = true;
    }
  findings.finish();
  return out;
}

}  // namespace redsem::check
