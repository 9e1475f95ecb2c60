// A hash set of fixed-size search states, stored in fixed-size blocks (no reallocation, no
// per-state objects). Each entry holds the state's words and one number (its execution count)
// beside them, so a lookup touches one slot and one entry. Slots keep 32 bits of the hash, so
// most mismatches are rejected without reading the entry.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace redsem::sim::rma {

class state_table {
 public:
  explicit state_table(std::size_t state_bytes);

  // The index of `state`, inserting it if new; *inserted says which. `h` is hash_of(state).
  std::uint32_t insert(const std::byte* state, std::uint64_t h, bool* inserted);
  std::uint32_t insert(const std::byte* state, bool* inserted) { return insert(state, hash_of(state), inserted); }
  std::uint64_t hash_of(const std::byte* state) const { return hash(state, words_); }
  // Starts loading the slot a state with hash h would occupy (the search hides this miss).
  void prefetch(std::uint64_t h) const { __builtin_prefetch(&slots_[(h >> 32) & mask_]); }
  std::size_t size() const { return size_; }
  double value(std::uint32_t i) const { return std::bit_cast<double>(entry(i)[words_]); }
  void set_value(std::uint32_t i, double v) { entry(i)[words_] = std::bit_cast<std::uint64_t>(v); }
  std::size_t memory_bytes() const {
    return blocks_.size() * block_entries * (words_ + 1) * 8 + slots_.capacity() * 8;
  }

 private:
  static constexpr std::size_t block_bits = 14, block_entries = std::size_t{1} << block_bits;
  static std::uint64_t hash(const std::byte* state, std::size_t words);
  std::uint64_t* entry(std::uint32_t i) const {
    return blocks_[i >> block_bits].get() + (i & (block_entries - 1)) * (words_ + 1);
  }
  void grow();

  std::size_t words_;  // state size in 64-bit words
  std::size_t size_ = 0;
  std::vector<std::unique_ptr<std::uint64_t[]>> blocks_;
  std::vector<std::uint64_t> slots_;  // (hash >> 32) << 32 | (index + 1); 0 = empty
  std::size_t mask_ = 0;
};

}  // namespace redsem::sim::rma
