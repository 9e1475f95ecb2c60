// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/guarded_buffer.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace redsem::fuzz {
namespace {

constexpr std::byte canary{0xa5};
// Inaccessible pages on each side, beyond the canary zones: a write this far off faults.
constexpr std::size_t fence_pages = 16;

// Whether [p, p + n) holds only canary bytes, compared a block at a time: most calls write no
// stray byte, and this check runs on every one of them.
bool all_canary(const std::byte* p, std::size_t n) {
  static const auto block = [] {
    std::array<std::byte, 4096> b;
    b.fill(canary);
    return b;
  }();
  for (std::size_t k = 0; k < n; k += block.size())
    if (std::memcmp(p + k, block.data(), std::min(block.size(), n - k)) != 0) return false;
  return true;
}

std::size_t page_size() {
  static const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

// The readable part of a mapping: a power of two of pages, at least four, so that mappings of
// finished buffers serve the next ones (a fuzzing campaign makes two per case, and the system
// calls to map and unmap them would otherwise cost more than the kernel calls).
std::size_t middle_size(std::size_t bytes) {
  std::size_t size = 4 * page_size();
  while (size < bytes) size *= 2;
  return size;
}

struct spare_mapping {
  std::byte* mapping;
  std::size_t middle;
};
constexpr std::size_t max_spares = 4;
thread_local std::vector<spare_mapping> spares;

std::size_t mapped_size(std::size_t middle) { return 2 * fence_pages * page_size() + middle; }

// A mapping with `middle` readable bytes between two fences: a spare one, else a new one.
std::byte* take_mapping(std::size_t middle) {
  for (auto it = spares.begin(); it != spares.end(); ++it)
    if (it->middle == middle) {
      std::byte* m = it->mapping;
      spares.erase(it);
      return m;
    }
  const std::size_t fence = fence_pages * page_size();
  void* m = mmap(nullptr, mapped_size(middle), PROT_NONE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return nullptr;
  if (mprotect(static_cast<std::byte*>(m) + fence, middle, PROT_READ | PROT_WRITE) != 0) {
    munmap(m, mapped_size(middle));
    return nullptr;
  }
  return static_cast<std::byte*>(m);
}

}  // namespace

guarded_buffer::guarded_buffer(const std::vector<std::byte>& content, int offset) : size_(content.size()) {
  const std::size_t page = page_size(), fence = fence_pages * page;
  // [fence][canary page][offset, buffer, canary: at least a page][fence]
  const std::size_t middle = middle_size(page + static_cast<std::size_t>(offset) + size_ + page);
  mapped_ = mapped_size(middle);
  if ((mapping_ = take_mapping(middle)) != nullptr) {
    canary_begin_ = mapping_ + fence;
    canary_end_ = canary_begin_ + middle;
  } else {
    // No mapping (address space exhausted): a plain allocation with the same canary zones.
    fallback_.resize(middle + 64);
    const auto misalign = reinterpret_cast<std::uintptr_t>(fallback_.data()) % 64;
    canary_begin_ = fallback_.data() + (64 - misalign) % 64;
    canary_end_ = canary_begin_ + middle;
  }
  std::fill(canary_begin_, canary_end_, canary);
  data_ = canary_begin_ + page + offset;
  if (size_ != 0) std::memcpy(data_, content.data(), size_);
}

guarded_buffer::~guarded_buffer() {
  if (mapping_ == nullptr) return;
  const std::size_t middle = mapped_ - 2 * fence_pages * page_size();
  if (spares.size() < max_spares)
    spares.push_back({mapping_, middle});
  else
    munmap(mapping_, mapped_);
}

std::optional<std::int64_t> guarded_buffer::stray_write() const {
  if (all_canary(canary_begin_, static_cast<std::size_t>(data_ - canary_begin_)) &&
      all_canary(data_ + size_, static_cast<std::size_t>(canary_end_ - (data_ + size_))))
    return std::nullopt;
  // Before the buffer, the changed byte nearest to it; after it, likewise.
  for (const std::byte* p = data_; p != canary_begin_;)
    if (*--p != canary) return p - data_;
  const std::byte* after = std::find_if_not(data_ + size_, canary_end_, [](std::byte b) { return b == canary; });
  if (after != canary_end_) return after - data_;
  return std::nullopt;
}

std::optional<std::int64_t> guarded_buffer::first_change(const std::vector<std::byte>& original) const {
  const std::size_t n = std::min(size_, original.size());
  if (n == 0 || std::memcmp(data_, original.data(), n) == 0) return std::nullopt;
  for (std::size_t k = 0; k < size_ && k < original.size(); ++k)
    if (data_[k] != original[k]) return static_cast<std::int64_t>(k);
  return std::nullopt;
}

}  // namespace redsem::fuzz
