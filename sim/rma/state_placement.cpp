// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/state_placement.h"

#include <algorithm>

#include "model/check.h"
#include "sim/rma/records.h"
#include "sim/rma/search.h"

namespace redsem::sim::rma {

state_placement::state_placement(const search_space& space, int shares, std::size_t chosen)
    : shares_(static_cast<std::uint64_t>(shares)), space_(&space) {
  ensure(shares >= 1, "a split search has at least one share");
  const std::size_t n = space.steps.size();
  // A fifth of the steps, 2 to 4 of them: fewer leaves too few combinations of their bits to
  // split a level evenly, more sends more successors away (each chosen step's transitions move).
  if (chosen == 0) chosen = std::clamp<std::size_t>(n / 5, 2, 4);
  chosen = std::min(chosen, n);
  for (std::size_t i = 0; i < n; ++i) {
    if ((i * chosen) / n == ((i + 1) * chosen) / n) continue;  // spread evenly over the program
    const step& s = space.steps[i];
    part p;
    p.bit = std::uint64_t{1} << i;
    if (s.reads) p.fetch_slot = s.fetch_slot, p.fetch_bytes = s.size;
    if (s.split) p.register_slot = s.register_slot, p.register_bytes = s.size;
    parts_.push_back(p);
    mask_ |= p.bit;
  }
}

std::size_t state_placement::owner(const std::byte* state) const {
  const std::uint64_t done = done_steps(state), started = started_steps(*space_, state);
  std::uint64_t sum = 0;
  for (const part& p : parts_) {
    sum += static_cast<std::uint64_t>((done & p.bit) != 0) + static_cast<std::uint64_t>((started & p.bit) != 0);
    // A slot holds zeros until its step writes it; hashing them too keeps this a function of the state.
    if (p.fetch_bytes) sum += record_hash(state + p.fetch_slot, p.fetch_bytes);
    if (p.register_bytes) sum += record_hash(state + p.register_slot, p.register_bytes);
  }
  return static_cast<std::size_t>(sum % shares_);
}

}  // namespace redsem::sim::rma
