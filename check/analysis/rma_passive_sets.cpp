// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_passive_sets.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace redsem::check {
namespace {

// The sets (each sorted) that no other set holds, the first of equal ones, in their order.
std::vector<std::vector<std::size_t>> maximal(const std::vector<std::vector<std::size_t>>& sets) {
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    bool dominated = false;  // by a larger set, or by an equal one found earlier
    for (std::size_t j = 0; j < sets.size() && !dominated; ++j)
      dominated = j != i && std::includes(sets[j].begin(), sets[j].end(), sets[i].begin(), sets[i].end()) &&
                  (sets[j].size() > sets[i].size() || j < i);
    if (!dominated) out.push_back(sets[i]);
  }
  return out;
}

// The sets of passive calls to one target (sorted by when they were made) in flight together at
// the instant one of them was made: the maximal ones, as indices into `calls`, in that order.
std::vector<std::vector<std::size_t>> together(const std::vector<const in_flight*>& calls) {
  std::vector<std::vector<std::size_t>> sets;
  for (const in_flight* anchor : calls) {
    std::vector<std::size_t> set;
    for (std::size_t i = 0; i < calls.size(); ++i)
      if (calls[i]->made <= anchor->made && anchor->made < calls[i]->completed) set.push_back(i);
    if (set.size() >= 2) sets.push_back(std::move(set));
  }
  return maximal(sets);
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

// The sets of passive calls to one target that may be in flight together, decided by
// synchronisation: for each call, those unordered with it and with each other (taken in record
// order), the maximal ones.
std::vector<std::vector<std::size_t>> together(const std::vector<const in_flight*>& calls,
                                               const happens_before& order) {
  std::vector<std::vector<std::size_t>> sets;
  for (std::size_t a = 0; a < calls.size(); ++a) {
    std::vector<std::size_t> set{a};
    for (std::size_t i = 0; i < calls.size(); ++i)
      if (i != a &&
          std::all_of(set.begin(), set.end(), [&](std::size_t m) { return unordered(*calls[i], *calls[m], order); }))
        set.push_back(i);
    std::sort(set.begin(), set.end());
    if (set.size() >= 2) sets.push_back(std::move(set));
  }
  return maximal(sets);
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
      out.unanalysed.push_back({w.id, "passive target", p.target,
                                "a call of rank " + std::to_string(p.access.world_rank) +
                                    " whose completion the bounded record does not show"});
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
