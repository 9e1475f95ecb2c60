/* SPDX-License-Identifier: BSD-3-Clause */
// The open-addressing slots of state_table and record_set: each non-zero slot keeps the high
// half of its entry's hash (where it sits, and a tag that rejects most mismatches unread) and
// the entry's index + 1 in the low half.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/detail/huge_pages.h"

namespace redsem::sim::rma {

inline constexpr std::uint64_t slot_index_bits = 0xFFFFFFFFull;

using hash_slots = std::vector<std::uint64_t, sim::detail::huge_page_allocator<std::uint64_t>>;

// Doubles the slots. A slot's position comes from the hash half it keeps: nothing is rehashed.
inline void grow_slots(hash_slots& slots, std::size_t& mask) {
  hash_slots grown(slots.size() * 2, 0);
  mask = grown.size() - 1;
  for (std::uint64_t s : slots) {
    if (s == 0) continue;
    std::size_t at = (s >> 32) & mask;
    while (grown[at] != 0) at = (at + 1) & mask;
    grown[at] = s;
  }
  slots = std::move(grown);
}

}  // namespace redsem::sim::rma
