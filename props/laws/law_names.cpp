// SPDX-License-Identifier: BSD-3-Clause
#include <array>
#include <cctype>
#include <string>

#include "props/laws/law.h"

namespace redsem::laws {
namespace {
constexpr std::array<std::string_view, 6> law_names{"associativity", "commutativity", "identity",
                                                   "idempotence",   "absorbing",     "closed"};
constexpr std::array<std::string_view, 6> property_names{"associative", "commutative", "identity",
                                                         "idempotent",  "absorbing",   "closed"};
}  // namespace

std::string_view to_string(law l) { return law_names[static_cast<std::size_t>(l)]; }

std::string_view property_name(law l) { return property_names[static_cast<std::size_t>(l)]; }

std::optional<law> parse_law(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (law l : all_laws)
    if (to_string(l) == lower) return l;
  return std::nullopt;
}

std::string_view to_string(verdict v) {
  constexpr std::array<std::string_view, 5> names{"proved", "refuted", "unknown", "holds_on_samples",
                                                  "not_applicable"};
  return names[static_cast<std::size_t>(v)];
}

}  // namespace redsem::laws
