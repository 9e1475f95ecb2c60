// What `redsem check` reports about one run, merged over ranks: the findings (runtime and
// post-run, merged and symbolised), each rank's status, the calls counted and sampled.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "check/analysis/analysis.h"

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
  std::string unreadable;  // why the file could not be read
};

struct run_report {
  std::string built_for, library, program;  // from the first start line
  int size = 0;                             // MPI_COMM_WORLD's size
  std::vector<rank_summary> ranks;
  std::map<std::string, std::uint64_t> calls;    // intercepted calls per name, summed over finished ranks
  std::map<std::string, std::uint64_t> sampled;  // reductions recorded for the post-run analyses, per call
  std::vector<finding> findings;                 // merged over ranks, symbolised
  std::vector<std::string> notes;                // what the analyses bounded or skipped
};

// The report of a run whose records hold at least one start line.
run_report analyse_run(const run_records& records, const analysis_options& options);

}  // namespace redsem::check
