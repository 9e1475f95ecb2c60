// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_attached.h"

#include <fmt/format.h>

#include <algorithm>

namespace redsem::check {

attached_layout::attached_layout(std::vector<attached_region> regions) : regions_(std::move(regions)) {
  std::ranges::sort(regions_, {}, &attached_region::base);
  for (const attached_region& r : regions_) {
    offsets_.push_back(bytes_);
    bytes_ += std::max<std::int64_t>(r.bytes, 0);
  }
}

std::optional<std::int64_t> attached_layout::offset_of(std::int64_t begin, std::int64_t end) const {
  for (std::size_t i = 0; i < regions_.size(); ++i) {
    const attached_region& r = regions_[i];
    if (begin >= r.base && end <= r.base + r.bytes && begin < end) return offsets_[i] + (begin - r.base);
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
