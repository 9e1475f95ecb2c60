/* SPDX-License-Identifier: BSD-3-Clause */
// A hash set of fixed-size search states, stored in fixed-size blocks (no reallocation, no
// per-state objects). Each entry holds the state's words and one exact count (its executions)
// beside them, so a lookup touches one slot and one entry. Slots keep 32 bits of the hash, so
// most mismatches are rejected without reading the entry.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "sim/exact_count.h"
#include "sim/rma/hash_slots.h"

namespace redsem::sim::rma {

class state_table {
 public:
  // `expected`: states it will likely hold (its slots are sized for them up front).
  explicit state_table(std::size_t state_bytes, std::size_t expected = 0);

  // Empties the table, keeping its memory (a level-by-level search reuses two tables).
  void clear(std::size_t expected = 0);

  // The index of `state`, inserting it if new; *inserted says which. `h` is hash_of(state).
  std::uint32_t insert(const std::byte* state, std::uint64_t h, bool* inserted);
  std::uint32_t insert(const std::byte* state, bool* inserted) { return insert(state, hash_of(state), inserted); }
  std::uint64_t hash_of(const std::byte* state) const { return hash(state, words_); }
  // Starts loading the slot a state with hash h would occupy (the search hides this miss).
  void prefetch(std::uint64_t h) const { __builtin_prefetch(&slots_[(h >> 32) & mask_]); }
  std::size_t size() const { return size_; }
  const std::byte* state(std::uint32_t i) const { return reinterpret_cast<const std::byte*>(entry(i)); }
  exact_count value(std::uint32_t i) const {
    exact_count v;
    std::memcpy(static_cast<void*>(&v), entry(i) + words_, sizeof v);  // trivially copyable
    return v;
  }
  void set_value(std::uint32_t i, const exact_count& v) { std::memcpy(entry(i) + words_, &v, sizeof v); }
  std::size_t memory_bytes() const {
    return blocks_.size() * block_entries * (words_ + value_words) * 8 + slots_.capacity() * 8;
  }
  // The hash every table of this state size uses (a split search places states by it).
  static std::uint64_t hash(const std::byte* state, std::size_t words);

 private:
  static constexpr std::size_t block_bits = 14, block_entries = std::size_t{1} << block_bits;
  static constexpr std::size_t value_words = sizeof(exact_count) / 8;
  std::uint64_t* entry(std::uint32_t i) const {
    return blocks_[i >> block_bits].get() + (i & (block_entries - 1)) * (words_ + value_words);
  }
  void grow();

  std::size_t words_;  // state size in 64-bit words
  std::size_t size_ = 0;
  std::vector<std::unique_ptr<std::uint64_t[]>> blocks_;
  hash_slots slots_;  // (hash >> 32) << 32 | (index + 1); 0 = empty
  std::size_t mask_ = 0;
};

}  // namespace redsem::sim::rma
