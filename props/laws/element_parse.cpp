// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/element_parse.h"

#include <charconv>
#include <cstring>

#include "model/scalar_text.h"

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

// A number, or "[0x…]" bits (which win over a number written before them).
bool parse_scalar(scalar_kind k, std::string_view text, std::byte* out, std::string* error) {
  text = trim(text);
  if (const auto open = text.find('['); open != std::string_view::npos) {
    if (text.back() == ']' && parse_bits(trim(text.substr(open + 1, text.size() - open - 2)), value_bytes(k), out)) return true;
    *error = "'" + std::string(text) + "' does not give the bits of a " + std::string(number_type_name(k)) +
             " as [0x…] (at most " + std::to_string(2 * value_bytes(k)) + " hex digits)";
    return false;
  }
  return parse_scalar_text(k, text, out, error);
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
  for (std::size_t f = 0; f < i.field_count; ++f) {
    std::string why;
    if (!parse_scalar(i.fields[f].kind, parts[f], out.data() + i.fields[f].offset, &why)) {
      if (error) *error = why + "; a field may also be given as its bits, [0x…]";
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace redsem::laws
