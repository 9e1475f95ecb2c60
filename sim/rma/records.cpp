// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/records.h"

#include <algorithm>
#include <bit>

#include "model/check.h"
#include "sim/rma/hash_slots.h"

namespace redsem::sim::rma {
namespace {
constexpr std::uint64_t low32 = slot_index_bits;

std::uint64_t mix(std::uint64_t h, std::uint64_t w) {
  h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}
}  // namespace

std::uint64_t record_hash(const std::byte* record, std::size_t width) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ width;
  std::size_t i = 0;
  for (; i + 8 <= width; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, record + i, 8);
    h = mix(h, w);
  }
  if (i < width) {
    std::uint64_t w = 0;
    std::memcpy(&w, record + i, width - i);
    h = mix(h, w);
  }
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  return h ^ (h >> 33);
}

record_set::record_set(std::size_t width) : records_(width), slots_(64, 0), mask_(63) {}

record_set::record_set(record_list distinct) : records_(std::move(distinct)) {
  slots_.assign(std::max<std::size_t>(64, std::bit_ceil(2 * records_.size() + 1)), 0);
  mask_ = slots_.size() - 1;
  for (std::size_t i = 0; i < records_.size(); ++i) {
    const std::uint64_t h = record_hash(records_[i], records_.width());
    const std::size_t at = find(records_[i], h);
    ensure(slots_[at] == 0 && i < low32 - 1, "a record_set is built from fewer than 2^32 distinct records");
    slots_[at] = (h & ~low32) | (i + 1);
  }
}

std::size_t record_set::find(const std::byte* record, std::uint64_t h) const {
  const std::uint64_t tag = h & ~low32;
  std::size_t at = (h >> 32) & mask_;
  while (const std::uint64_t s = slots_[at]) {
    if ((s & ~low32) == tag && std::memcmp(records_[(s & low32) - 1], record, records_.width()) == 0) return at;
    at = (at + 1) & mask_;
  }
  return at;
}

bool record_set::contains(const std::byte* record) const {
  return slots_[find(record, record_hash(record, records_.width()))] != 0;
}

bool record_set::insert(const std::byte* record) {
  const std::uint64_t h = record_hash(record, records_.width());
  const std::size_t at = find(record, h);
  if (slots_[at] != 0) return false;
  ensure(records_.size() < low32 - 1, "fewer than 2^32 records");
  records_.push_back(record);
  slots_[at] = (h & ~low32) | records_.size();
  if (records_.size() * 2 > slots_.size()) grow();
  return true;
}

void record_set::grow() { grow_slots(slots_, mask_); }

}  // namespace redsem::sim::rma
