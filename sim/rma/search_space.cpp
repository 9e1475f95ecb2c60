// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/search_space.h"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "model/check.h"

namespace redsem::sim::rma {
namespace {

using redsem::rma::guarantee;

bool overlaps(const step& a, const step& b) { return a.at < b.at + b.size && b.at < a.at + a.size; }

bool is_local(access_kind k) { return k == access_kind::local_load || k == access_kind::local_store; }

// MPI orders an element of `first` (of type first_type) before an overlapping one of `second`
// (same origin, first issued earlier).
bool kept_in_order(const access& first, basic_type first_type, const access& second, basic_type second_type,
                   const redsem::rma::window_info& info, const policy& semantics) {
  if (first.fence_epoch != second.fence_epoch) return first.fence_epoch < second.fence_epoch;  // a fence between them
  if (redsem::rma::ordered_by_exposure(first, second)) return true;  // the target's post or wait between them
  if (first.origin != second.origin || first.sequence >= second.sequence) return false;
  if (redsem::rma::separated_by_completion(first, second)) return true;  // a flush between them
  if (is_local(first.kind) && is_local(second.kind)) return true;        // the target's own program order
  // accumulate_ordering orders one origin's accumulates "on a per-datatype granularity" (§13.7.2):
  // of one type under ordering_types=same (the default), whatever their types under any.
  if (is_accumulate_family(first.kind) && is_accumulate_family(second.kind))
    return (first_type == second_type || semantics.ordering_types == ordering_types_rule::any) &&
           redsem::rma::ordered_by_info(first, second, info.ordering);
  return false;  // puts and gets are never ordered (§13.7.2)
}

// Whether a and b commute in every state: disjoint, two reads, or two non-fetching accumulates
// with one exactly commutative op on one element (ops::apply gives the same bits either way).
bool commute(const step& a, const step& b) {
  if (!overlaps(a, b)) return true;
  if (!a.atomic || !b.atomic) return false;
  if (!a.writes && !b.writes) return true;
  return !a.reads && !b.reads && a.kind == access_kind::accumulate && b.kind == access_kind::accumulate &&
         a.op == b.op && a.type == b.type && a.at == b.at && redsem::rma::updates_commute(a.op, a.type);
}

bool any_exclusive(const rma_program& program) {
  return std::any_of(program.accesses.begin(), program.accesses.end(), [](const access& a) { return a.exclusive; });
}

// Per step of sp, the steps of other origins' epochs that an exclusive lock keeps apart from its
// epoch; sp.epochs and each step's excluded_by are filled in, and each step is ordered after the
// steps of its origin's earlier epochs (an unlock completes them at the target, §13.5.3), which
// matters once a whole epoch may wait for another.
std::vector<std::uint64_t> add_lock_exclusion(const rma_program& program, search_space& sp) {
  const std::size_t n = sp.steps.size();
  std::vector<std::uint64_t> excluded(n, 0);
  if (!any_exclusive(program)) return excluded;
  const auto access_of = [&](std::size_t i) -> const access& { return program.accesses[sp.steps[i].access]; };
  std::vector<int> epoch_ids;  // lock_epoch of each entry of sp.epochs
  const auto epoch_index = [&](int id) {
    const auto it = std::find(epoch_ids.begin(), epoch_ids.end(), id);
    if (it != epoch_ids.end()) return static_cast<std::size_t>(it - epoch_ids.begin());
    epoch_ids.push_back(id);
    sp.epochs.push_back(0);
    return epoch_ids.size() - 1;
  };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j && redsem::rma::mutually_excluded(access_of(i), access_of(j))) {
        excluded[i] |= 1ull << j;
        sp.epochs[epoch_index(access_of(i).lock_epoch)] |= 1ull << i;
      }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (excluded[i] >> j & 1) sp.steps[i].excluded_by |= 1ull << epoch_index(access_of(j).lock_epoch);
      const access &a = access_of(i), &b = access_of(j);
      if (a.origin == b.origin && a.target == b.target && b.lock_epoch >= 0 && b.lock_epoch < a.lock_epoch)
        sp.steps[i].predecessors |= 1ull << j;
    }
  return excluded;
}

struct union_find {
  std::vector<std::size_t> parent;
  explicit union_find(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::size_t find(std::size_t x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
  void join(std::size_t a, std::size_t b) { parent[find(a)] = find(b); }
};

}  // namespace

std::int64_t rma_program::window_base(int target) const {
  if (targets.size() < 2) return 0;
  const auto it = std::find(targets.begin(), targets.end(), target);
  ensure(it != targets.end(), "every access's target holds a window in the program");
  return static_cast<std::int64_t>(it - targets.begin()) * static_cast<std::int64_t>(window.size() / targets.size());
}

element_atomicity non_atomic_elements(const rma_program& program) {
  element_atomicity out;
  for (const access& a : program.accesses) out.emplace_back(a.elements.size());
  // Marks the elements of `mine` that an element of `other` overlaps with `level`, unless a weaker
  // guarantee (a lower level) is already there.
  const auto mark = [&](std::size_t mine, std::size_t other, guarantee level) {
    const access& a = program.accesses[mine];
    const access& b = program.accesses[other];
    if (a.target != b.target) return;
    for (std::size_t e = 0; e < a.elements.size(); ++e) {
      const bool met = std::any_of(b.elements.begin(), b.elements.end(), [&](const auto& y) {
        return a.elements[e].offset < redsem::rma::end_of(y) && y.offset < redsem::rma::end_of(a.elements[e]);
      });
      auto& now = out[mine][e];
      if (met && (!now || level < *now)) now = level;
    }
  };
  for (const auto& f : redsem::rma::analyse_concurrency(program.accesses, program.info, program.semantics)) {
    const guarantee level = redsem::rma::describe(f.kind).level;
    if (level == guarantee::either_order) continue;
    mark(f.first, f.second, level);
    mark(f.second, f.first, level);
  }
  return out;
}

std::vector<step> program_steps(const rma_program& program, const element_atomicity& non_atomic, bool force_atomic) {
  std::vector<step> out;
  for (std::size_t a = 0; a < program.accesses.size(); ++a) {
    const access& acc = program.accesses[a];
    for (std::size_t e = 0; e < acc.elements.size(); ++e) {
      const auto& el = acc.elements[e];
      step s;
      s.access = static_cast<std::uint16_t>(a);
      s.element = static_cast<std::uint16_t>(e);
      s.kind = acc.kind;
      s.op = acc.op;
      s.type = el.type;
      s.at = el.offset + program.window_base(acc.target);
      s.size = info(el.type).size;
      s.atomic = force_atomic || !non_atomic[a][e];
      if (!s.atomic) s.lacking = *non_atomic[a][e];
      s.reads = acc.reads();
      s.writes = acc.writes();
      // A read-modify-write without atomicity: another write may fall between its read and write.
      const bool modifies = acc.kind == access_kind::compare_and_swap ||
                            (is_accumulate_family(acc.kind) && acc.op != op_id::no_op &&
                             (acc.op != op_id::replace || acc.kind == access_kind::fetch_accumulate));
      s.split = !s.atomic && modifies;
      if (is_accumulate_family(acc.kind) && acc.op != op_id::no_op && op_allows(acc.op, el.type))
        s.update = redsem::rma::element_update(el.type);
      s.origin = el.origin;
      s.compare = el.compare;
      out.push_back(s);
    }
  }
  return out;
}

std::vector<std::vector<std::size_t>> step_components(const rma_program& program, const std::vector<step>& steps) {
  // Sweep by start byte: a step joins the group of every earlier step still open at its start.
  std::vector<std::size_t> order(steps.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return steps[x].at < steps[y].at; });
  union_find uf(steps.size());
  std::int64_t reach = -1;
  std::size_t last = 0;
  for (std::size_t i : order) {
    if (steps[i].at < reach) uf.join(i, last);
    if (steps[i].at + steps[i].size > reach) {
      reach = steps[i].at + steps[i].size;
      last = i;
    }
  }
  if (any_exclusive(program))
    for (std::size_t i = 0; i < steps.size(); ++i)
      for (std::size_t j = i + 1; j < steps.size(); ++j)
        if (redsem::rma::mutually_excluded(program.accesses[steps[i].access], program.accesses[steps[j].access]))
          uf.join(i, j);
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::size_t> group_of(steps.size(), SIZE_MAX), root_group(steps.size(), SIZE_MAX);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const std::size_t r = uf.find(i);
    if (root_group[r] == SIZE_MAX) {
      root_group[r] = groups.size();
      groups.emplace_back();
    }
    groups[root_group[r]].push_back(i);
  }
  return groups;
}

search_space make_search_space(const rma_program& program, const std::vector<step>& all,
                               const std::vector<std::size_t>& chosen) {
  ensure(!chosen.empty() && chosen.size() <= max_steps, "a search space holds 1 to 64 steps");
  search_space sp;
  sp.program = &program;
  for (std::size_t i : chosen) sp.steps.push_back(all[i]);
  sp.window_begin = sp.steps.front().at;
  sp.window_end = sp.window_begin;
  for (const step& s : sp.steps) {
    sp.window_begin = std::min(sp.window_begin, s.at);
    sp.window_end = std::max<std::int64_t>(sp.window_end, s.at + s.size);
  }
  const bool any_split = std::any_of(sp.steps.begin(), sp.steps.end(), [](const step& s) { return s.split; });
  sp.window_offset = any_split ? 16 : 8;
  std::uint32_t next = sp.window_offset + static_cast<std::uint32_t>(sp.window_end - sp.window_begin);
  for (step& s : sp.steps) {
    s.offset = sp.window_offset + static_cast<std::uint32_t>(s.at - sp.window_begin);
    if (s.reads) s.fetch_slot = std::exchange(next, next + s.size);
  }
  sp.outcome_end = next;
  for (step& s : sp.steps)
    if (s.split) s.register_slot = std::exchange(next, next + s.size);
  sp.state_bytes = (next + 7) / 8 * 8;

  const std::size_t n = sp.steps.size();
  sp.independent.assign(n, 0);
  const std::vector<std::uint64_t> excluded = add_lock_exclusion(program, sp);
  union_find uf(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const step& a = sp.steps[i];
      const step& b = sp.steps[j];
      const bool apart = excluded[i] >> j & 1;  // firing either may disable the other
      if (i != j && commute(a, b) && !apart) sp.independent[i] |= 1ull << j;
      if (apart) uf.join(i, j);
      if (i != j && overlaps(a, b)) {
        uf.join(i, j);
        if (kept_in_order(program.accesses[b.access], b.type, program.accesses[a.access], a.type, program.info,
                          program.semantics))
          sp.steps[i].predecessors |= 1ull << j;
      }
    }
  std::vector<std::size_t> component_index(n, SIZE_MAX);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t& c = component_index[uf.find(i)];
    if (c == SIZE_MAX) {
      c = sp.components.size();
      sp.components.push_back(0);
    }
    sp.components[c] |= 1ull << i;
  }

  sp.initial.assign(sp.state_bytes, std::byte{0});
  const auto begin = static_cast<std::size_t>(sp.window_begin);
  const auto len = static_cast<std::size_t>(sp.window_end - sp.window_begin);
  ensure(begin + len <= program.window.size(), "accesses lie inside the window");
  std::memcpy(sp.initial.data() + sp.window_offset, program.window.data() + begin, len);
  return sp;
}

}  // namespace redsem::sim::rma
