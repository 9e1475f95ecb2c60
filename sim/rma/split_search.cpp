// SPDX-License-Identifier: BSD-3-Clause
// The interleaving search split over the shares of a job (search_share), breadth first.
//
// Every maximal path fires each step once (a split step twice: its read, then its write), so
// all states at one depth have made the same number of transitions: the graph comes in levels,
// and a level's successors all lie in the next. Each state belongs to one share
// (state_placement; a final state, its outcome's: outcome_owner). A share expands the
// states of the level it owns and sends each successor, with the number of paths that reach
// it, to its owner, which merges the copies from every share. So each state is stored and
// expanded once over all shares: the distinct states, transitions, path counts (exact) and
// finals are the depth-first search's. A share holds its part of two levels and the
// successors bound for the others, not the whole graph, and ends with the finals it owns,
// which never travel to every share.
//
// Successors are sent as they come, not merged per destination first: a table to merge them
// in cost more than the extra bytes it saved (docs/benchmarks.md).
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <numeric>
#include <utility>

#include "model/check.h"
#include "sim/detail/raw_bytes.h"
#include "sim/rma/search.h"
#include "sim/rma/state_placement.h"
#include "sim/rma/state_table.h"

namespace redsem::sim::rma {
namespace {

using sim::detail::get_raw;
using sim::detail::put_raw;

// A level goes by state_placement when no share would hold more than this times its even part.
constexpr double max_share_over_even = 1.25;

// Adds `paths` paths to `state` in a level.
void add_paths(state_table& level, const std::byte* state, std::uint64_t h, const exact_count& paths) {
  bool inserted = false;
  const std::uint32_t index = level.insert(state, h, &inserted);
  exact_count sum = level.value(index);
  sum += paths;
  level.set_value(index, sum);
}

// Whether the placement would split `level` (this share's part of it) evenly over the shares:
// then the next level, much like it, goes by the placement too. Adjacent levels differ little,
// and a placement that leaves one share much more than its part costs more than the successors
// it keeps from travelling (docs/benchmarks.md: the bound hardly matters; popcount-like
// placements over 3 shares are often far from even). A level already
// placed by it is all this share's: its states need not be placed again to be counted.
bool placement_is_even(const state_placement& placement, const state_table& level, bool placed_by_it,
                       const search_share& share) {
  const auto count = static_cast<std::size_t>(share.count);
  std::vector<std::uint64_t> held(count);
  if (placed_by_it)
    held[static_cast<std::size_t>(share.index)] = level.size();
  else
    for (std::uint32_t i = 0; i < level.size(); ++i) ++held[placement.owner(level.state(i))];
  std::string mine;
  for (std::uint64_t n : held) put_raw(mine, n);
  std::fill(held.begin(), held.end(), 0);
  for (const std::string& part : share.allgather(mine)) {
    std::size_t at = 0;
    for (std::uint64_t& n : held) n += get_raw<std::uint64_t>(part, at);
  }
  const std::uint64_t total = std::accumulate(held.begin(), held.end(), std::uint64_t{0});
  return total > 0 && static_cast<double>(*std::max_element(held.begin(), held.end())) <=
                          max_share_over_even * static_cast<double>(total) / count;
}

// This share's figures, for the final allgather.
std::string summary(const search_stats& stats, const exact_count& executions) {
  std::string out;
  put_raw(out, static_cast<std::uint8_t>(stats.complete));
  put_raw(out, stats.states);
  put_raw(out, stats.transitions);
  put_raw(out, executions);
  return out;
}

}  // namespace

search_result run_split_search(const search_space& sp, const search_options& options) {
  const search_share& share = options.share;
  ensure(share.count >= 1 && share.index >= 0 && share.index < share.count && share.allgather && share.alltoall,
         "a split search needs 0 <= index < count, an allgather and an alltoall");
  const auto start = std::chrono::steady_clock::now();
  const auto count = static_cast<std::size_t>(share.count), me = static_cast<std::size_t>(share.index);
  const std::size_t bytes = sp.state_bytes, words = bytes / 8;
  std::size_t levels = 0;  // transitions on every maximal path
  for (const step& s : sp.steps) levels += s.split ? 2 : 1;
  // The share a state at `depth` (with hash h) belongs to. Where state_placement splits a level
  // evenly, its owner, so that most successors stay where they are made; elsewhere (the first
  // levels, where few chosen steps have fired) the state's hash. A final state goes by its
  // outcome (outcome_owner), so the finals end where the explorer compares them with the serial
  // reference's, whose states differ from these in masks and registers.
  const state_placement placement(sp, share.count, options.placement_steps);
  bool placed_by_steps = false;  // for the level being made: decided by every share alike (placement_is_even)
  const auto owner = [&](const std::byte* state, std::uint64_t h, std::size_t depth) {
    if (depth == levels)
      return static_cast<std::size_t>(outcome_owner(state + sp.window_offset, sp.outcome_bytes(), share.count));
    return placed_by_steps ? placement.owner(state) : static_cast<std::size_t>(h % count);
  };

  search_result mine;
  mine.finals = record_list(sp.outcome_bytes());  // an incomplete search keeps none, of the right width
  exact_count executions;
  std::uint64_t states_everywhere = 0;    // stored so far by all shares (each share adds the same numbers)
  state_table level(bytes), next(bytes);  // reused level after level: no fresh pages to fault in
  std::vector<std::string> to(count), from;
  {
    const std::uint64_t h = state_table::hash(sp.initial.data(), words);
    if (owner(sp.initial.data(), h, 0) == me) add_paths(level, sp.initial.data(), h, exact_count::one());
  }
  std::vector<std::byte> children(max_steps * bytes);
  std::uint64_t hashes[max_steps];
  std::size_t owners[max_steps];
  for (std::size_t depth = 0;; ++depth) {
    mine.stats.states += level.size();
    if (depth == levels) {
      mine.finals.reserve(level.size());
      for (std::uint32_t i = 0; i < level.size(); ++i) {
        ensure(done_steps(level.state(i)) == sp.all_steps(), "every maximal interleaving fires every step");
        mine.finals.push_back(level.state(i) + sp.window_offset);
        executions += level.value(i);
      }
      break;
    }
    next.clear(level.size());  // levels grow or shrink gradually: the last one is a fair guess
    for (std::size_t d = 0; d < count;
         ++d) {  // a part: this level's size, this share's bytes, then (state, paths) records
      to[d].clear();
      put_raw(to[d], static_cast<std::uint64_t>(level.size()));  // for the shared state count
      put_raw(to[d], std::uint64_t{0});                          // for the memory check, filled in below
    }
    for (std::uint32_t i = 0; i < level.size(); ++i) {
      const std::byte* s = level.state(i);
      const exact_count paths = level.value(i);
      // All successors first, their slots prefetched, then inserted: the misses overlap.
      std::size_t n = 0;
      for (std::uint64_t m = steps_to_expand(sp, options.mode, s); m; m &= m - 1, ++n) {
        std::byte* c = children.data() + n * bytes;
        std::memcpy(c, s, bytes);
        fire(sp, static_cast<std::size_t>(std::countr_zero(m)), c);
        hashes[n] = state_table::hash(c, words);
        owners[n] = owner(c, hashes[n], depth + 1);
        if (owners[n] == me) next.prefetch(hashes[n]);
      }
      mine.stats.transitions += n;
      for (std::size_t k = 0; k < n; ++k) {
        const std::byte* c = children.data() + k * bytes;
        if (owners[k] == me) {
          add_paths(next, c, hashes[k], paths);
        } else {  // its owner merges the copies
          to[owners[k]].append(reinterpret_cast<const char*>(c), bytes);
          put_raw(to[owners[k]], paths);
        }
      }
    }
    // This share's memory now, its two levels and what it is about to send, in every part's
    // header: each share then sees every share's figure and all stop at the same level.
    std::uint64_t bytes_here = level.memory_bytes() + next.memory_bytes();
    for (const std::string& part : to) bytes_here += part.capacity();
    for (std::string& part : to) std::memcpy(part.data() + sizeof(std::uint64_t), &bytes_here, sizeof bytes_here);
    share.alltoall(to, from);
    ensure(from.size() == count, "a split search's alltoall returns one part per share");
    std::uint64_t most_bytes_on_a_share = 0;
    for (const std::string& part : from) {
      std::size_t at = 0;
      states_everywhere += get_raw<std::uint64_t>(part, at);
      most_bytes_on_a_share = std::max(most_bytes_on_a_share, get_raw<std::uint64_t>(part, at));
      const std::size_t record_bytes = bytes + sizeof(exact_count);
      ensure((part.size() - at) % record_bytes == 0, "a split search's part is truncated");
      // In batches, their slots prefetched first, as the expansion does.
      while (at < part.size()) {
        const std::size_t n = std::min<std::size_t>(max_steps, (part.size() - at) / record_bytes);
        for (std::size_t k = 0; k < n; ++k) {
          const auto* s = reinterpret_cast<const std::byte*>(part.data() + at + k * record_bytes);
          hashes[k] = state_table::hash(s, words);
          ensure(owner(s, hashes[k], depth + 1) == me, "a split search's state reached a share that does not own it");
          next.prefetch(hashes[k]);
        }
        for (std::size_t k = 0; k < n; ++k) {
          const auto* s = reinterpret_cast<const std::byte*>(part.data() + at);
          at += bytes;
          add_paths(next, s, hashes[k], get_raw<exact_count>(part, at));
        }
      }
    }
    mine.stats.memory_bytes = std::max<std::size_t>(mine.stats.memory_bytes, bytes_here);
    mine.stats.memory_bytes = std::max(mine.stats.memory_bytes, level.memory_bytes() + next.memory_bytes());
    std::swap(level, next);
    if (options.on_progress) options.on_progress(states_everywhere);
    // For the level after, when it is not the last (finals go by their outcome).
    placed_by_steps =
        share.split() && depth + 2 < levels && placement_is_even(placement, level, placed_by_steps, share);
    if (states_everywhere > options.max_states) {  // every share sees the same sum and stops here
      mine.stats.complete = false;
      mine.stats.stopped = search_stop::state_limit;
      break;
    }
    if (most_bytes_on_a_share > options.memory_budget) {  // likewise: every share sees the same maximum
      mine.stats.complete = false;
      mine.stats.stopped = search_stop::memory_budget;
      break;
    }
  }

  search_result whole;
  whole.finals = std::move(mine.finals);
  whole.stats.complete = true;
  exact_count paths_everywhere;
  for (const std::string& part : share.allgather(summary(mine.stats, executions))) {
    std::size_t at = 0;
    const bool complete = get_raw<std::uint8_t>(part, at) != 0;  // read whatever came before: parts parse in order
    whole.stats.complete = whole.stats.complete && complete;
    whole.stats.states += get_raw<std::uint64_t>(part, at);
    whole.stats.transitions += get_raw<std::uint64_t>(part, at);
    paths_everywhere += get_raw<exact_count>(part, at);
  }
  if (!whole.stats.complete) whole.stats.stopped = mine.stats.stopped;  // the same on every share
  whole.stats.executions = paths_everywhere.value();
  whole.stats.memory_bytes = mine.stats.memory_bytes;
  whole.stats.states_here = mine.stats.states;
  whole.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return whole;
}

}  // namespace redsem::sim::rma
