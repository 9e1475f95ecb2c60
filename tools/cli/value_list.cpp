// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/value_list.h"

#include "model/scalar_text.h"

namespace redsem::tools {
namespace {

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
    for (std::size_t i = 0; i < fields.size(); ++i) {
      std::string why;
      if (!parse_scalar_text(fields[i].kind, parts[i], e.data() + fields[i].offset, &why)) {
        *error = "--values: " + why;
        return std::nullopt;
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace redsem::tools
