// SPDX-License-Identifier: BSD-3-Clause
#include "tools/verify/expectations.h"

#include <fmt/format.h>

namespace redsem::tools {

extern const char* const catalogue_expectations_json;  // generated from catalogue/expectations.json

namespace {
const nlohmann::json& all_records() {
  static const nlohmann::json records = nlohmann::json::parse(catalogue_expectations_json);
  return records;
}
}  // namespace

verdict_map recorded_expectations(const std::string& section_id) {
  const auto& records = all_records();
  const auto it = records.find(section_id);
  if (it == records.end()) return {};
  return it->get<verdict_map>();
}

std::vector<std::string> compare_with_record(const std::string& section_id, const verdict_map& actual, bool quick) {
  return compare_verdicts(section_id, recorded_expectations(section_id), actual, quick);
}

std::vector<std::string> compare_verdicts(const std::string& section_id, const verdict_map& record,
                                          const verdict_map& actual, bool quick) {
  std::vector<std::string> out;
  for (const auto& [key, verdict] : actual) {
    const auto it = record.find(key);
    if (it == record.end())
      out.push_back(fmt::format("{}: {}: {} (no recorded expectation)", section_id, key, verdict));
    else if (it->second != verdict)
      out.push_back(fmt::format("{}: {}: expected {}, got {}", section_id, key, it->second, verdict));
  }
  if (!quick)
    for (const auto& [key, verdict] : record)
      if (!actual.contains(key))
        out.push_back(fmt::format("{}: {}: expected {}, not checked", section_id, key, verdict));
  return out;
}

}  // namespace redsem::tools
