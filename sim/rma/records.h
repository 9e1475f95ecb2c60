/* SPDX-License-Identifier: BSD-3-Clause */
// Fixed-width byte records, stored flat: the searches' final outcomes (window bytes, then the
// fetched values) and the distinct values at one place of them. Millions of outcomes as one
// buffer instead of millions of vectors: no allocation per record, and a hash set over them
// (record_set) instead of a tree of byte strings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "sim/rma/hash_slots.h"

namespace redsem::sim::rma {

class record_list {
 public:
  explicit record_list(std::size_t width = 0) : width_(width) {}

  std::size_t width() const { return width_; }
  std::size_t size() const { return width_ ? bytes_.size() / width_ : 0; }
  bool empty() const { return bytes_.empty(); }
  const std::byte* operator[](std::size_t i) const { return bytes_.data() + i * width_; }
  void push_back(const std::byte* record) { bytes_.insert(bytes_.end(), record, record + width_); }
  void reserve(std::size_t n) { bytes_.reserve(n * width_); }
  // Appends n records stored back to back (a part received from another share).
  void append(const std::byte* records, std::size_t n) { bytes_.insert(bytes_.end(), records, records + n * width_); }
  const std::byte* data() const { return bytes_.data(); }
  std::size_t memory_bytes() const { return bytes_.capacity(); }

 private:
  std::size_t width_;
  std::vector<std::byte> bytes_;
};

// The hash every share uses for records (a split search gives each outcome to the share its
// hash names), any width.
std::uint64_t record_hash(const std::byte* record, std::size_t width);

// Memcmp order: the one order of outcomes that does not depend on how they were found.
inline bool record_less(const std::byte* a, const std::byte* b, std::size_t width) {
  return width != 0 && std::memcmp(a, b, width) < 0;
}

// A hash set of distinct records, holding them in a record_list.
class record_set {
 public:
  explicit record_set(std::size_t width);
  // Takes records known to be distinct (a search's finals) without copying them.
  explicit record_set(record_list distinct);

  bool insert(const std::byte* record);  // true when it was new
  bool contains(const std::byte* record) const;
  std::size_t size() const { return records_.size(); }
  const record_list& records() const { return records_; }

 private:
  std::size_t find(const std::byte* record, std::uint64_t h) const;  // its slot, or the empty slot it would take
  void grow();

  record_list records_;
  hash_slots slots_;  // (hash >> 32) << 32 | (index + 1); 0 = empty
  std::size_t mask_ = 0;
};

}  // namespace redsem::sim::rma
