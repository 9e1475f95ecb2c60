/* SPDX-License-Identifier: BSD-3-Clause */
// The interleaving search problem: accesses to one target window cut into element steps, with
// the orders MPI keeps (accumulate_ordering, a process's own program order, a flush between one
// origin's calls), which steps MPI makes atomic, and a compact byte layout of the search state.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/policy.h"
#include "model/rma/access.h"
#include "model/rma/concurrency.h"
#include "model/rma/element_update.h"

namespace redsem::sim::rma {

using redsem::rma::access;
using redsem::rma::access_kind;
using redsem::rma::element_bytes;

// A program of one epoch: its target windows' initial bytes and the accesses made to them.
struct rma_program {
  redsem::rma::window_info info;
  policy semantics;
  std::vector<std::byte> window;  // the target's window before the epoch (several: back to back)
  std::vector<access> accesses;   // to the target, or to one of `targets`
  // The ranks whose windows `window` holds, in order, each window.size() / targets.size()
  // bytes; empty when every access is to one target. Steps of different targets never overlap.
  std::vector<int> targets;

  // Where target's window starts in `window` (and in the search's byte space).
  std::int64_t window_base(int target) const;
};

// One basic element of one access: one transition, or two (a read, then a write) when MPI does
// not make it atomic and it reads before it writes.
struct step {
  std::uint16_t access = 0;   // index into rma_program::accesses
  std::uint16_t element = 0;  // index into that access's elements
  access_kind kind = access_kind::accumulate;
  op_id op = op_id::sum;
  basic_type type = basic_type::int_;
  std::int64_t at = 0;       // the element's first byte in the target window
  std::uint32_t offset = 0;  // the same byte in the search state
  std::uint16_t size = 0;
  bool atomic = true;
  // When not atomic: the guarantee MPI gives for it, the weakest among the findings that meet it
  // here (undefined, outside the guarantee, or unspecified).
  redsem::rma::guarantee lacking = redsem::rma::guarantee::either_order;
  bool reads = false;               // records the value it saw (fetch slot)
  bool writes = false;              // may change the target
  bool split = false;               // a separate read and write transition (non-atomic read-modify-write)
  std::uint32_t fetch_slot = 0;     // state offset of the fetched value, if reads
  std::uint32_t register_slot = 0;  // state offset of the value read, if split
  std::uint64_t predecessors = 0;   // steps that must be done before this one starts
  std::uint64_t excluded_by = 0;    // search_space::epochs that must not be in progress when it fires
  redsem::rma::element_update_fn update = nullptr;
  element_bytes origin{}, compare{};
};

inline constexpr std::size_t max_steps = 64;

struct search_space {
  const rma_program* program = nullptr;
  std::int64_t window_begin = 0, window_end = 0;  // the window bytes the state holds
  std::vector<step> steps;
  std::vector<std::uint64_t> components;   // the steps of each group of overlapping steps
  std::vector<std::uint64_t> independent;  // per step: the steps it commutes with everywhere
  // The steps of each passive-target epoch that an exclusive lock keeps apart from another
  // origin's epoch here (MPI-4.1 §13.5.3): a step waits while an epoch it is excluded by has
  // started and not finished. Empty when no lock is exclusive.
  std::vector<std::uint64_t> epochs;
  // State layout: done mask, started mask (only when some step is split), window bytes, fetched
  // values, registers of split steps; padded to whole words. A final state's outcome is its bytes
  // [window_offset, outcome_end): the window and the fetched values, laid out alike whether or
  // not steps are split, so outcomes of a search and of its serial reference compare.
  std::uint32_t window_offset = 16;
  std::uint32_t outcome_end = 0;
  std::uint32_t state_bytes = 0;  // padded to a multiple of 8
  std::vector<std::byte> initial;

  std::size_t outcome_bytes() const { return outcome_end - window_offset; }
  std::uint64_t all_steps() const { return steps.size() == 64 ? ~0ull : (1ull << steps.size()) - 1; }
};

// Which elements are modelled without atomicity, per access and element: those that an element of
// the other access of a finding overlaps, where the finding's outcome MPI leaves undefined, outside
// its guarantee, or unspecified (the weakest such guarantee); nothing where the element stays
// atomic. Atomicity is per element (MPI-4.1 §13.7.1): a racing put on one element of an
// accumulate leaves its other elements atomic.
using element_atomicity = std::vector<std::vector<std::optional<redsem::rma::guarantee>>>;
element_atomicity non_atomic_elements(const rma_program& program);

// Every element step of the program, in access order (state layout not yet assigned).
// `force_atomic` makes every step atomic: the serial reference.
std::vector<step> program_steps(const rma_program& program, const element_atomicity& non_atomic, bool force_atomic);

// The groups of steps whose bytes overlap (transitively), together with the steps of epochs an
// exclusive lock keeps apart: independent sub-problems, since a step can neither change nor
// observe, enable nor disable a step of another group.
std::vector<std::vector<std::size_t>> step_components(const rma_program& program, const std::vector<step>& steps);

// The search space of the chosen steps (at most max_steps), with their orders and layout.
search_space make_search_space(const rma_program& program, const std::vector<step>& steps,
                               const std::vector<std::size_t>& chosen);

}  // namespace redsem::sim::rma
