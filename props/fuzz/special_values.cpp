#include "props/fuzz/special_values.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace redsem::fuzz {
namespace {

template <class T>
scalar_bytes bytes_of(T v) {
  scalar_bytes b{};
  std::memcpy(b.data(), &v, sizeof v);
  return b;
}

template <class I>
std::vector<scalar_bytes> integer_specials() {
  using L = std::numeric_limits<I>;
  const I lo = L::min(), hi = L::max();
  // Wrap points: hi + 1 and lo − 1 wrap; half-range values overflow when doubled.
  const I half = static_cast<I>(hi / 2);
  return {bytes_of<I>(0),
          bytes_of<I>(1),
          bytes_of<I>(static_cast<I>(-1)),
          bytes_of<I>(2),
          bytes_of(lo),
          bytes_of(hi),
          bytes_of<I>(static_cast<I>(lo + 1)),
          bytes_of<I>(static_cast<I>(hi - 1)),
          bytes_of<I>(half),
          bytes_of<I>(static_cast<I>(half + 1)),
          bytes_of<I>(static_cast<I>(~static_cast<std::make_unsigned_t<I>>(0) / 3)),       // 0x55…
          bytes_of<I>(static_cast<I>(~static_cast<std::make_unsigned_t<I>>(0) / 3 * 2))};  // 0xaa…
}

// A NaN of F with the given sign, quiet bit and payload (payload must fit the significand).
template <class F>
scalar_bytes nan_with(bool negative, bool quiet, std::uint64_t payload) {
  F base = quiet ? std::numeric_limits<F>::quiet_NaN() : std::numeric_limits<F>::signaling_NaN();
  scalar_bytes b = bytes_of(base);
  std::uint64_t low = 0;
  std::memcpy(&low, b.data(), sizeof low < sizeof(F) ? sizeof low : sizeof(F));
  low |= payload;
  std::memcpy(b.data(), &low, sizeof low < sizeof(F) ? sizeof low : sizeof(F));
  if (negative) b[std::is_same_v<F, long double> ? 9 : sizeof(F) - 1] |= std::byte{0x80};
  return b;
}

template <class F>
std::vector<scalar_bytes> float_specials() {
  using L = std::numeric_limits<F>;
  const F one = 1;
  return {bytes_of<F>(0),
          bytes_of<F>(-F(0)),
          bytes_of<F>(1),
          bytes_of<F>(-1),
          bytes_of<F>(F(0.5)),
          bytes_of(L::infinity()),
          bytes_of(-L::infinity()),
          nan_with<F>(false, true, 0),
          nan_with<F>(true, true, 0),
          nan_with<F>(false, true, 0x1234),
          nan_with<F>(false, false, 1),
          nan_with<F>(true, false, 0x55),
          bytes_of(L::min()),
          bytes_of(-L::min()),
          bytes_of(L::denorm_min()),
          bytes_of(-L::denorm_min()),
          bytes_of<F>(L::min() - L::denorm_min()),  // the largest subnormal
          bytes_of(L::max()),
          bytes_of(L::lowest()),
          bytes_of(L::epsilon()),
          bytes_of<F>(one + L::epsilon()),
          bytes_of<F>(std::nextafter(one, F(0))),
          bytes_of<F>(std::ldexp(one, L::digits) + 1)};  // 2^digits + 1: not representable exactly
}

std::vector<scalar_bytes> specials_of(scalar_kind k) {
  switch (k) {
    case scalar_kind::i8:
      return integer_specials<std::int8_t>();
    case scalar_kind::u8:
    case scalar_kind::char8:
      return integer_specials<std::uint8_t>();
    case scalar_kind::i16:
      return integer_specials<std::int16_t>();
    case scalar_kind::u16:
      return integer_specials<std::uint16_t>();
    case scalar_kind::i32:
    case scalar_kind::wchar:
      return integer_specials<std::int32_t>();
    case scalar_kind::u32:
      return integer_specials<std::uint32_t>();
    case scalar_kind::i64:
      return integer_specials<std::int64_t>();
    case scalar_kind::u64:
      return integer_specials<std::uint64_t>();
    case scalar_kind::f32:
      return float_specials<float>();
    case scalar_kind::f64:
      return float_specials<double>();
    case scalar_kind::f80:
      return float_specials<long double>();
  }
  return {};
}

constexpr std::size_t kind_count = static_cast<std::size_t>(scalar_kind::wchar) + 1;

const std::array<std::vector<scalar_bytes>, kind_count>& table() {
  static const auto t = [] {
    std::array<std::vector<scalar_bytes>, kind_count> out;
    for (std::size_t i = 0; i < kind_count; ++i) out[i] = specials_of(static_cast<scalar_kind>(i));
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

std::span<const scalar_bytes> special_values(scalar_kind k) { return table()[static_cast<std::size_t>(k)]; }

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
  switch (k) {
    case scalar_kind::i8:
      return classify_integer<std::int8_t>(x);
    case scalar_kind::u8:
    case scalar_kind::char8:
      return classify_integer<std::uint8_t>(x);
    case scalar_kind::i16:
      return classify_integer<std::int16_t>(x);
    case scalar_kind::u16:
      return classify_integer<std::uint16_t>(x);
    case scalar_kind::i32:
    case scalar_kind::wchar:
      return classify_integer<std::int32_t>(x);
    case scalar_kind::u32:
      return classify_integer<std::uint32_t>(x);
    case scalar_kind::i64:
      return classify_integer<std::int64_t>(x);
    case scalar_kind::u64:
      return classify_integer<std::uint64_t>(x);
    case scalar_kind::f32:
      return classify_float<float>(x, 4);
    case scalar_kind::f64:
      return classify_float<double>(x, 8);
    case scalar_kind::f80:
      return classify_float<long double>(x, 10);
  }
  return value_class::ordinary;
}

}  // namespace redsem::fuzz
