#include "sim/rma/state_table.h"

#include "model/check.h"

namespace redsem::sim::rma {

state_table::state_table(std::size_t state_bytes) : words_(state_bytes / 8), slots_(1024, 0), mask_(1023) {
  ensure(state_bytes % 8 == 0 && state_bytes > 0, "states are whole 64-bit words");
}

std::uint64_t state_table::hash(const std::byte* state, std::size_t n) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t w;
    std::memcpy(&w, state + i * 8, 8);
    h ^= w;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  h ^= h >> 29;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 32);
}

void state_table::grow() {
  std::vector<std::uint32_t> slots(slots_.size() * 2, 0);
  const std::size_t mask = slots.size() - 1;
  for (std::uint32_t i = 0; i < hashes_.size(); ++i) {
    std::size_t at = hashes_[i] & mask;
    while (slots[at] != 0) at = (at + 1) & mask;
    slots[at] = i + 1;
  }
  slots_ = std::move(slots);
  mask_ = mask;
}

std::uint32_t state_table::insert(const std::byte* state, bool* inserted) {
  const std::size_t bytes = words_ * 8;
  const std::uint64_t h = hash(state, words_);
  std::size_t at = h & mask_;
  while (const std::uint32_t s = slots_[at]) {
    if (hashes_[s - 1] == h && std::memcmp(this->state(s - 1), state, bytes) == 0) {
      *inserted = false;
      return s - 1;
    }
    at = (at + 1) & mask_;
  }
  ensure(hashes_.size() < UINT32_MAX - 1, "fewer than 2^32 states");
  const auto index = static_cast<std::uint32_t>(hashes_.size());
  slots_[at] = index + 1;
  hashes_.push_back(h);
  values_.push_back(0.0);
  arena_.insert(arena_.end(), state, state + bytes);
  *inserted = true;
  if (hashes_.size() * 2 > slots_.size()) grow();
  return index;
}

}  // namespace redsem::sim::rma
