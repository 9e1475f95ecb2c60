// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/user_op_names.h"

#include <map>
#include <string>
#include <utility>

#include "check/analysis/symbolize.h"

namespace redsem::check {

void name_user_ops(const run_records& records, std::vector<finding>& findings) {
  // (rank, label) → the function as recorded; labels are numbered per rank.
  std::map<std::pair<int, std::string>, nlohmann::json> functions;
  for (const auto& r : records.ranks)
    for (const auto& line : r.lines)
      if (line.value("ev", "") == "op_create" && line.contains("function") && line.contains("op") &&
          line["op"].is_string())
        functions[{r.rank, line["op"].get<std::string>()}] = line["function"];

  // The function of each finding's op, symbolised together (one addr2line per module).
  std::vector<std::size_t> named;
  std::vector<nlohmann::json> sites;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const finding& f = findings[i];
    const auto op = f.evidence.is_object() ? f.evidence.find("op") : f.evidence.end();
    if (f.ranks.empty() || !f.evidence.is_object() || op == f.evidence.end() || !op->is_string()) continue;
    const auto function = functions.find({f.ranks.front(), op->get<std::string>()});
    if (function == functions.end()) continue;
    sites.push_back(function->second);
    named.push_back(i);
  }
  const auto where = locations(sites);
  for (std::size_t k = 0; k < named.size(); ++k) findings[named[k]].evidence["function"] = where[k];
}

}  // namespace redsem::check
