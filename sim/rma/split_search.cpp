// The interleaving search split over the shares of a job (search_share), breadth first.
//
// Every maximal path fires each step once (a split step twice: its read, then its write), so
// all states at one depth have made the same number of transitions: the graph comes in levels,
// and a level's successors all lie in the next. Each state belongs to one share (its hash
// modulo the share count). A share expands the states of the level it owns and sends each
// successor, with the number of paths that reach it, to its owner (merged per destination
// first: a state is reached by several transitions, and only distinct states travel); the
// owners merge duplicates. So each state is stored and expanded once over all shares: the
// distinct states, transitions, path counts (exact) and finals (in another order) are the
// depth-first search's. A share holds its part of two levels and the successors bound for
// the others, not the whole graph.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <utility>

#include "model/check.h"
#include "sim/detail/raw_bytes.h"
#include "sim/rma/search.h"
#include "sim/rma/state_table.h"

namespace redsem::sim::rma {
namespace {

using sim::detail::get_raw;
using sim::detail::put_raw;

// Adds `paths` paths to `state` in a level.
void add_paths(state_table& level, const std::byte* state, std::uint64_t h, const exact_count& paths) {
  bool inserted = false;
  const std::uint32_t index = level.insert(state, h, &inserted);
  exact_count sum = level.value(index);
  sum += paths;
  level.set_value(index, sum);
}

// This share's part of the result, for the final allgather.
std::string summary(const search_result& r, const exact_count& executions, std::size_t final_bytes) {
  std::string out;
  put_raw(out, static_cast<std::uint8_t>(r.stats.complete));
  put_raw(out, r.stats.states);
  put_raw(out, r.stats.transitions);
  put_raw(out, executions);
  put_raw(out, static_cast<std::uint64_t>(r.finals.size()));
  for (const auto& f : r.finals) {
    ensure(f.size() == final_bytes, "finals have the state's size");
    out.append(reinterpret_cast<const char*>(f.data()), f.size());
  }
  return out;
}

}  // namespace

search_result run_split_search(const search_space& sp, const search_options& options) {
  const search_share& share = options.share;
  ensure(share.count >= 1 && share.index >= 0 && share.index < share.count && share.allgather && share.alltoall,
         "a split search needs 0 <= index < count, an allgather and an alltoall");
  const auto start = std::chrono::steady_clock::now();
  const auto count = static_cast<std::size_t>(share.count), me = static_cast<std::size_t>(share.index);
  const std::size_t bytes = sp.state_bytes, words = bytes / 8, final_bytes = bytes - sp.window_offset;
  std::size_t levels = 0;  // transitions on every maximal path
  for (const step& s : sp.steps) levels += s.split ? 2 : 1;

  search_result mine;
  exact_count executions;
  std::uint64_t states_everywhere = 0;  // stored so far by all shares (each share adds the same numbers)
  state_table level(bytes), next(bytes);  // reused level after level: no fresh pages to fault in
  std::vector<state_table> outgoing;  // successors owned by each other share
  for (std::size_t d = 0; d < count; ++d) outgoing.emplace_back(bytes);
  std::vector<std::string> to(count), from;
  {
    const std::uint64_t h = state_table::hash(sp.initial.data(), words);
    if (h % count == me) add_paths(level, sp.initial.data(), h, exact_count::one());
  }
  std::vector<std::byte> children(max_steps * bytes);
  std::uint64_t hashes[max_steps];
  for (std::size_t depth = 0;; ++depth) {
    mine.stats.states += level.size();
    if (depth == levels) {
      for (std::uint32_t i = 0; i < level.size(); ++i) {
        const std::byte* s = level.state(i);
        ensure(done_steps(s) == sp.all_steps(), "every maximal interleaving fires every step");
        mine.finals.emplace_back(s + sp.window_offset, s + bytes);
        executions += level.value(i);
      }
      // Sorted here, in parallel, and merged after the gather: the finals then arrive sorted,
      // the order the explorer's sets of outcomes are built fastest from (the depth-first
      // search's order is nearly as good; a hash table's is not: 3× slower on 3.6M finals).
      std::sort(mine.finals.begin(), mine.finals.end(), bytes_less{});
      break;
    }
    next.clear(level.size());  // levels grow or shrink gradually: the last one is a fair guess
    for (std::size_t d = 0; d < count; ++d)
      if (d != me) outgoing[d].clear(level.size() / count);
    for (std::uint32_t i = 0; i < level.size(); ++i) {
      const std::byte* s = level.state(i);
      const exact_count paths = level.value(i);
      // All successors first, their slots prefetched, then inserted: the misses overlap.
      std::size_t n = 0;
      for (std::uint64_t m = steps_to_expand(sp, options.mode, done_steps(s)); m; m &= m - 1, ++n) {
        std::byte* c = children.data() + n * bytes;
        std::memcpy(c, s, bytes);
        fire(sp, static_cast<std::size_t>(std::countr_zero(m)), c);
        hashes[n] = state_table::hash(c, words);
        if (hashes[n] % count == me) next.prefetch(hashes[n]);
      }
      mine.stats.transitions += n;
      for (std::size_t k = 0; k < n; ++k) {
        const std::byte* c = children.data() + k * bytes;
        add_paths(hashes[k] % count == me ? next : outgoing[hashes[k] % count], c, hashes[k], paths);
      }
    }
    for (std::size_t d = 0; d < count; ++d) {  // a part: this level's size, then (state, paths) records
      std::string& part = to[d];
      part.clear();
      put_raw(part, static_cast<std::uint64_t>(level.size()));  // for the shared state count
      if (d == me) continue;
      for (std::uint32_t i = 0; i < outgoing[d].size(); ++i) {
        part.append(reinterpret_cast<const char*>(outgoing[d].state(i)), bytes);
        put_raw(part, outgoing[d].value(i));
      }
    }
    share.alltoall(to, from);
    ensure(from.size() == count, "a split search's alltoall returns one part per share");
    for (const std::string& part : from) {
      std::size_t at = 0;
      states_everywhere += get_raw<std::uint64_t>(part, at);
      while (at < part.size()) {
        ensure(part.size() - at >= bytes, "a split search's part is truncated");
        const auto* s = reinterpret_cast<const std::byte*>(part.data() + at);
        at += bytes;
        const std::uint64_t h = state_table::hash(s, words);
        ensure(h % count == me, "a split search's state reached a share that does not own it");
        add_paths(next, s, h, get_raw<exact_count>(part, at));
      }
    }
    mine.stats.memory_bytes = std::max(mine.stats.memory_bytes, level.memory_bytes() + next.memory_bytes());
    std::swap(level, next);
    if (states_everywhere > options.max_states) {  // every share sees the same sum and stops here
      mine.stats.complete = false;
      break;
    }
  }

  search_result whole;
  whole.stats.complete = true;
  exact_count paths_everywhere;
  for (const std::string& part : share.allgather(summary(mine, executions, final_bytes))) {
    std::size_t at = 0;
    const bool complete = get_raw<std::uint8_t>(part, at) != 0;  // read whatever came before: parts parse in order
    whole.stats.complete = whole.stats.complete && complete;
    whole.stats.states += get_raw<std::uint64_t>(part, at);
    whole.stats.transitions += get_raw<std::uint64_t>(part, at);
    paths_everywhere += get_raw<exact_count>(part, at);
    const auto n = get_raw<std::uint64_t>(part, at);
    ensure(n <= (part.size() - at) / std::max<std::size_t>(final_bytes, 1), "a split search's part is truncated");
    const auto sorted_before = static_cast<std::ptrdiff_t>(whole.finals.size());
    for (std::uint64_t k = 0; k < n; ++k, at += final_bytes) {
      const auto* f = reinterpret_cast<const std::byte*>(part.data() + at);
      whole.finals.emplace_back(f, f + final_bytes);
    }
    std::inplace_merge(whole.finals.begin(), whole.finals.begin() + sorted_before, whole.finals.end(), bytes_less{});
  }
  whole.stats.executions = paths_everywhere.value();
  whole.stats.memory_bytes = mine.stats.memory_bytes;
  whole.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return whole;
}

}  // namespace redsem::sim::rma
