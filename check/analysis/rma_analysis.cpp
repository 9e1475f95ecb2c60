#include "check/analysis/rma_analysis.h"

#include <fmt/format.h>

#include "check/analysis/rma_findings.h"

namespace redsem::check {

analysis_outcome rma_analysis(const run_records& records, const analysis_options&) {
  // rma_findings wants the lines indexed by world rank; a rank without a file has none.
  std::vector<std::vector<nlohmann::json>> by_rank;
  for (const auto& r : records.ranks) {
    if (r.rank < 0) continue;
    if (by_rank.size() <= static_cast<std::size_t>(r.rank)) by_rank.resize(static_cast<std::size_t>(r.rank) + 1);
    by_rank[static_cast<std::size_t>(r.rank)] = r.lines;
  }
  analysis_outcome outcome;
  for (const auto& j : rma_findings(by_rank)) {
    if (j.value("ev", "") == "finding") {
      outcome.findings.push_back(finding_from_record(j, j.value("rank", -1)));
    } else {
      std::string where = fmt::format("window {} epoch {}", j.value("win", nlohmann::json()).dump(),
                                      j.value("epoch", nlohmann::json()).dump());
      if (j.contains("target")) where += fmt::format(" target {}", j["target"].dump());
      outcome.notes.push_back(fmt::format("RMA {} not analysed: {}", where, j.value("reason", "")));
    }
  }
  return outcome;
}

}  // namespace redsem::check
