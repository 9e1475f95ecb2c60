/* SPDX-License-Identifier: BSD-3-Clause */
// The analyses `redsem check` runs on a run's records after the program ended: what only the
// whole run can tell. Each returns findings in the runtime's shape (finding.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "check/analysis/coverage_note.h"
#include "check/analysis/finding.h"
#include "check/analysis/records.h"
#include "model/policy.h"

namespace redsem::check {

struct analysis_options {
  std::uint64_t tolerance_ulps = 0;  // float results further apart than this depend on the order
  policy semantics{};                // how the model evaluates the ops (MIN/MAX with NaN, …)
  std::string command{};  // the checked command as a shell line, named where a rerun is advised ("": unknown)
};

struct analysis_outcome {
  std::vector<finding> findings;
  std::vector<coverage_note> notes;   // what the analysis did not look at, or looked at only in part
  std::vector<std::string> analysed;  // what it looked at whole, when it is worth saying (RMA epochs)
};

struct post_run_analysis {
  std::string_view name;
  analysis_outcome (*run)(const run_records& records, const analysis_options& options);
};

// Every post-run analysis, in the order they run (analysis.cpp is the one list).
std::span<const post_run_analysis> post_run_analyses();

}  // namespace redsem::check
