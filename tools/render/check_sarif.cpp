// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/check_sarif.h"

#include <cctype>
#include <map>

#include "model/severity.h"
#include "tools/cli/version.h"

namespace redsem::tools {
namespace {

// A path as a URI reference (RFC 3986): an absolute path as file://, a relative one as it is;
// every byte but the unreserved ones and '/' percent-encoded.
std::string path_uri(const std::string& path) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string s = path.starts_with('/') ? "file://" : "";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
      s += static_cast<char>(c);
    else
      s += {'%', hex[c >> 4], hex[c & 15]};
  }
  return s;
}

// SARIF 2.1.0's result levels include redsem's three severities, under the same names.
std::string_view sarif_level(severity s) { return to_string(s); }

// Where the finding is: the innermost frame with a file and line, else its function by name.
nlohmann::json locations_of(const check::finding& f) {
  nlohmann::json out = nlohmann::json::array();
  if (!f.frames.is_array()) return out;
  for (const auto& frame : f.frames) {
    if (frame.contains("file") && frame.contains("line") && frame["line"].is_number_integer() &&
        frame["line"].get<long long>() >= 1) {
      out.push_back({{"physicalLocation",
                      {{"artifactLocation", {{"uri", path_uri(frame["file"].get<std::string>())}}},
                       {"region", {{"startLine", frame["line"]}}}}}});
      return out;
    }
  }
  if (!f.frames.empty() && f.frames[0].contains("function"))
    out.push_back({{"logicalLocations", {{{"name", f.frames[0]["function"]}, {"kind", "function"}}}}});
  return out;
}

}  // namespace

nlohmann::json check_sarif(const check::run_report& report, const check_run& run) {
  nlohmann::json rules = nlohmann::json::array(), results = nlohmann::json::array();
  std::map<std::string, std::size_t> rule_index;
  for (const auto& f : report.findings) {
    auto [at, added] = rule_index.try_emplace(f.check, rules.size());
    if (added)
      rules.push_back({{"id", f.check},
                       {"shortDescription", {{"text", f.check + " (" + f.rule + ")"}}},
                       {"defaultConfiguration", {{"level", sarif_level(f.level)}}}});
    nlohmann::json result{{"ruleId", f.check},
                          {"ruleIndex", at->second},
                          {"level", sarif_level(f.level)},
                          {"message", {{"text", f.message}}},
                          {"properties", {{"call", f.call}, {"ranks", f.ranks}, {"rule", f.rule}}}};
    if (auto where = locations_of(f); !where.empty()) result["locations"] = std::move(where);
    results.push_back(std::move(result));
  }
  nlohmann::json driver{{"name", "redsem"}, {"version", version_number()}, {"rules", rules}};
  // The checked program's command and status (the invocation is redsem's, whose exit status
  // comes after the report is written).
  nlohmann::json invocation{{"executionSuccessful", true},
                            {"commandLine", run.command},
                            {"properties", {{"program_status", run.program_status}, {"mpi", run.mpi}}}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", nlohmann::json::array({{{"tool", {{"driver", driver}}},
                                           {"invocations", nlohmann::json::array({invocation})},
                                           {"results", results}}})}};
}

}  // namespace redsem::tools
