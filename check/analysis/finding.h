// One thing a checked run relies on that MPI does not promise: a `finding` record of the
// runtime (docs/check_records.md) or a finding of a post-run analysis, in one shape.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace redsem::check {

struct finding {
  std::string check;        // identifier: order_dependent_result, …
  std::string call;         // MPI_Allreduce, …
  std::string rule;         // "MPI-4.1 §…"
  std::string message;      // one sentence, in the program's own values
  nlohmann::json caller;    // as recorded: address, module, offset, symbol (null when unknown)
  nlohmann::json evidence;  // an object, per check
  std::vector<int> ranks;   // where it was seen (ascending once merged)
  std::string location;     // "app.c:42 (main)" once symbolised; empty before
};

// A runtime `finding` line of `rank`; missing fields stay empty.
finding finding_from_record(const nlohmann::json& line, int rank);

// The same finding seen on several ranks becomes one listing them: same check, call, rule,
// message, evidence and call site. Order: as first seen.
std::vector<finding> merge_findings(const std::vector<finding>& findings);

}  // namespace redsem::check
