/* SPDX-License-Identifier: BSD-3-Clause */
// Which share of a split search holds a state (sim/rma/split_search.cpp), chosen so that most
// transitions stay on the share that fires them.
//
// A state's owner is a sum over a few chosen steps of what those steps alone have written:
// their done and started bits, their fetched value and the value a split step read. Firing
// another step changes none of that (it changes only its own bits and slots, and the window,
// which the owner ignores), so its successor stays where it is; firing a chosen step moves the
// successor to another share (its bit adds one) or to a share its fetched value picks. Hashing
// the whole state instead, as a first version did, sent half of all successors to the other
// share of two: sixteen double accumulates, 25M transitions, spent more time packing, sending
// and merging those copies than the split saved.
//
// Balance comes from the chosen steps' bits and values, and is not assured: on a level where
// few chosen steps have fired, or whose states cluster on a few combinations of their bits,
// one share would hold much more than its part. The split search checks each level and places
// the next by the state's hash instead when that happens (split_search.cpp). Every share
// computes the same owner from the state alone, so the search's states, transitions and paths
// do not depend on it; only how the work is divided does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/rma/search_space.h"

namespace redsem::sim::rma {

class state_placement {
 public:
  // `chosen`: how many steps the owner depends on (0: a fair default for the space's size).
  state_placement(const search_space& space, int shares, std::size_t chosen = 0);

  // The share (0 <= owner < shares) that holds a non-final state.
  std::size_t owner(const std::byte* state) const;

  // The chosen steps, as a mask over the space's steps.
  std::uint64_t chosen_steps() const { return mask_; }

 private:
  struct part {  // what one chosen step writes in a state
    std::uint64_t bit = 0;
    std::uint32_t fetch_slot = 0, register_slot = 0;
    std::uint16_t fetch_bytes = 0, register_bytes = 0;
  };
  std::vector<part> parts_;
  std::uint64_t mask_ = 0;
  std::uint64_t shares_;
  const search_space* space_;
};

}  // namespace redsem::sim::rma
