// SPDX-License-Identifier: BSD-3-Clause
#include "model/element_json.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

#include "model/element_compare.h"

namespace redsem {
namespace {

nlohmann::json scalar_value(scalar_kind k, const std::byte* x) {
  return visit(k, [&]<class T>(std::type_identity<T>) -> nlohmann::json {
    T v{};
    std::memcpy(&v, x, value_bytes(k));
    if constexpr (std::is_integral_v<T>) {
      if constexpr (std::is_same_v<T, char> || std::is_same_v<T, wchar_t>)
        return static_cast<std::int64_t>(v);
      else
        return v;
    } else {
      if (!std::isfinite(v)) return nullptr;
      return static_cast<double>(v);
    }
  });
}

// The field's bytes from "0x…" (most significant first, as field_bits writes them).
bool read_bits(const std::string& hex, std::byte* out, std::size_t n) {
  if (hex.size() != 2 + 2 * n || hex.rfind("0x", 0) != 0) return false;
  for (std::size_t i = 0; i < n; ++i) {
    unsigned byte = 0;
    for (char c : hex.substr(2 + 2 * (n - 1 - i), 2)) {
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return false;
      byte = byte * 16 + static_cast<unsigned>(d);
    }
    out[i] = static_cast<std::byte>(byte);
  }
  return true;
}

}  // namespace

nlohmann::json element_json(const datatype& type, const std::byte* x) {
  const auto fields = typemap_fields(type);
  nlohmann::json j{{"display", format_element(type, x)}};
  if (fields.size() == 1) {
    j["value"] = scalar_value(fields[0].kind, x + fields[0].offset);
    j["bits"] = field_bits(fields[0].kind, x + fields[0].offset);
    return j;
  }
  j["value"] = nlohmann::json::array();
  j["bits"] = nlohmann::json::array();
  for (const auto& f : fields) {
    j["value"].push_back(scalar_value(f.kind, x + f.offset));
    j["bits"].push_back(field_bits(f.kind, x + f.offset));
  }
  return j;
}

std::optional<std::vector<std::byte>> element_from_json(const datatype& type, const nlohmann::json& j) {
  const auto fields = typemap_fields(type);
  if (!j.is_object() || !j.contains("bits")) return std::nullopt;
  const nlohmann::json bits = fields.size() == 1 ? nlohmann::json::array({j["bits"]}) : j["bits"];
  if (!bits.is_array() || bits.size() != fields.size()) return std::nullopt;
  std::vector<std::byte> out(static_cast<std::size_t>(type.extent()));
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (!bits[i].is_string() || fields[i].offset < 0 ||
        static_cast<std::size_t>(fields[i].offset) + value_bytes(fields[i].kind) > out.size() ||
        !read_bits(bits[i].get<std::string>(), out.data() + fields[i].offset, value_bytes(fields[i].kind)))
      return std::nullopt;
  return out;
}

}  // namespace redsem
