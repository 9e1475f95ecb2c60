/* SPDX-License-Identifier: BSD-3-Clause */
// Reading one field of a record line (docs/check_records.md) that may be missing or of another
// type: the records of a crashed or foreign run are read without trusting their shape.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace redsem::check {

// The string at `key`, or "" when absent or not a string.
inline std::string text_of(const nlohmann::json& line, const char* key) {
  const auto it = line.find(key);
  return it != line.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The integer at `key`, or `otherwise` when absent or not an integer.
inline std::int64_t int_of(const nlohmann::json& line, const char* key, std::int64_t otherwise = 0) {
  const auto it = line.find(key);
  return it != line.end() && it->is_number_integer() ? it->get<std::int64_t>() : otherwise;
}

// True when `key` holds true; false when it is absent, false or not a boolean.
inline bool flag_of(const nlohmann::json& line, const char* key) {
  const auto it = line.find(key);
  return it != line.end() && it->is_boolean() && it->get<bool>();
}

}  // namespace redsem::check
