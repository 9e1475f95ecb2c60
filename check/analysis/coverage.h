/* SPDX-License-Identifier: BSD-3-Clause */
// What a checked run's verdict covers (docs/check_records.md, "Coverage"): the calls
// intercepted, how deeply they were checked, the RMA epochs analysed, the memory watched, and
// what could not be observed and why. Anything not observed makes a clean run `clean (partial)`.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "check/analysis/coverage_note.h"
#include "check/analysis/records.h"

namespace redsem::check {

struct coverage {
  std::string sample;                            // REDSEM_CHECK_SAMPLE as the ranks saw it ("all", "8")
  std::map<std::string, std::uint64_t> calls;    // intercepted calls per name, summed over finished ranks
  std::map<std::string, std::uint64_t> sampled;  // reductions recorded for the post-run analyses, per call
  std::size_t windows = 0;                       // RMA windows created (per rank)
  std::vector<std::string> rma_analysed;         // the RMA epochs the explorer judged whole
  std::vector<std::string> watched;              // memory ranges watched for the program's own accesses
  std::vector<coverage_note> not_observed;       // what was not observed or analysed, and why: merged
};

// The coverage the records themselves show (calls, sampling, RMA bounds, calls forwarded
// unchecked, memory watched or not, ranks that ended early, damaged records); the post-run
// analyses add theirs (run_report.cpp). `command`, the checked command as a shell line, is named
// where the coverage advises a rerun ("" when it is not known, as for kept records re-read).
coverage record_coverage(const run_records& records, int world_size, std::string_view command = {});
// The --sample the run was checked under, as the first start line that says it has it ("" when none does).
std::string recorded_sample(const run_records& records);

}  // namespace redsem::check
