#include "props/fuzz/guarded_buffer.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace redsem::fuzz {
namespace {

constexpr std::byte canary{0xa5};
// Inaccessible pages on each side, beyond the canary zones: a write this far off faults.
constexpr std::size_t fence_pages = 16;

std::size_t page_size() {
  static const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

}  // namespace

std::size_t guarded_buffer::canary_reach() { return page_size(); }

guarded_buffer::guarded_buffer(const std::vector<std::byte>& content, int offset) : size_(content.size()) {
  const std::size_t page = page_size(), fence = fence_pages * page;
  // [fence][canary page][offset, buffer, canary up to a page boundary][canary page][fence]
  const std::size_t middle = page + round_up(static_cast<std::size_t>(offset) + size_, page) + page;
  mapped_ = fence + middle + fence;
  void* m = mmap(nullptr, mapped_, PROT_NONE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (m != MAP_FAILED && mprotect(static_cast<std::byte*>(m) + fence, middle, PROT_READ | PROT_WRITE) == 0) {
    mapping_ = static_cast<std::byte*>(m);
    canary_begin_ = mapping_ + fence;
    canary_end_ = canary_begin_ + middle;
  } else {
    // No mapping (address space exhausted): a plain allocation with the same canary zones.
    if (m != MAP_FAILED) munmap(m, mapped_);
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
  if (mapping_ != nullptr) munmap(mapping_, mapped_);
}

std::optional<std::int64_t> guarded_buffer::stray_write() const {
  // Before the buffer, the changed byte nearest to it; after it, likewise.
  for (const std::byte* p = data_; p != canary_begin_;)
    if (*--p != canary) return p - data_;
  const std::byte* after = std::find_if_not(data_ + size_, canary_end_, [](std::byte b) { return b == canary; });
  if (after != canary_end_) return after - data_;
  return std::nullopt;
}

std::optional<std::int64_t> guarded_buffer::first_change(const std::vector<std::byte>& original) const {
  for (std::size_t k = 0; k < size_ && k < original.size(); ++k)
    if (data_[k] != original[k]) return static_cast<std::int64_t>(k);
  return std::nullopt;
}

}  // namespace redsem::fuzz
