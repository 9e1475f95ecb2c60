// SPDX-License-Identifier: BSD-3-Clause
#include "model/typemap.h"

#include <algorithm>
#include <limits>

#include "model/check.h"

namespace redsem {
namespace {

std::int64_t round_up(std::int64_t v, std::int64_t align) {
  const std::int64_t r = v % align;
  return r == 0 ? v : v + (r > 0 ? align - r : -r);
}

std::string join(const std::vector<std::int64_t>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return "[" + s + "]";
}

}  // namespace

datatype datatype::from_entries(std::vector<typemap_entry> entries, std::int64_t lb, std::int64_t ub,
                                std::int64_t align, std::string description) {
  datatype d;
  d.entries_ = std::move(entries);
  d.lb_ = lb;
  d.ub_ = ub;
  d.align_ = align;
  d.description_ = std::move(description);
  d.true_lb_ = std::numeric_limits<std::int64_t>::max();
  d.true_ub_ = std::numeric_limits<std::int64_t>::min();
  for (const auto& e : d.entries_) {
    d.true_lb_ = std::min(d.true_lb_, e.disp);
    d.true_ub_ = std::max(d.true_ub_, e.disp + static_cast<std::int64_t>(info(e.type).size));
  }
  if (d.entries_.empty()) d.true_lb_ = d.true_ub_ = 0;
  return d;
}

datatype datatype::predefined(basic_type t) {
  datatype d = from_entries({{t, 0}}, 0, info(t).size, info(t).align, std::string(to_string(t)));
  d.predefined_ = t;
  return d;
}

template <class Shift>
datatype datatype::replicate(std::int64_t count, const datatype& old, Shift shift, std::string description) {
  ensure(count >= 0, "datatype constructors take non-negative counts");
  std::vector<typemap_entry> entries;
  entries.reserve(static_cast<std::size_t>(count) * old.entries_.size());
  std::int64_t lb = 0, ub = 0;
  for (std::int64_t i = 0; i < count; ++i) {
    const std::int64_t s = shift(i);
    for (const auto& e : old.entries_) entries.push_back({e.type, e.disp + s});
    lb = i == 0 ? old.lb_ + s : std::min(lb, old.lb_ + s);
    ub = i == 0 ? old.ub_ + s : std::max(ub, old.ub_ + s);
  }
  return from_entries(std::move(entries), lb, ub, old.align_, std::move(description));
}

datatype datatype::contiguous(std::int64_t count, const datatype& old) {
  return replicate(count, old, [&](std::int64_t i) { return i * old.extent(); },
                   "contiguous(" + std::to_string(count) + ", " + old.description_ + ")");
}

datatype datatype::hvector(std::int64_t count, std::int64_t blocklength, std::int64_t stride_bytes,
                           const datatype& old) {
  return replicate(count * blocklength, old,
                   [&](std::int64_t i) { return (i / blocklength) * stride_bytes + (i % blocklength) * old.extent(); },
                   "hvector(" + std::to_string(count) + ", " + std::to_string(blocklength) + ", " +
                       std::to_string(stride_bytes) + ", " + old.description_ + ")");
}

datatype datatype::vector(std::int64_t count, std::int64_t blocklength, std::int64_t stride, const datatype& old) {
  datatype d = hvector(count, blocklength, stride * old.extent(), old);
  d.description_ = "vector(" + std::to_string(count) + ", " + std::to_string(blocklength) + ", " +
                   std::to_string(stride) + ", " + old.description_ + ")";
  return d;
}

datatype datatype::indexed(const std::vector<std::int64_t>& blocklengths,
                           const std::vector<std::int64_t>& displacements, const datatype& old) {
  std::vector<std::int64_t> bytes(displacements.size());
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = displacements[i] * old.extent();
  datatype d = structure(blocklengths, bytes, std::vector<datatype>(blocklengths.size(), old));
  d.description_ = "indexed(" + join(blocklengths) + ", " + join(displacements) + ", " + old.description_ + ")";
  return d;
}

datatype datatype::structure(const std::vector<std::int64_t>& blocklengths,
                             const std::vector<std::int64_t>& byte_displacements, const std::vector<datatype>& types) {
  ensure(blocklengths.size() == byte_displacements.size() && blocklengths.size() == types.size(),
         "struct constructor lists have one length");
  std::vector<typemap_entry> entries;
  std::int64_t lb = 0, ub = 0, align = 1;
  bool any = false;
  std::string description = "struct(";
  for (std::size_t b = 0; b < types.size(); ++b) {
    const datatype block = contiguous(blocklengths[b], types[b]);
    for (const auto& e : block.entries_) entries.push_back({e.type, e.disp + byte_displacements[b]});
    if (blocklengths[b] > 0) {
      lb = any ? std::min(lb, block.lb_ + byte_displacements[b]) : block.lb_ + byte_displacements[b];
      ub = any ? std::max(ub, block.ub_ + byte_displacements[b]) : block.ub_ + byte_displacements[b];
      any = true;
    }
    align = std::max(align, types[b].align_);
    description += (b ? ", " : "") + std::to_string(blocklengths[b]) + "×" + types[b].description_ + "@" +
                   std::to_string(byte_displacements[b]);
  }
  return from_entries(std::move(entries), lb, lb + round_up(ub - lb, align), align, description + ")");
}

datatype datatype::resized(const datatype& old, std::int64_t lb, std::int64_t extent) {
  datatype d = old;
  d.predefined_.reset();
  d.lb_ = lb;
  d.ub_ = lb + extent;
  d.description_ = "resized(" + old.description_ + ", " + std::to_string(lb) + ", " + std::to_string(extent) + ")";
  return d;
}

std::optional<basic_type> datatype::single_basic_type() const {
  if (entries_.empty()) return std::nullopt;
  const basic_type first = entries_.front().type;
  for (const auto& e : entries_)
    if (e.type != first) return std::nullopt;
  return first;
}

bool datatype::same_layout(const datatype& other) const {
  return entries_ == other.entries_ && lb_ == other.lb_ && ub_ == other.ub_;
}

bool same_signature(std::int64_t count_a, const datatype& a, std::int64_t count_b, const datatype& b) {
  const auto na = static_cast<std::int64_t>(a.entries().size());
  const auto nb = static_cast<std::int64_t>(b.entries().size());
  if (count_a * na != count_b * nb) return false;
  for (std::int64_t k = 0; k < count_a * na; ++k)
    if (a.entries()[static_cast<std::size_t>(k % na)].type != b.entries()[static_cast<std::size_t>(k % nb)].type)
      return false;
  return true;
}

}  // namespace redsem
