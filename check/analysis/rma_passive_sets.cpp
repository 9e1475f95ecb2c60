// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_passive_sets.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <tuple>
#include <utility>

#include "check/analysis/maximal_sets.h"

namespace redsem::check {
namespace {

// The sets of passive calls to one target (sorted by when they were made) in flight together at
// the instant one of them was made: the maximal ones, as indices into `calls` (each sorted), in
// that order. A lifetime is [made, completed), so the set at an instant m holds every call made by
// m and not completed by then. A call with no lifetime (completed by the instant it was made) is in
// no set, and an instant only such calls were made at adds nothing. Every other instant adds its
// own calls, so no earlier set holds its set; a later one does exactly when none of its calls
// completes by the next such instant, which then adds to it. One sweep over the instants, the calls
// in flight kept by index and by completion, decides each set against the next instant alone: the
// work is the calls' number times its logarithm plus the sets kept, where comparing every set with
// every other cost the square of the sets times their size (GA's read_only: docs/benchmarks.md).
std::vector<std::vector<std::size_t>> together(const std::vector<const in_flight*>& calls) {
  std::vector<std::size_t> live;  // the calls with a lifetime, in `calls` order
  for (std::size_t i = 0; i < calls.size(); ++i)
    if (calls[i]->made < calls[i]->completed) live.push_back(i);
  using ending = std::pair<std::int64_t, std::size_t>;  // completed, index
  std::priority_queue<ending, std::vector<ending>, std::greater<>> ends;
  std::set<std::size_t> in_flight_now;
  std::vector<std::vector<std::size_t>> sets;
  for (std::size_t k = 0; k < live.size();) {
    const std::int64_t instant = calls[live[k]]->made;
    for (; k < live.size() && calls[live[k]]->made == instant; ++k) {
      in_flight_now.insert(live[k]);
      ends.emplace(calls[live[k]]->completed, live[k]);
    }
    for (; !ends.empty() && ends.top().first <= instant; ends.pop()) in_flight_now.erase(ends.top().second);
    const bool held_later = k < live.size() && calls[live[k]]->made < ends.top().first;
    if (!held_later && in_flight_now.size() >= 2) sets.emplace_back(in_flight_now.begin(), in_flight_now.end());
  }
  return sets;
}

// Whether two passive calls may be in flight together: neither's completion is ordered before
// the other's call by the ranks' synchronisation (happens_before.h).
bool unordered(const in_flight& x, const in_flight& y, const happens_before& order) {
  const auto before = [&](const in_flight& a, const in_flight& b) {
    return a.completed_index &&
           order.ordered(a.access.world_rank, *a.completed_index, b.access.world_rank, b.made_index).value_or(true);
  };
  return !before(x, y) && !before(y, x);
}

// One bit per call: the calls unordered with a given call, itself included.
using call_bits = std::vector<std::uint64_t>;

// Each call's row of calls unordered with it, itself included: each pair decided once (the
// relation is symmetric), so the sets below cost word operations instead of order queries.
std::vector<call_bits> unordered_rows(const std::vector<const in_flight*>& calls, const happens_before& order) {
  const std::size_t words = (calls.size() + 63) / 64;
  std::vector<call_bits> rows(calls.size(), call_bits(words, 0));
  for (std::size_t a = 0; a < calls.size(); ++a) {
    rows[a][a / 64] |= std::uint64_t{1} << (a % 64);
    for (std::size_t b = a + 1; b < calls.size(); ++b)
      if (unordered(*calls[a], *calls[b], order)) {
        rows[a][b / 64] |= std::uint64_t{1} << (b % 64);
        rows[b][a / 64] |= std::uint64_t{1} << (a % 64);
      }
  }
  return rows;
}

// From `row` (an anchor's row): the calls taken in record order, each one unordered with all taken
// before it; the candidates left are those unordered with every call taken, so each step is a scan
// to the next candidate and one intersection.
std::vector<std::size_t> greedy_set(call_bits candidates, const std::vector<call_bits>& rows) {
  std::vector<std::size_t> set;
  for (std::size_t w = 0; w < candidates.size(); ++w)
    while (candidates[w] != 0) {
      const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(candidates[w]));
      set.push_back(i);
      candidates[w] &= ~(std::uint64_t{1} << (i % 64));
      for (std::size_t v = w; v < candidates.size(); ++v) candidates[v] &= rows[i][v];
    }
  return set;
}

// The sets of passive calls to one target that may be in flight together, decided by
// synchronisation: for each call, those unordered with it and with each other (taken in record
// order), the maximal ones. Anchors with the same row take the same set: it is computed and kept
// once (maximal_sets keeps the first of equal sets, so later copies change nothing).
std::vector<std::vector<std::size_t>> together(const std::vector<const in_flight*>& calls,
                                               const happens_before& order) {
  const std::vector<call_bits> rows = unordered_rows(calls, order);
  std::set<call_bits> seen;
  std::vector<std::vector<std::size_t>> sets;
  for (const call_bits& row : rows) {
    if (!seen.insert(row).second) continue;
    std::vector<std::size_t> set = greedy_set(row, rows);
    if (set.size() >= 2) sets.push_back(std::move(set));
  }
  return maximal_sets(sets);
}

}  // namespace

// Sets of passive-target calls to one target in flight together, at most max_passive_sets each:
// decided by synchronisation, or, when the run synchronised in ways not modelled, by lifetimes
// overlapping on one host.
void passive_sets(const rma_window& w, const std::vector<in_flight>& passive, const happens_before& order,
                  rma_epochs& out) {
  // By target, host and exclusive epoch: an exclusive epoch's calls are paired only together.
  std::map<std::tuple<int, std::string, std::string>, std::vector<const in_flight*>> passive_by_target;
  for (const in_flight& p : passive) {
    if (!p.lifetime_known) {
      // One per call: a library that outruns the bound leaves thousands, merged by the report.
      out.unanalysed.push_back({w.id, "passive target", std::nullopt,
                                "a call whose completion the bounded record does not show", "", p.access});
      continue;
    }
    passive_by_target[{p.target, order.usable() ? std::string() : p.host, p.exclusive}].push_back(&p);
  }
  std::set<std::string> hosts;
  for (const auto& [where, calls] : passive_by_target) hosts.insert(std::get<1>(where));
  if (hosts.size() > 1 && !order.usable())
    out.unanalysed.push_back({w.id, "passive target", std::nullopt,
                              "its ranks ran on " + std::to_string(hosts.size()) +
                                  " machines: passive-target calls are paired only within a machine (their clocks may "
                                  "differ)"});
  for (auto& [where, calls] : passive_by_target) {
    const auto& [target, host, exclusive] = where;
    std::sort(calls.begin(), calls.end(), [](const in_flight* a, const in_flight* b) { return a->made < b->made; });
    if (calls.size() > max_passive_calls) {
      out.unanalysed.push_back({w.id, "passive target", target,
                                std::to_string(calls.size() - max_passive_calls) +
                                    " more calls to this target than the " + std::to_string(max_passive_calls) +
                                    " whose sets in flight together are analysed"});
      calls.resize(max_passive_calls);
    }
    auto sets = order.usable() ? together(calls, order) : together(calls);
    if (sets.size() > max_passive_sets) {
      out.unanalysed.push_back({w.id, "passive target", target,
                                std::to_string(sets.size() - max_passive_sets) +
                                    " more sets of calls in flight together than the " +
                                    std::to_string(max_passive_sets) + " analysed"});
      sets.resize(max_passive_sets);
    }
    for (const auto& set : sets) {
      rma_access_set s =
          exclusive.empty()
              ? rma_access_set{w.key, w.id, target, rma_sync_mode::shared, "passive target, calls in flight together",
                               {}}
              : rma_access_set{w.key, w.id, target, rma_sync_mode::exclusive, exclusive + ", calls in flight together",
                               {}};
      for (std::size_t i : set) s.accesses.push_back(calls[i]->access);
      order_by_origin(s.accesses);
      out.sets.push_back(std::move(s));
    }
  }
}

}  // namespace redsem::check
