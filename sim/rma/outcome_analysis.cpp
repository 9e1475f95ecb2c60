// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/outcome_analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "model/check.h"
#include "model/element_compare.h"
#include "model/element_io.h"
#include "sim/detail/raw_bytes.h"

namespace redsem::sim::rma {
namespace {

using sim::detail::get_raw;
using sim::detail::put_raw;

std::optional<long double> number(basic_type t, const std::byte* p) {
  return visit(t, [&](auto tag) -> std::optional<long double> {
    using E = element_t<decltype(tag)::value>;
    if constexpr (std::is_arithmetic_v<E>)
      return static_cast<long double>(load_element<E>(p));
    else
      return std::nullopt;
  });
}

// The order values are shown in: by number where the type has one (a NaN after every number),
// then by bytes (equal numbers such as ±0, NaN payloads, complex and pair values).
class value_order {
 public:
  explicit value_order(basic_type type) : type_(type), size_(info(type).size) {}
  bool operator()(const std::byte* a, const std::byte* b) const {
    const auto x = number(type_, a), y = number(type_, b);
    if (x && y) {
      const bool x_nan = std::isnan(*x), y_nan = std::isnan(*y);
      if (x_nan != y_nan) return y_nan;
      if (!x_nan && *x != *y) return *x < *y;
    }
    return record_less(a, b, size_);
  }

 private:
  basic_type type_;
  std::size_t size_;
};

constexpr std::size_t shown = max_shown_values;

// Every share's bytes; one process's own when the search is not split.
std::vector<std::string> gather(const search_share& share, const std::string& mine) {
  return share.split() ? share.allgather(mine) : std::vector<std::string>{mine};
}

// Gives each distinct value to the share its hash names, so that each value is counted by one
// share: returns, per place, the values this share owns (from every share).
std::vector<record_set> own_values(std::vector<record_set> local, const search_share& share) {
  if (!share.split()) return local;
  std::vector<std::string> to(static_cast<std::size_t>(share.count)), from;
  for (const record_set& values : local) {
    const record_list& v = values.records();
    std::vector<std::uint64_t> counts(to.size(), 0);
    for (std::size_t i = 0; i < v.size(); ++i) ++counts[record_hash(v[i], v.width()) % to.size()];
    for (std::size_t d = 0; d < to.size(); ++d) put_raw(to[d], counts[d]);
    for (std::size_t i = 0; i < v.size(); ++i)
      to[record_hash(v[i], v.width()) % to.size()].append(reinterpret_cast<const char*>(v[i]), v.width());
  }
  share.alltoall(to, from);
  std::vector<record_set> owned;
  for (const record_set& values : local) owned.emplace_back(values.records().width());
  for (const std::string& part : from) {
    std::size_t at = 0;
    for (record_set& values : owned) {
      const std::size_t width = values.records().width();
      const auto n = get_raw<std::uint64_t>(part, at);
      ensure(n <= (part.size() - at) / width, "a split search's part is truncated");
      for (std::uint64_t k = 0; k < n; ++k, at += width)
        values.insert(reinterpret_cast<const std::byte*>(part.data() + at));
    }
  }
  return owned;
}

// This share's figures: outcome counts, its smallest non-serializable outcome, and per place
// its distinct count, first values and last value (in value order).
std::string summary(const record_list& reached, std::size_t serial, std::size_t non_serializable,
                    const std::byte* example, const std::vector<record_set>& owned,
                    const std::vector<outcome_place>& places) {
  std::string out;
  put_raw(out, static_cast<std::uint64_t>(reached.size()));
  put_raw(out, static_cast<std::uint64_t>(serial));
  put_raw(out, static_cast<std::uint64_t>(non_serializable));
  put_raw(out, static_cast<std::uint8_t>(example != nullptr));
  if (example) out.append(reinterpret_cast<const char*>(example), reached.width());
  for (std::size_t p = 0; p < places.size(); ++p) {
    const record_list& v = owned[p].records();
    std::vector<const std::byte*> ordered(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) ordered[i] = v[i];
    const value_order order(places[p].type);
    const std::size_t first = std::min(shown, ordered.size());
    std::partial_sort(ordered.begin(), ordered.begin() + static_cast<std::ptrdiff_t>(first), ordered.end(), order);
    put_raw(out, static_cast<std::uint64_t>(v.size()));
    for (std::size_t i = 0; i < first; ++i) out.append(reinterpret_cast<const char*>(ordered[i]), v.width());
    if (!ordered.empty()) {
      const std::byte* last = *std::max_element(ordered.begin(), ordered.end(), order);
      out.append(reinterpret_cast<const char*>(last), v.width());
    }
  }
  return out;
}

}  // namespace

outcome_analysis analyse_outcomes(const record_list& reached, record_list serial,
                                  const std::vector<outcome_place>& places, const search_share& share) {
  const std::size_t width = reached.width();
  ensure(serial.width() == width, "a group's outcomes and its serial reference's have one layout");
  const record_set serial_set(std::move(serial));
  std::size_t non_serializable = 0;
  const std::byte* example = nullptr;
  std::vector<record_set> local;
  for (const outcome_place& p : places) {
    ensure(p.at + info(p.type).size <= width, "a place lies inside the outcome");
    local.emplace_back(info(p.type).size);
  }
  for (std::size_t i = 0; i < reached.size(); ++i) {
    const std::byte* r = reached[i];
    if (!serial_set.contains(r)) {
      ++non_serializable;
      if (!example || record_less(r, example, width)) example = r;
    }
    for (std::size_t p = 0; p < places.size(); ++p) local[p].insert(r + places[p].at);
  }
  const std::vector<record_set> owned = own_values(std::move(local), share);

  outcome_analysis a;
  std::vector<std::string> parts =
      gather(share, summary(reached, serial_set.size(), non_serializable, example, owned, places));
  std::vector<std::vector<const std::byte*>> first(places.size()), last(places.size());
  a.values.resize(places.size());
  for (const std::string& part : parts) {
    std::size_t at = 0;
    const auto bytes_here = [&](std::size_t n) {
      ensure(n <= part.size() - at, "a split search's part is truncated");
      const auto* b = reinterpret_cast<const std::byte*>(part.data() + at);
      at += n;
      return b;
    };
    a.outcomes += get_raw<std::uint64_t>(part, at);
    a.serial_outcomes += get_raw<std::uint64_t>(part, at);
    a.non_serializable += get_raw<std::uint64_t>(part, at);
    if (get_raw<std::uint8_t>(part, at) != 0) {
      const std::byte* e = bytes_here(width);
      if (!a.smallest_non_serializable || record_less(e, a.smallest_non_serializable->data(), width))
        a.smallest_non_serializable.emplace(e, e + width);
    }
    for (std::size_t p = 0; p < places.size(); ++p) {
      const std::size_t size = info(places[p].type).size;
      const auto n = get_raw<std::uint64_t>(part, at);
      a.values[p].distinct += n;
      for (std::size_t i = 0; i < std::min<std::uint64_t>(n, shown); ++i) first[p].push_back(bytes_here(size));
      if (n) last[p].push_back(bytes_here(size));
    }
  }
  for (std::size_t p = 0; p < places.size(); ++p) {
    value_set& v = a.values[p];
    v.what = places[p].what;
    v.type = places[p].type;
    const value_order order(v.type);
    std::sort(first[p].begin(), first[p].end(), order);
    const datatype dt = datatype::predefined(v.type);
    const auto size = static_cast<std::size_t>(dt.extent());
    for (std::size_t i = 0; i < first[p].size() && i < shown; ++i) {
      v.values.push_back(format_element(dt, first[p][i]));
      v.bytes.emplace_back(first[p][i], first[p][i] + size);
    }
    v.numeric = visit(v.type, [](auto tag) { return std::is_floating_point_v<element_t<decltype(tag)::value>>; });
    if (v.numeric && !first[p].empty()) {
      const std::byte* min = first[p].front();
      const std::byte* max = *std::max_element(last[p].begin(), last[p].end(), order);
      v.min = format_element(dt, min);
      v.max = format_element(dt, max);
      v.min_bytes.assign(min, min + size);
      v.max_bytes.assign(max, max + size);
      v.spread = *number(v.type, max) - *number(v.type, min);  // NaN when a NaN is among the values
    }
  }
  return a;
}

}  // namespace redsem::sim::rma
