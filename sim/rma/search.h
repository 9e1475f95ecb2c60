/* SPDX-License-Identifier: BSD-3-Clause */
// Depth-first search of every interleaving of a search space's steps, with state hashing
// (each state is expanded once) and, optionally, partial-order reduction:
//   - steps of different groups of overlapping bytes are independent, so only the first
//     unfinished group's steps are expanded (a persistent set);
//   - a step that commutes with every step still to run (search_space::independent) is
//     expanded alone.
// Both keep every reachable final state; they prune only orders of independent steps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/rma/records.h"
#include "sim/rma/search_space.h"
#include "sim/search_share.h"

namespace redsem::sim::rma {

enum class reduction : std::uint8_t { none, partial_order };

// Why a search stopped before it had seen every state.
enum class search_stop : std::uint8_t { none, state_limit, memory_budget };

struct search_options {
  reduction mode = reduction::partial_order;
  std::size_t max_states = 50'000'000;  // the search stops, incomplete, beyond this (over all shares)
  search_share share;                   // the whole search unless split (run_split_search)
  std::size_t placement_steps = 0;      // a split search's state_placement (0: its default)
  // The search stops, incomplete, once its state table and outcomes hold this many bytes; a
  // split search, once one share's two levels and outgoing parts do (every share stops alike).
  std::size_t memory_budget = std::size_t{512} << 20;
  // Told the states stored so far, every progress_states of them (a split search: by all its
  // shares, once per level), so that a long search can show how far it is.
  std::function<void(std::uint64_t states)> on_progress = {};
};

inline constexpr std::uint64_t progress_states = std::uint64_t{1} << 16;

struct search_stats {
  std::uint64_t states = 0;       // distinct states stored
  std::uint64_t states_here = 0;  // of which this share stored (a split search; else all of them)
  std::uint64_t transitions = 0;  // steps fired
  double executions = 0;  // maximal interleavings the searched graph holds (paths), counted exactly then rounded
  bool complete = true;
  search_stop stopped = search_stop::none;  // why not complete
  double seconds = 0;
  std::size_t memory_bytes = 0;
};

struct search_result {
  search_stats stats;
  // The distinct outcomes of the final states (search_space::outcome_end), in no particular
  // order. A split search leaves each share the outcomes it owns (outcome_owner): together the
  // shares hold one process's finals, each once, and no share holds them all.
  record_list finals;
};

// The share that holds an outcome in a split search: the same for every search of a program
// (reduced, full, serial), so comparing their outcomes needs no exchange.
inline int outcome_owner(const std::byte* outcome, std::size_t width, int shares) {
  return static_cast<int>(record_hash(outcome, width) % static_cast<std::uint64_t>(shares));
}

// Depth-first with one state table, or, when options.share is split, run_split_search.
search_result run_search(const search_space& space, const search_options& options);

// Breadth-first over the shares of a split search (sim/rma/split_search.cpp): same states,
// transitions, executions and finals as run_search; each share needs only two levels of states.
search_result run_split_search(const search_space& space, const search_options& options);

// Fires step s in `state` (one transition; a split step's read, then its write).
void fire(const search_space& space, std::size_t s, std::byte* state);

// The steps to fire from `state` (at least one remains): every enabled one, or under
// partial-order reduction a persistent subset of them. A function of the state alone, so every
// search order reaches the same graph.
std::uint64_t steps_to_expand(const search_space& space, reduction mode, const std::byte* state);

// The done mask (steps finished) at the front of a state.
std::uint64_t done_steps(const std::byte* state);

// The started mask (split steps whose read half has fired), or 0 when no step is split.
std::uint64_t started_steps(const search_space& space, const std::byte* state);

}  // namespace redsem::sim::rma
