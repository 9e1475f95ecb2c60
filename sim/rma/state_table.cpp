// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/state_table.h"

#include <algorithm>

#include "model/check.h"
#include "sim/rma/hash_slots.h"

namespace redsem::sim::rma {
namespace {
constexpr std::uint64_t low32 = slot_index_bits;
}

state_table::state_table(std::size_t state_bytes, std::size_t expected)
    : words_(state_bytes / 8), slots_(std::max<std::size_t>(1024, std::bit_ceil(2 * expected + 1)), 0), mask_(slots_.size() - 1) {
  ensure(state_bytes % 8 == 0 && state_bytes > 0, "states are whole 64-bit words");
}

void state_table::clear(std::size_t expected) {
  size_ = 0;
  const std::size_t wanted = std::bit_ceil(2 * expected + 1);
  if (wanted > slots_.size()) {
    slots_.assign(wanted, 0);
    mask_ = wanted - 1;
  } else {
    std::fill(slots_.begin(), slots_.end(), 0);
  }
}

// Two independent lanes (even and odd words) so the multiplies overlap; splitmix finish.
std::uint64_t state_table::hash(const std::byte* state, std::size_t n) {
  std::uint64_t a = 0x9E3779B97F4A7C15ull ^ n, b = 0xC2B2AE3D27D4EB4Full;
  std::size_t i = 0;
  for (; i + 1 < n; i += 2) {
    std::uint64_t w0, w1;
    std::memcpy(&w0, state + i * 8, 8);
    std::memcpy(&w1, state + i * 8 + 8, 8);
    a = (a ^ w0) * 0xBF58476D1CE4E5B9ull;
    b = (b ^ w1) * 0x94D049BB133111EBull;
    a ^= a >> 29;
    b ^= b >> 32;
  }
  if (i < n) {
    std::uint64_t w;
    std::memcpy(&w, state + i * 8, 8);
    a = (a ^ w) * 0xBF58476D1CE4E5B9ull;
  }
  std::uint64_t h = a ^ (b * 0xFF51AFD7ED558CCDull);
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  return h ^ (h >> 33);
}

void state_table::grow() { grow_slots(slots_, mask_); }

std::uint32_t state_table::insert(const std::byte* state, std::uint64_t h, bool* inserted) {
  const std::size_t bytes = words_ * 8;
  const std::uint64_t tag = h & ~low32;
  std::size_t at = (h >> 32) & mask_;
  while (const std::uint64_t s = slots_[at]) {
    if ((s & ~low32) == tag) {
      const auto index = static_cast<std::uint32_t>((s & low32) - 1);
      if (std::memcmp(entry(index), state, bytes) == 0) {
        *inserted = false;
        return index;
      }
    }
    at = (at + 1) & mask_;
  }
  ensure(size_ < low32 - 1, "fewer than 2^32 states");
  const auto index = static_cast<std::uint32_t>(size_++);
  if ((index >> block_bits) >= blocks_.size())  // else the block is kept from before a clear()
    blocks_.push_back(std::make_unique_for_overwrite<std::uint64_t[]>(block_entries * (words_ + value_words)));
  std::uint64_t* e = entry(index);
  std::memcpy(e, state, bytes);
  set_value(index, exact_count{});
  slots_[at] = tag | (index + 1);
  *inserted = true;
  if (size_ * 2 > slots_.size()) grow();
  return index;
}

}  // namespace redsem::sim::rma
