// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/search.h"

#include <bit>
#include <chrono>
#include <cstring>

#include "sim/rma/state_table.h"

namespace redsem::sim::rma {
namespace {

std::uint64_t load_mask(const std::byte* state, std::size_t at) {
  std::uint64_t m;
  std::memcpy(&m, state + at, 8);
  return m;
}
void store_mask(std::byte* state, std::size_t at, std::uint64_t m) { std::memcpy(state + at, &m, 8); }
constexpr std::size_t done_at = 0, started_at = 8;

class searcher {
 public:
  searcher(const search_space& sp, const search_options& o)
      : sp_(sp),
        options_(o),
        table_(sp.state_bytes),
        scratch_((2 * sp.steps.size() + 2) * sp.steps.size() * sp.state_bytes) {}

  search_result run() {
    const auto start = std::chrono::steady_clock::now();
    result_.finals = record_list(sp_.outcome_bytes());
    result_.stats.executions = visit(sp_.initial.data(), table_.hash_of(sp_.initial.data()), 0).value();
    result_.stats.states = result_.stats.states_here = table_.size();
    result_.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result_.stats.memory_bytes = table_.memory_bytes();
    return std::move(result_);
  }

 private:
  // Expands `state` (hash h): its successors are built and hashed first, their slots
  // prefetched, then each is visited, so the table's cache misses overlap.
  exact_count visit(const std::byte* state, std::uint64_t h, std::size_t depth) {
    bool inserted = false;
    const std::uint32_t index = table_.insert(state, h, &inserted);
    if (!inserted) return table_.value(index);
    if (options_.on_progress && table_.size() % progress_states == 0) options_.on_progress(table_.size());
    if (const search_stop stop = limit_reached(); stop != search_stop::none) {
      result_.stats.complete = false;
      result_.stats.stopped = stop;
      return {};
    }
    const std::uint64_t done = load_mask(state, done_at);
    if (done == sp_.all_steps()) {
      result_.finals.push_back(state + sp_.window_offset);
      table_.set_value(index, exact_count::one());
      return exact_count::one();
    }
    std::byte* children = scratch_.data() + depth * sp_.steps.size() * sp_.state_bytes;
    std::uint64_t hashes[max_steps];
    std::size_t n = 0;
    for (std::uint64_t m = steps_to_expand(sp_, options_.mode, state); m; m &= m - 1, ++n) {
      std::byte* child = children + n * sp_.state_bytes;
      std::memcpy(child, state, sp_.state_bytes);
      fire(sp_, static_cast<std::size_t>(std::countr_zero(m)), child);
      hashes[n] = table_.hash_of(child);
      table_.prefetch(hashes[n]);
    }
    result_.stats.transitions += n;
    exact_count executions;
    for (std::size_t i = 0; i < n; ++i) {
      executions += visit(children + i * sp_.state_bytes, hashes[i], depth + 1);
      if (!result_.stats.complete) return {};
    }
    table_.set_value(index, executions);
    return executions;
  }

  // Memory is summed every 1024 states: a budget overshoots by at most that many states.
  search_stop limit_reached() const {
    if (table_.size() > options_.max_states) return search_stop::state_limit;
    if (table_.size() % 1024 == 0 && table_.memory_bytes() + result_.finals.memory_bytes() > options_.memory_budget)
      return search_stop::memory_budget;
    return search_stop::none;
  }

  const search_space& sp_;
  search_options options_;
  state_table table_;
  std::vector<std::byte> scratch_;
  search_result result_;
};

}  // namespace

std::uint64_t done_steps(const std::byte* state) { return load_mask(state, done_at); }

std::uint64_t started_steps(const search_space& sp, const std::byte* state) {
  return sp.window_offset > started_at ? load_mask(state, started_at) : 0;
}

namespace {

// The epochs (bits of search_space::epochs) that have started and not finished in a state.
std::uint64_t epochs_in_progress(const search_space& sp, std::uint64_t done, std::uint64_t started) {
  std::uint64_t busy = 0;
  for (std::size_t e = 0; e < sp.epochs.size(); ++e)
    if ((sp.epochs[e] & (done | started)) && (sp.epochs[e] & ~done)) busy |= 1ull << e;
  return busy;
}

}  // namespace

std::uint64_t steps_to_expand(const search_space& sp, reduction mode, const std::byte* state) {
  const std::uint64_t done = done_steps(state);
  const std::uint64_t busy = sp.epochs.empty() ? 0 : epochs_in_progress(sp, done, started_steps(sp, state));
  const std::uint64_t remaining = sp.all_steps() & ~done;
  std::uint64_t candidates = remaining;
  if (mode == reduction::partial_order)
    for (std::uint64_t c : sp.components)
      if (c & remaining) {
        candidates = c & remaining;
        break;
      }
  std::uint64_t enabled = 0;
  for (std::uint64_t m = candidates; m; m &= m - 1) {
    const auto s = static_cast<std::size_t>(std::countr_zero(m));
    if ((sp.steps[s].predecessors & ~done) == 0 && (sp.steps[s].excluded_by & busy) == 0) enabled |= 1ull << s;
  }
  if (mode == reduction::partial_order)
    for (std::uint64_t m = enabled; m; m &= m - 1) {
      const auto s = static_cast<std::size_t>(std::countr_zero(m));
      const std::uint64_t others = remaining & ~(1ull << s);
      if (sp.steps[s].atomic && (others & ~sp.independent[s]) == 0) return 1ull << s;
    }
  return enabled;
}

void fire(const search_space& sp, std::size_t s, std::byte* state) {
  const step& k = sp.steps[s];
  const policy& p = sp.program->semantics;
  std::byte* target = state + k.offset;
  const std::uint64_t bit = 1ull << s;
  if (k.split) {
    std::byte* reg = state + k.register_slot;
    const std::uint64_t started = load_mask(state, started_at);
    if (!(started & bit)) {  // the read half: another write may come before the write half
      redsem::rma::copy_element(k.type, reg, target);
      if (k.reads) redsem::rma::copy_element(k.type, state + k.fetch_slot, target);
      store_mask(state, started_at, started | bit);
      return;
    }
    if (k.kind == access_kind::compare_and_swap) {
      if (redsem::rma::identical_element(k.type, k.compare.data(), reg))
        redsem::rma::copy_element(k.type, target, k.origin.data());
    } else {
      k.update(k.op, p, reg, k.origin.data());
      redsem::rma::copy_element(k.type, target, reg);
    }
    std::memset(reg, 0, k.size);  // finished registers compare equal
    store_mask(state, done_at, load_mask(state, done_at) | bit);
    return;
  }
  if (k.reads) redsem::rma::copy_element(k.type, state + k.fetch_slot, target);
  switch (k.kind) {
    case access_kind::accumulate:
    case access_kind::fetch_accumulate:
      if (k.op != op_id::no_op) k.update(k.op, p, target, k.origin.data());
      break;
    case access_kind::compare_and_swap:
      if (redsem::rma::identical_element(k.type, k.compare.data(), target))
        redsem::rma::copy_element(k.type, target, k.origin.data());
      break;
    case access_kind::put:
    case access_kind::local_store:
      redsem::rma::copy_element(k.type, target, k.origin.data());
      break;
    case access_kind::get:
    case access_kind::local_load:
      break;
  }
  store_mask(state, done_at, load_mask(state, done_at) | bit);
}

search_result run_search(const search_space& space, const search_options& options) {
  if (options.share.split()) return run_split_search(space, options);
  return searcher(space, options).run();
}

}  // namespace redsem::sim::rma
