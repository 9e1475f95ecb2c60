/* SPDX-License-Identifier: BSD-3-Clause */
// One operand buffer of a fuzz case in a mapping of its own: the buffer starts `offset` bytes
// past a 64-byte boundary, at least a page of canary bytes lies on each side of it, and
// inaccessible pages lie beyond those. A stray write near a buffer is then a finding that
// names its offset, one farther away a crash (a finding too, in the isolated child), never
// silent damage to the fuzzer's own memory. The mapping is shared, so the writes of a forked
// child (isolated_kernel) land in it directly; mappings are reused within a thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace redsem::fuzz {

class guarded_buffer {
 public:
  guarded_buffer(const std::vector<std::byte>& content, int offset);
  ~guarded_buffer();
  guarded_buffer(const guarded_buffer&) = delete;
  guarded_buffer& operator=(const guarded_buffer&) = delete;

  std::byte* data() { return data_; }
  std::vector<std::byte> content() const { return {data_, data_ + size_}; }

  // The offset from data() of the stray write nearest the buffer (negative: before it; size
  // or more: after it), when a canary byte no longer holds its value.
  std::optional<std::int64_t> stray_write() const;
  // The first index where the buffer's bytes differ from `original` (same size).
  std::optional<std::int64_t> first_change(const std::vector<std::byte>& original) const;

 private:
  std::byte* mapping_ = nullptr;
  std::size_t mapped_ = 0;
  std::byte* canary_begin_ = nullptr;  // first canary byte before the buffer
  std::byte* canary_end_ = nullptr;    // one past the last canary byte after it
  std::byte* data_ = nullptr;
  std::size_t size_ = 0;
  std::vector<std::byte> fallback_;  // when the mapping cannot be made: canaries only
};

}  // namespace redsem::fuzz
