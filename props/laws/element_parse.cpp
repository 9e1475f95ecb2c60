#include "props/laws/element_parse.h"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace redsem::laws {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// "[0x…]": the field's stored bits, least significant byte first in memory.
bool parse_bits(std::string_view hex, std::size_t bytes, std::byte* out) {
  if (hex.size() < 3 || hex.substr(0, 2) != "0x" || hex.size() - 2 > 2 * bytes) return false;
  hex.remove_prefix(2);
  std::memset(out, 0, bytes);
  for (std::size_t i = 0; i < hex.size(); ++i) {
    unsigned digit = 0;
    if (std::from_chars(hex.data() + hex.size() - 1 - i, hex.data() + hex.size() - i, digit, 16).ec != std::errc{}) return false;
    out[i / 2] |= static_cast<std::byte>(digit << (4 * (i % 2)));
  }
  return true;
}

template <class T>
bool store_integer(std::string_view text, std::byte* out) {
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, 10);
  if (ec != std::errc{} || end != text.data() + text.size()) return false;
  std::memcpy(out, &v, sizeof v);
  return true;
}

// Each format reads its own text (strtof, strtod, strtold): rounding once, from the decimal,
// and never converting an out-of-range long double down.
bool store_float(scalar_kind k, std::string_view text, std::byte* out) {
  const std::string s(text);
  char* end = nullptr;
  if (k == scalar_kind::f32) { const float f = std::strtof(s.c_str(), &end); std::memcpy(out, &f, 4); }
  else if (k == scalar_kind::f64) { const double d = std::strtod(s.c_str(), &end); std::memcpy(out, &d, 8); }
  else { const long double v = std::strtold(s.c_str(), &end); std::memcpy(out, &v, 10); }
  return !s.empty() && *end == '\0';
}

bool parse_scalar(scalar_kind k, std::string_view text, std::byte* out) {
  text = trim(text);
  if (const auto open = text.find('['); open != std::string_view::npos) {
    if (text.back() != ']') return false;
    return parse_bits(trim(text.substr(open + 1, text.size() - open - 2)), value_bytes(k), out);
  }
  switch (k) {
    case scalar_kind::i8: return store_integer<std::int8_t>(text, out);
    case scalar_kind::u8: case scalar_kind::char8: return store_integer<std::uint8_t>(text, out);
    case scalar_kind::i16: return store_integer<std::int16_t>(text, out);
    case scalar_kind::u16: return store_integer<std::uint16_t>(text, out);
    case scalar_kind::i32: case scalar_kind::wchar: return store_integer<std::int32_t>(text, out);
    case scalar_kind::u32: return store_integer<std::uint32_t>(text, out);
    case scalar_kind::i64: return store_integer<std::int64_t>(text, out);
    case scalar_kind::u64: return store_integer<std::uint64_t>(text, out);
    case scalar_kind::f32: case scalar_kind::f64: case scalar_kind::f80: return store_float(k, text, out);
  }
  return false;
}

}  // namespace

std::optional<element_bytes> parse_element(const datatype& type, std::string_view text, std::string* error) {
  const auto t = type.predefined_type();
  if (!t) {
    if (error) *error = "elements are read for predefined types only";
    return std::nullopt;
  }
  const type_info& i = info(*t);
  element_bytes out(static_cast<std::size_t>(type.extent()));
  std::vector<std::string_view> parts;
  text = trim(text);
  if (i.field_count == 2) {
    const auto comma = text.find(',');
    if (text.size() < 2 || text.front() != '(' || text.back() != ')' || comma == std::string_view::npos) {
      if (error) *error = "an element of " + std::string(i.name) + " is written (first, second)";
      return std::nullopt;
    }
    parts = {text.substr(1, comma - 1), text.substr(comma + 1, text.size() - comma - 2)};
  } else {
    parts = {text};
  }
  for (std::size_t f = 0; f < i.field_count; ++f)
    if (!parse_scalar(i.fields[f].kind, parts[f], out.data() + i.fields[f].offset)) {
      if (error)
        *error = "'" + std::string(trim(parts[f])) + "' is not a " + std::string(to_string(i.fields[f].kind)) +
                 " value (a number, or its bits as [0x…])";
      return std::nullopt;
    }
  return out;
}

}  // namespace redsem::laws
