// SPDX-License-Identifier: BSD-3-Clause
#include "model/buffer.h"

#include <algorithm>

#include "model/outcome.h"

namespace redsem {

region_id address_space::allocate(std::string name, std::size_t bytes, std::byte fill) {
  regions_.push_back({std::move(name), std::vector<std::byte>(bytes, fill)});
  return static_cast<region_id>(regions_.size() - 1);
}

std::int64_t element_count(const buffer& b) {
  return b.count * static_cast<std::int64_t>(b.type.entries().size());
}

std::int64_t element_address(const buffer& b, std::int64_t k) {
  const auto n = static_cast<std::int64_t>(b.type.entries().size());
  return b.offset + (k / n) * b.type.extent() + b.type.entries()[static_cast<std::size_t>(k % n)].disp;
}

basic_type element_type(const buffer& b, std::int64_t k) {
  const auto n = static_cast<std::int64_t>(b.type.entries().size());
  return b.type.entries()[static_cast<std::size_t>(k % n)].type;
}

namespace {

// Every touched field as its own interval, in element order.
std::vector<byte_range> field_ranges(const buffer& b) {
  std::vector<byte_range> out;
  const std::int64_t n = element_count(b);
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t at = element_address(b, k);
    const type_info& t = info(element_type(b, k));
    for (std::size_t f = 0; f < t.field_count; ++f) {
      const std::int64_t begin = at + t.fields[f].offset;
      out.push_back({b.region, begin, begin + static_cast<std::int64_t>(value_bytes(t.fields[f].kind))});
    }
  }
  std::sort(out.begin(), out.end(), [](const byte_range& x, const byte_range& y) { return x.begin < y.begin; });
  return out;
}

}  // namespace

std::vector<byte_range> touched_bytes(const buffer& b) {
  std::vector<byte_range> merged;
  for (const byte_range& r : field_ranges(b)) {
    if (!merged.empty() && r.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, r.end);
    else
      merged.push_back(r);
  }
  return merged;
}

std::optional<byte_range> first_overlap(const buffer& a, const buffer& b) {
  if (a.region != b.region) return std::nullopt;
  const auto ra = touched_bytes(a);
  const auto rb = touched_bytes(b);
  std::size_t i = 0, j = 0;
  while (i < ra.size() && j < rb.size()) {
    const std::int64_t begin = std::max(ra[i].begin, rb[j].begin);
    const std::int64_t end = std::min(ra[i].end, rb[j].end);
    if (begin < end) return byte_range{a.region, begin, end};
    (ra[i].end < rb[j].end) ? ++i : ++j;
  }
  return std::nullopt;
}

std::optional<std::int64_t> first_self_overlap(const buffer& b) {
  const auto ranges = field_ranges(b);
  std::int64_t reach = ranges.empty() ? 0 : ranges.front().end;
  for (std::size_t i = 1; i < ranges.size(); ++i) {
    if (ranges[i].begin < reach) return ranges[i].begin;
    reach = std::max(reach, ranges[i].end);
  }
  return std::nullopt;
}

std::optional<std::string> written_type_error(const datatype& t) {
  const auto at = first_self_overlap(buffer{0, 0, 1, t});
  if (!at) return std::nullopt;
  const rule_info& r = describe(rule::inout_overlapping_entries);
  return "the entries of " + t.description() + " overlap (byte " + std::to_string(*at) +
         " of an element is in two of them), and the buffer it describes is written: " + std::string(r.text) + " (" +
         std::string(r.section) + ")";
}

bool fits(const address_space& space, const buffer& b) {
  if (b.region >= space.size()) return false;
  const auto ranges = touched_bytes(b);
  const auto size = static_cast<std::int64_t>(space.bytes(b.region).size());
  return ranges.empty() || (ranges.front().begin >= 0 && ranges.back().end <= size);
}

}  // namespace redsem
