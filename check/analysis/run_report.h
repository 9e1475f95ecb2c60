/* SPDX-License-Identifier: BSD-3-Clause */
// What `redsem check` reports about one run, merged over ranks: the findings (runtime and
// post-run, merged, symbolised and graded), each rank's status, what the check covered, and the
// verdict they make.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/analysis/analysis.h"
#include "check/analysis/coverage.h"
#include "check/analysis/suppressions.h"

namespace redsem::check {

enum class rank_status {
  finished,     // reached MPI_Finalize
  ended_early,  // no finalize line: crashed, killed, or exited without MPI_Finalize
  unreadable,   // its record file could not be read
};
std::string_view to_string(rank_status s);

struct rank_summary {
  int rank = -1;
  rank_status status = rank_status::finished;
  std::size_t findings = 0;  // runtime findings recorded on this rank
  bool truncated_last_line = false;
  std::size_t unreadable_lines = 0;
  std::size_t invalid_lines = 0;  // damaged: not believed
  std::string unreadable;         // why the file could not be read
  std::optional<record_cut> cut;  // where the reader's memory bound cut its record
  std::string host;               // where it ran (its start line's); empty when not recorded
};

struct run_report {
  std::string built_for, library, program;  // from the first start line
  int size = 0;                             // MPI_COMM_WORLD's size
  std::vector<rank_summary> ranks;
  std::vector<finding> findings;    // merged over ranks, symbolised, not suppressed
  std::vector<finding> suppressed;  // findings a --suppressions entry covers: counted, listed
  struct coverage coverage;         // what the verdict covers; not_observed non-empty: partial
};

// What the run was, from the first rank's start line that names what it was built for: known
// before the analyses run.
struct run_identity {
  std::string built_for, library, program;
  int size = 0;  // MPI_COMM_WORLD's size
};
run_identity identify_run(const run_records& records);

// Told, as the analysis goes, `done` of its `total` steps and the one it starts now (a long
// analysis of a large record set shows progress).
using analysis_progress = std::function<void(std::size_t done, std::size_t total, std::string_view step)>;

// The report of a run whose records hold at least one start line.
run_report analyse_run(const run_records& records, const analysis_options& options,
                       const analysis_progress& on_step = {});

// Moves the findings `list` covers to `report.suppressed`.
void apply_suppressions(run_report& report, const std::vector<suppression>& list);

// What a run comes to, worst first: an error finding; the program failing with no error to
// explain it; warnings; clean but with parts not observed; clean.
enum class verdict { errors, program_failed, warnings, clean_partial, clean };
std::string_view to_string(verdict v);  // "errors", …, "clean (partial)", "clean"
std::string_view json_name(verdict v);  // "errors", …, "clean_partial", "clean"
verdict verdict_of(const run_report& report, int program_status);
std::size_t count_at(const std::vector<finding>& findings, severity level);

}  // namespace redsem::check
