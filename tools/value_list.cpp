#include "tools/value_list.h"

#include <cerrno>
#include <cstdlib>

namespace redsem::tools {
namespace {

bool parse_scalar(const std::string& text, scalar_kind kind, std::byte* at) {
  const char* s = text.c_str();
  char* end = nullptr;
  errno = 0;
  if (is_float_kind(kind)) {
    const long double v = std::strtold(s, &end);
    if (end == s || *end != '\0') return false;
    if (kind == scalar_kind::f32) put(at, static_cast<float>(v));
    else if (kind == scalar_kind::f64) put(at, static_cast<double>(v));
    else put(at, v);
    return true;
  }
  if (is_signed_kind(kind)) {
    const long long v = std::strtoll(s, &end, 0);
    if (end == s || *end != '\0' || errno == ERANGE) return false;
    switch (kind) {
      case scalar_kind::i8: return put(at, static_cast<std::int8_t>(v)), v >= INT8_MIN && v <= INT8_MAX;
      case scalar_kind::i16: return put(at, static_cast<std::int16_t>(v)), v >= INT16_MIN && v <= INT16_MAX;
      case scalar_kind::i32: return put(at, static_cast<std::int32_t>(v)), v >= INT32_MIN && v <= INT32_MAX;
      default: return put(at, static_cast<std::int64_t>(v)), true;
    }
  }
  if (text.find('-') != std::string::npos) return false;
  const unsigned long long v = std::strtoull(s, &end, 0);
  if (end == s || *end != '\0' || errno == ERANGE) return false;
  switch (kind) {
    case scalar_kind::u8: case scalar_kind::char8: return put(at, static_cast<std::uint8_t>(v)), v <= UINT8_MAX;
    case scalar_kind::u16: return put(at, static_cast<std::uint16_t>(v)), v <= UINT16_MAX;
    case scalar_kind::u32: case scalar_kind::wchar: return put(at, static_cast<std::uint32_t>(v)), v <= UINT32_MAX;
    default: return put(at, static_cast<std::uint64_t>(v)), true;
  }
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out(1);
  for (char c : text) {
    if (c == sep) out.emplace_back();
    else if (c != ' ') out.back() += c;
  }
  return out;
}

}  // namespace

std::vector<field> scalar_fields(const datatype& type) {
  std::vector<field> out;
  for (const auto& e : type.entries()) {
    const type_info& t = info(e.type);
    for (std::size_t i = 0; i < t.field_count; ++i)
      out.push_back({t.fields[i].kind, static_cast<std::uint16_t>(e.disp + t.fields[i].offset)});
  }
  return out;
}

std::optional<std::vector<sim::element>> parse_values(const std::string& text, const datatype& type,
                                                      std::string* error) {
  const std::vector<field> fields = scalar_fields(type);
  std::vector<sim::element> out;
  for (const std::string& item : split(text, ',')) {
    const std::vector<std::string> parts = split(item, ':');
    if (parts.size() != fields.size()) {
      *error = "--values: '" + item + "' needs " + std::to_string(fields.size()) + " field(s) separated by ':'";
      return std::nullopt;
    }
    sim::element e(static_cast<std::size_t>(type.extent()), std::byte{0});
    for (std::size_t i = 0; i < fields.size(); ++i)
      if (!parse_scalar(parts[i], fields[i].kind, e.data() + fields[i].offset)) {
        *error = "--values: '" + parts[i] + "' is not a " + std::string(to_string(fields[i].kind)) + " value";
        return std::nullopt;
      }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace redsem::tools
