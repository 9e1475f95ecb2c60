// SPDX-License-Identifier: BSD-3-Clause
#include "model/element_compare.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <limits>
#include <type_traits>
#include <vector>

namespace redsem {

std::vector<field_at> typemap_fields(const datatype& type) {
  std::vector<field_at> out;
  for (const auto& e : type.entries()) {
    const type_info& t = info(e.type);
    for (std::size_t f = 0; f < t.field_count; ++f) out.push_back({t.fields[f].kind, e.disp + t.fields[f].offset});
  }
  return out;
}

namespace {

// Distance in units in the last place: floats of one sign are ordered like their bit
// patterns, so map each to a monotone integer and subtract.
template <class F>
bool within_ulps(F a, F b, std::uint32_t ulps) {
  if (a == b) return true;  // also −0 == +0
  if constexpr (sizeof(F) == 4 || sizeof(F) == 8) {
    using I = std::conditional_t<sizeof(F) == 4, std::int32_t, std::int64_t>;
    auto ordered = [](F f) {
      I i;
      std::memcpy(&i, &f, sizeof f);
      return i < 0 ? static_cast<I>(std::numeric_limits<I>::min() - i) : i;
    };
    const I x = ordered(a), y = ordered(b);
    const auto distance = x > y ? static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y)
                                : static_cast<std::uint64_t>(y) - static_cast<std::uint64_t>(x);
    return distance <= ulps;
  } else {
    F x = a;  // x87: step, ulps is small in practice
    for (std::uint32_t i = 0; i < ulps && x != b; ++i) x = std::nextafter(x, b);
    return x == b;
  }
}

template <class F>
bool same_float(const std::byte* x, const std::byte* y, const policy& p) {
  F a{}, b{};
  std::memcpy(&a, x, value_bytes(sizeof(F) == 4 ? scalar_kind::f32 : sizeof(F) == 8 ? scalar_kind::f64 : scalar_kind::f80));
  std::memcpy(&b, y, value_bytes(sizeof(F) == 4 ? scalar_kind::f32 : sizeof(F) == 8 ? scalar_kind::f64 : scalar_kind::f80));
  if (p.compare != compare_rule::bitwise && std::isnan(a) && std::isnan(b)) return true;
  if (p.compare == compare_rule::ulps) return !std::isnan(a) && !std::isnan(b) && within_ulps(a, b, p.ulps);
  return false;  // bitwise difference already established by the caller
}

bool same_field(scalar_kind k, const std::byte* x, const std::byte* y, const policy& p) {
  if (std::memcmp(x, y, value_bytes(k)) == 0) return true;
  switch (k) {
    case scalar_kind::f32: return same_float<float>(x, y, p);
    case scalar_kind::f64: return same_float<double>(x, y, p);
    case scalar_kind::f80: return same_float<long double>(x, y, p);
    default: return false;
  }
}

template <class T>
T read(const std::byte* x, scalar_kind k) {
  T v{};
  std::memcpy(&v, x, value_bytes(k));
  return v;
}

}  // namespace

std::string field_bits(scalar_kind k, const std::byte* x) {
  std::string s = "0x";
  char buf[3];
  for (std::size_t i = value_bytes(k); i-- > 0;) {
    std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned>(x[i]));
    s += buf;
  }
  return s;
}

int first_differing_field(const datatype& type, const std::byte* x, const std::byte* y, const policy& p) {
  const auto fields = typemap_fields(type);
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (!same_field(fields[i].kind, x + fields[i].offset, y + fields[i].offset, p)) return static_cast<int>(i);
  return -1;
}

bool same_element(const datatype& type, const std::byte* x, const std::byte* y, const policy& p) {
  return first_differing_field(type, x, y, p) < 0;
}

std::string format_scalar(scalar_kind k, const std::byte* x) {
  return visit(k, [&]<class T>(std::type_identity<T>) {
    const T v = read<T>(x, k);
    if constexpr (std::is_integral_v<T>) {
      return std::to_string(v);
    } else {
      // Enough digits to read the same value back (9 for float, 17 for double, 21 for x87).
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.*Lg", std::numeric_limits<T>::max_digits10, static_cast<long double>(v));
      return std::string(buf) + " [" + field_bits(k, x) + "]";
    }
  });
}

std::string format_element(const datatype& type, const std::byte* x) {
  const auto fields = typemap_fields(type);
  if (fields.size() == 1) return format_scalar(fields[0].kind, x + fields[0].offset);
  std::string s = "(";
  for (std::size_t i = 0; i < fields.size(); ++i)
    s += (i ? ", " : "") + format_scalar(fields[i].kind, x + fields[i].offset);
  return s + ")";
}

}  // namespace redsem
