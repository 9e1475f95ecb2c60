// SPDX-License-Identifier: BSD-3-Clause
#include "model/special_values.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "model/check.h"
#include "model/datatype.h"

namespace redsem {
namespace {

// The value's bytes, the rest zero (x87 long double: the 10 that hold it, not its padding).
template <class T>
scalar_bytes bytes_of(T v) {
  scalar_bytes b{};
  std::memcpy(b.data(), &v, value_bytes(scalar_kind_of<T>()));
  return b;
}

// A kind's special values in the order the exhaustive searches try them, and the core the
// op-file searches draw from, in the order their seeded draws index it.
struct special_list {
  std::vector<scalar_bytes> ordered, core;
};

template <class I>
special_list integer_specials() {
  using L = std::numeric_limits<I>;
  using U = std::make_unsigned_t<I>;
  const I lo = L::min(), hi = L::max();
  // Wrap points: hi + 1 and lo − 1 wrap; half-range values overflow when doubled.
  const I half = static_cast<I>(hi / 2);
  special_list s;
  s.ordered = {bytes_of<I>(0),
               bytes_of<I>(1),
               bytes_of<I>(static_cast<I>(-1)),
               bytes_of<I>(2),
               bytes_of(lo),
               bytes_of(hi),
               bytes_of<I>(static_cast<I>(lo + 1)),
               bytes_of<I>(static_cast<I>(hi - 1)),
               bytes_of<I>(3),
               bytes_of<I>(0x55),
               bytes_of<I>(static_cast<I>(half + 1)),
               bytes_of<I>(half),
               bytes_of<I>(static_cast<I>(static_cast<U>(~U(0)) / 3)),       // 0x55…
               bytes_of<I>(static_cast<I>(static_cast<U>(~U(0)) / 3 * 2))};  // 0xaa…
  if constexpr (std::is_signed_v<I>)
    s.core = {bytes_of<I>(0), bytes_of<I>(1), bytes_of<I>(2), bytes_of<I>(3), bytes_of<I>(-1), bytes_of<I>(-2),
              bytes_of<I>(100), bytes_of(lo), bytes_of(hi), bytes_of<I>(static_cast<I>(lo + 1)),
              bytes_of<I>(static_cast<I>(hi - 1))};
  else
    s.core = {bytes_of<I>(0), bytes_of<I>(1), bytes_of<I>(2), bytes_of<I>(3), bytes_of<I>(100), bytes_of(hi),
              bytes_of<I>(static_cast<I>(hi - 1))};
  return s;
}

// A NaN of F with the given sign, quiet bit and payload (payload must fit the significand).
template <class F>
scalar_bytes nan_with(bool negative, bool quiet, std::uint64_t payload) {
  const F base = quiet ? std::numeric_limits<F>::quiet_NaN() : std::numeric_limits<F>::signaling_NaN();
  scalar_bytes b = bytes_of(base);
  std::uint64_t low = 0;
  constexpr std::size_t low_bytes = sizeof low < sizeof(F) ? sizeof low : sizeof(F);
  std::memcpy(&low, b.data(), low_bytes);
  low |= payload;
  std::memcpy(b.data(), &low, low_bytes);
  if (negative) b[std::is_same_v<F, long double> ? 9 : sizeof(F) - 1] |= std::byte{0x80};
  return b;
}

// Every special case of IEEE arithmetic and of MIN/MAX: signed zeros, infinities, NaNs
// (quiet, negative, signalling, with payloads: bits the hardware may keep or quiet), the
// extremes and subnormals, and values whose sums and products round (1e16 + 1 − 1e16 for
// doubles, 0.1 + 0.2, 1/3).
template <class F>
special_list float_specials() {
  using L = std::numeric_limits<F>;
  const F one = 1;
  const F big = one / L::epsilon();  // the first magnitude whose unit is above 1
  // A quiet NaN with a payload, and a signalling one made from infinity's bits.
  scalar_bytes payload = bytes_of(L::quiet_NaN()), signalling = bytes_of(L::infinity());
  payload[0] |= std::byte{1};
  signalling[0] |= std::byte{1};
  special_list s;
  s.ordered = {bytes_of<F>(0),
               bytes_of<F>(-F(0)),
               bytes_of<F>(1),
               bytes_of<F>(-1),
               bytes_of(L::infinity()),
               bytes_of(-L::infinity()),
               bytes_of(L::quiet_NaN()),
               bytes_of(-L::quiet_NaN()),
               bytes_of<F>(2),
               bytes_of<F>(F(0.5)),
               bytes_of(big),
               bytes_of(-big),
               bytes_of<F>(3),
               bytes_of<F>(F(0.1)),
               bytes_of<F>(F(0.2)),
               bytes_of<F>(F(0.3)),
               bytes_of(L::max()),
               bytes_of(-L::max()),
               bytes_of(L::min()),
               bytes_of(-L::min()),
               bytes_of(L::denorm_min()),
               bytes_of(-L::denorm_min()),
               bytes_of<F>(one + L::epsilon()),
               bytes_of<F>(one / F(3)),
               payload,
               signalling,
               nan_with<F>(false, true, 0x1234),
               nan_with<F>(false, false, 1),
               nan_with<F>(true, false, 0x55),
               bytes_of<F>(L::min() - L::denorm_min()),  // the largest subnormal
               bytes_of(L::epsilon()),
               bytes_of<F>(std::nextafter(one, F(0))),
               bytes_of<F>(std::ldexp(one, L::digits) + 1),  // 2^digits + 1: not representable exactly
               bytes_of<F>(F(1e16))};
  s.core = {bytes_of<F>(0),      bytes_of<F>(-F(0)),   bytes_of<F>(1),           bytes_of<F>(-1),
            bytes_of<F>(2),      bytes_of<F>(F(0.5)),  bytes_of<F>(F(0.1)),      bytes_of<F>(F(0.2)),
            bytes_of<F>(F(0.3)), bytes_of<F>(F(1e16)), bytes_of(L::infinity()),  bytes_of(-L::infinity()),
            bytes_of(L::quiet_NaN()), bytes_of(-L::quiet_NaN()), bytes_of(L::max()), bytes_of(L::lowest()),
            bytes_of(L::denorm_min())};
  return s;
}

special_list specials_of(scalar_kind k) {
  return visit(k, []<class T>(std::type_identity<T>) {
    if constexpr (std::is_floating_point_v<T>)
      return float_specials<T>();
    else
      return integer_specials<T>();
  });
}

constexpr std::size_t kind_count = static_cast<std::size_t>(scalar_kind::wchar) + 1;

// One kind's values without repeats (the same bytes from two formulas, or -1 and the maximum
// of an unsigned kind); every core value is also among the values.
struct special_table {
  std::vector<scalar_bytes> values, core;
};

std::vector<scalar_bytes> without_repeats(const std::vector<scalar_bytes>& v) {
  std::vector<scalar_bytes> out;
  for (const auto& b : v)
    if (std::find(out.begin(), out.end(), b) == out.end()) out.push_back(b);
  return out;
}

special_table tabulate(const special_list& s) {
  std::vector<scalar_bytes> all = s.ordered;
  all.insert(all.end(), s.core.begin(), s.core.end());
  return {without_repeats(all), without_repeats(s.core)};
}

const std::array<special_table, kind_count>& table() {
  static const auto t = [] {
    std::array<special_table, kind_count> out;
    for (std::size_t i = 0; i < kind_count; ++i) out[i] = tabulate(specials_of(static_cast<scalar_kind>(i)));
    return out;
  }();
  return t;
}

template <class F>
value_class classify_float(const std::byte* x, std::size_t n) {
  F v{};
  std::memcpy(&v, x, n);
  if (std::isnan(v)) return value_class::nan;
  if (std::isinf(v)) return value_class::infinity;
  if (v == 0) return std::signbit(v) ? value_class::negative_zero : value_class::zero;
  if (std::fpclassify(v) == FP_SUBNORMAL) return value_class::subnormal;
  if (std::fabs(v) == std::numeric_limits<F>::max()) return value_class::type_max;
  return value_class::ordinary;
}

template <class I>
value_class classify_integer(const std::byte* x) {
  I v{};
  std::memcpy(&v, x, sizeof v);
  if (v == 0) return value_class::zero;
  if (v == std::numeric_limits<I>::min()) return value_class::type_min;
  if (v == std::numeric_limits<I>::max()) return value_class::type_max;
  return value_class::ordinary;
}

}  // namespace

std::span<const scalar_bytes> special_values(scalar_kind k) { return table()[static_cast<std::size_t>(k)].values; }

std::span<const scalar_bytes> core_special_values(scalar_kind k) { return table()[static_cast<std::size_t>(k)].core; }

scalar_bytes small_value(scalar_kind k, int v) {
  switch (k) {
    case scalar_kind::f32:
      return bytes_of(static_cast<float>(v));
    case scalar_kind::f64:
      return bytes_of(static_cast<double>(v));
    case scalar_kind::f80:
      return bytes_of(static_cast<long double>(v));
    default:
      return bytes_of(static_cast<std::int64_t>(v));  // little-endian: the low bytes are the value
  }
}

std::string_view to_string(value_class c) {
  switch (c) {
    case value_class::ordinary:
      return "ordinary";
    case value_class::zero:
      return "0";
    case value_class::negative_zero:
      return "-0";
    case value_class::infinity:
      return "infinity";
    case value_class::nan:
      return "NaN";
    case value_class::subnormal:
      return "subnormal";
    case value_class::type_min:
      return "type minimum";
    case value_class::type_max:
      return "type maximum";
  }
  return "?";
}

value_class classify(scalar_kind k, const std::byte* x) {
  return visit(k, [&]<class T>(std::type_identity<T>) {
    if constexpr (std::is_floating_point_v<T>)
      return classify_float<T>(x, value_bytes(k));
    else
      return classify_integer<T>(x);
  });
}

scalar_bytes first_special(scalar_kind k, value_class c) {
  for (const auto& b : special_values(k))
    if (classify(k, b.data()) == c) return b;
  internal_error("no special value of this class for this kind");
}

}  // namespace redsem
