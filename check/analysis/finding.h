/* SPDX-License-Identifier: BSD-3-Clause */
// One thing a checked run relies on that MPI does not promise: a `finding` record of the
// runtime (docs/check_records.md) or a finding of a post-run analysis, in one shape.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "model/severity.h"

namespace redsem::check {

// The severity of a finding's check, by the analysis, whatever the runtime wrote (severity.cpp
// holds the one table).
severity severity_of(std::string_view check);

// A rank whose copy of a merged finding said something else (values, addresses).
struct rank_detail {
  int rank = -1;
  std::string message;
  nlohmann::json evidence;
};

struct finding {
  std::string check;                     // identifier: order_dependent_result, …
  std::string call;                      // MPI_Allreduce, …
  std::string rule;                      // "MPI-4.1 §…"
  std::string message;                   // one sentence, in the program's own values (the first rank's once merged)
  nlohmann::json caller;                 // as recorded: address, module, offset, symbol (null when unknown)
  nlohmann::json evidence;               // an object, per check (the first rank's once merged)
  std::vector<int> ranks;                // where it was seen (ascending once merged)
  std::vector<rank_detail> other_ranks;  // merged ranks whose message or evidence differ from the first's,
                                         // the first such record of each rank
  std::size_t count = 1;                 // records merged into it, on every rank
  std::string location;                  // "app.c:42 (main)" once symbolised; empty before
  nlohmann::json frames;                 // once symbolised, the call stack innermost first: objects of
                                         // `location`, and `function`, `file` (its path), `line` when known
  severity level = severity::error;
};

// A runtime `finding` line of `rank` (validated: record_schema.h); its severity from its check.
finding finding_from_record(const nlohmann::json& line, int rank);

// The evidence members that say what a finding is about (window, op, type, argument, buffer),
// as opposed to each rank's own values (addresses, operands, results).
nlohmann::json identifying_evidence(const nlohmann::json& evidence);

// The same finding seen on several ranks becomes one listing them: same check, call, call site
// (caller's module and offset) and identifying evidence; messages and other evidence may differ
// per rank and are kept in `other_ranks` (once per rank: a loop's records of one rank are counted
// in `count`, not listed). Order: as first seen.
std::vector<finding> merge_findings(const std::vector<finding>& findings);

}  // namespace redsem::check
