// A hash set of fixed-size search states, stored back to back in one arena: one allocation
// per growth, no per-state objects. Each state carries a number (its execution count).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace redsem::sim::rma {

class state_table {
 public:
  explicit state_table(std::size_t state_bytes);

  // The index of `state`, inserting it if new; *inserted says which.
  std::uint32_t insert(const std::byte* state, bool* inserted);
  std::size_t size() const { return hashes_.size(); }
  const std::byte* state(std::uint32_t i) const { return arena_.data() + std::size_t{i} * words_ * 8; }
  double& value(std::uint32_t i) { return values_[i]; }
  std::size_t memory_bytes() const {
    return arena_.capacity() + hashes_.capacity() * 8 + values_.capacity() * 8 + slots_.capacity() * 4;
  }

 private:
  static std::uint64_t hash(const std::byte* state, std::size_t words);
  void grow();

  std::size_t words_;                 // state size in 64-bit words
  std::vector<std::byte> arena_;      // states, words_ * 8 bytes each
  std::vector<std::uint64_t> hashes_;
  std::vector<double> values_;
  std::vector<std::uint32_t> slots_;  // open addressing: state index + 1, 0 = empty
  std::size_t mask_ = 0;
};

}  // namespace redsem::sim::rma
