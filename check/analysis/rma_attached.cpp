// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_attached.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace redsem::check {

attached_layout::attached_layout(std::vector<attached_region> regions) : regions_(std::move(regions)) {
  std::ranges::sort(regions_, {}, &attached_region::base);
  for (const attached_region& r : regions_) {
    offsets_.push_back(bytes_);
    // A record read back may hold any integer: sizes summing past 64 bits leave no layout.
    if (__builtin_add_overflow(bytes_, std::max<std::int64_t>(r.bytes, 0), &bytes_)) {
      bytes_ = std::numeric_limits<std::int64_t>::max();
      fits_ = false;
    }
  }
}

std::optional<std::int64_t> attached_layout::offset_of(std::int64_t begin, std::int64_t end) const {
  if (!fits_) return std::nullopt;
  for (std::size_t i = 0; i < regions_.size(); ++i) {
    const attached_region& r = regions_[i];
    // end - base, not base + bytes: a region may reach past the largest address (any integer in
    // a record), and an end past it is beyond the region anyway.
    std::int64_t past = 0;
    if (begin >= r.base && begin < end && !__builtin_sub_overflow(end, r.base, &past) && past <= r.bytes)
      return offsets_[i] + (begin - r.base);
  }
  return std::nullopt;
}

std::string attached_layout::text() const {
  if (regions_.empty()) return "no memory attached";
  std::string out = "attached:";
  for (std::size_t i = 0; i < regions_.size(); ++i)
    out += fmt::format("{} {:#x} ({} bytes)", i ? "," : "", regions_[i].base, regions_[i].bytes);
  return out;
}

}  // namespace redsem::check
