// SPDX-License-Identifier: BSD-3-Clause
#include "model/scalar_text.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sstream>

#include "model/datatype.h"

namespace redsem {
namespace {

template <class T>
std::string name_of() {
  return std::string(number_type_name(scalar_kind_of<T>()));
}

template <class T>
std::string shown(T v) {
  std::ostringstream s;
  s.precision(std::numeric_limits<T>::max_digits10);
  s << +v;
  return s.str();
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

template <class T>
std::optional<T> parse_integer(std::string_view text, std::string* error) {
  const auto bad = [&] {
    if (error) *error = quoted(text) + " is not a valid " + name_of<T>() + " (decimal digits, or 0x and hex digits)";
    return std::nullopt;
  };
  std::string_view digits = text;
  const bool negative = !digits.empty() && digits.front() == '-';
  if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) digits.remove_prefix(1);
  const bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  if (hex) digits.remove_prefix(2);
  if (digits.empty()) return bad();
  std::uint64_t magnitude = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, hex ? 16 : 10);
  if (end != digits.data() + digits.size() || (ec != std::errc{} && ec != std::errc::result_out_of_range)) return bad();
  using lim = std::numeric_limits<T>;
  const auto out_of_range = [&] {
    if (error)
      *error = quoted(text) + " is out of range for " + name_of<T>() + " (" + shown(lim::min()) + " to " + shown(lim::max()) + ")";
    return std::nullopt;
  };
  if (ec == std::errc::result_out_of_range) return out_of_range();
  if (!negative) {
    if (magnitude > static_cast<std::uint64_t>(lim::max())) return out_of_range();
    return static_cast<T>(magnitude);
  }
  if (magnitude == 0) return T{0};
  if constexpr (std::is_unsigned_v<T>) {
    return out_of_range();
  } else {
    using U = std::make_unsigned_t<T>;
    if (magnitude > static_cast<std::uint64_t>(static_cast<U>(lim::min()))) return out_of_range();
    return static_cast<T>(static_cast<U>(U{0} - static_cast<U>(magnitude)));
  }
}

template <class T>
T convert(const char* s, char** end) {
  if constexpr (std::is_same_v<T, float>) return std::strtof(s, end);
  else if constexpr (std::is_same_v<T, double>) return std::strtod(s, end);
  else return std::strtold(s, end);
}

// Whether the significand written in a numeral has a nonzero digit: a value that reads as 0
// from such a numeral was too small for the type, not zero.
bool nonzero_significand(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
  const bool hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (hex) text.remove_prefix(2);
  for (char c : text) {
    if ((!hex && (c == 'e' || c == 'E')) || (hex && (c == 'p' || c == 'P'))) break;
    if (c != '0' && c != '.') return true;
  }
  return false;
}

bool is_inf_spelling(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
  return !text.empty() && (text.front() == 'i' || text.front() == 'I');
}

template <class T>
std::optional<T> parse_float(std::string_view text, std::string* error) {
  const std::string s(text);
  // strtod skips leading space and reads a prefix; neither is a number here.
  const bool starts_well = !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '+' ||
                                          s[0] == '.' || s[0] == 'i' || s[0] == 'I' || s[0] == 'n' || s[0] == 'N');
  char* end = nullptr;
  const T v = starts_well ? convert<T>(s.c_str(), &end) : T{0};
  if (!starts_well || end != s.c_str() + s.size()) {
    if (error) *error = quoted(text) + " is not a valid " + name_of<T>() + " (a decimal or 0x hex-float number, inf or nan)";
    return std::nullopt;
  }
  using lim = std::numeric_limits<T>;
  if (std::isinf(v) && !is_inf_spelling(text)) {
    if (error) *error = quoted(text) + " is out of range for " + name_of<T>() + " (largest finite magnitude " + shown(lim::max()) + ")";
    return std::nullopt;
  }
  if (v == 0 && nonzero_significand(text)) {
    if (error)
      *error = quoted(text) + " is out of range for " + name_of<T>() + ": nonzero but below its smallest magnitude " +
               shown(lim::denorm_min()) + " (it would read as 0)";
    return std::nullopt;
  }
  return v;
}

template <class T>
bool store(std::string_view text, std::byte* out, std::string* error) {
  const auto v = parse_number<T>(text, error);
  if (v) std::memcpy(out, &*v, value_bytes(scalar_kind_of<T>()));
  return v.has_value();
}

}  // namespace

template <class T>
std::optional<T> parse_number(std::string_view text, std::string* error) {
  if constexpr (std::is_floating_point_v<T>) return parse_float<T>(text, error);
  else return parse_integer<T>(text, error);
}

template std::optional<std::int8_t> parse_number<std::int8_t>(std::string_view, std::string*);
template std::optional<std::int16_t> parse_number<std::int16_t>(std::string_view, std::string*);
template std::optional<std::int32_t> parse_number<std::int32_t>(std::string_view, std::string*);
template std::optional<std::int64_t> parse_number<std::int64_t>(std::string_view, std::string*);
template std::optional<std::uint8_t> parse_number<std::uint8_t>(std::string_view, std::string*);
template std::optional<std::uint16_t> parse_number<std::uint16_t>(std::string_view, std::string*);
template std::optional<std::uint32_t> parse_number<std::uint32_t>(std::string_view, std::string*);
template std::optional<std::uint64_t> parse_number<std::uint64_t>(std::string_view, std::string*);
template std::optional<float> parse_number<float>(std::string_view, std::string*);
template std::optional<double> parse_number<double>(std::string_view, std::string*);
template std::optional<long double> parse_number<long double>(std::string_view, std::string*);

bool parse_scalar_text(scalar_kind k, std::string_view text, std::byte* out, std::string* error) {
  return visit(k, [&]<class T>(std::type_identity<T>) { return store<T>(text, out, error); });
}

std::string_view number_type_name(scalar_kind k) {
  switch (k) {
    case scalar_kind::i8: return "int8";
    case scalar_kind::u8: return "uint8";
    case scalar_kind::i16: return "int16";
    case scalar_kind::u16: return "uint16";
    case scalar_kind::i32: return "int32";
    case scalar_kind::u32: return "uint32";
    case scalar_kind::i64: return "int64";
    case scalar_kind::u64: return "uint64";
    case scalar_kind::f32: return "float";
    case scalar_kind::f64: return "double";
    case scalar_kind::f80: return "long double";
    case scalar_kind::char8: return "char";
    case scalar_kind::wchar: return "wchar";
  }
  return "number";
}

}  // namespace redsem
