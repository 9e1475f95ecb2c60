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
      : sp_(sp), options_(o), table_(sp.state_bytes), scratch_((2 * sp.steps.size() + 2) * sp.steps.size() * sp.state_bytes) {}

  search_result run() {
    const auto start = std::chrono::steady_clock::now();
    result_.stats.executions = visit(sp_.initial.data(), table_.hash_of(sp_.initial.data()), 0);
    result_.stats.states = table_.size();
    result_.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result_.stats.memory_bytes = table_.memory_bytes();
    return std::move(result_);
  }

 private:
  // The steps to expand in a state: all enabled ones, or a persistent subset of them.
  std::uint64_t expand(std::uint64_t done, std::uint64_t remaining) const {
    std::uint64_t candidates = remaining;
    if (options_.mode == reduction::partial_order)
      for (std::uint64_t c : sp_.components)
        if (c & remaining) {
          candidates = c & remaining;
          break;
        }
    std::uint64_t enabled = 0;
    for (std::uint64_t m = candidates; m; m &= m - 1) {
      const auto s = static_cast<std::size_t>(std::countr_zero(m));
      if ((sp_.steps[s].predecessors & ~done) == 0) enabled |= 1ull << s;
    }
    if (options_.mode == reduction::partial_order)
      for (std::uint64_t m = enabled; m; m &= m - 1) {
        const auto s = static_cast<std::size_t>(std::countr_zero(m));
        const std::uint64_t others = remaining & ~(1ull << s);
        if (sp_.steps[s].atomic && (others & ~sp_.independent[s]) == 0) return 1ull << s;
      }
    return enabled;
  }

  // Expands `state` (hash h): its successors are built and hashed first, their slots
  // prefetched, then each is visited, so the table's cache misses overlap.
  double visit(const std::byte* state, std::uint64_t h, std::size_t depth) {
    bool inserted = false;
    const std::uint32_t index = table_.insert(state, h, &inserted);
    if (!inserted) return table_.value(index);
    if (table_.size() > options_.max_states) {
      result_.stats.complete = false;
      return 0;
    }
    const std::uint64_t done = load_mask(state, done_at);
    const std::uint64_t remaining = sp_.all_steps() & ~done;
    if (remaining == 0) {
      result_.finals.emplace_back(state + sp_.window_offset, state + sp_.state_bytes);
      table_.set_value(index, 1);
      return 1;
    }
    std::byte* children = scratch_.data() + depth * sp_.steps.size() * sp_.state_bytes;
    std::uint64_t hashes[max_steps];
    std::size_t n = 0;
    for (std::uint64_t m = expand(done, remaining); m; m &= m - 1, ++n) {
      std::byte* child = children + n * sp_.state_bytes;
      std::memcpy(child, state, sp_.state_bytes);
      fire(sp_, static_cast<std::size_t>(std::countr_zero(m)), child);
      hashes[n] = table_.hash_of(child);
      table_.prefetch(hashes[n]);
    }
    result_.stats.transitions += n;
    double executions = 0;
    for (std::size_t i = 0; i < n; ++i) {
      executions += visit(children + i * sp_.state_bytes, hashes[i], depth + 1);
      if (!result_.stats.complete) return 0;
    }
    table_.set_value(index, executions);
    return executions;
  }

  const search_space& sp_;
  search_options options_;
  state_table table_;
  std::vector<std::byte> scratch_;
  search_result result_;
};

}  // namespace

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
      if (redsem::rma::identical_element(k.type, k.compare.data(), reg)) redsem::rma::copy_element(k.type, target, k.origin.data());
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

bool bytes_less::operator()(const std::vector<std::byte>& a, const std::vector<std::byte>& b) const {
  if (a.size() != b.size()) return a.size() < b.size();
  return !a.empty() && std::memcmp(a.data(), b.data(), a.size()) < 0;
}

search_result run_search(const search_space& space, const search_options& options) {
  return searcher(space, options).run();
}

}  // namespace redsem::sim::rma
