/* SPDX-License-Identifier: BSD-3-Clause */
// The report of `redsem check`: text (stderr), JSON (--json FILE), HTML (--html DIR, the
// verify report's style), all from one run_report: the findings with their severity, the
// suppressed ones, each rank's status, the coverage, and the verdict last.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "check/analysis/run_report.h"
#include "model/policy.h"

namespace redsem::tools {

// What the report says besides the records: how the run was started and ended.
struct check_run {
  std::string command;  // as a shell would take it
  std::string mpi;      // the library preloaded: openmpi, mpich
  std::string sample;   // REDSEM_CHECK_SAMPLE
  std::uint64_t tolerance_ulps = 0;
  std::string policy;        // the semantics policy the analyses ran under
  int program_status = 0;    // mpirun's exit status (128 + signal when killed)
  std::string suppressions;  // --suppressions FILE, when given
  redsem::policy semantics;  // the same policy as a value: the HTML report's trees are evaluated under it
};

// The report's header line, known before the analyses run (printed before them), then the rest.
// The header names the semantics policy when it is not the default (the JSON and HTML reports
// always do).
std::string check_header_text(const check::run_identity& who, const std::string& sample,
                              const redsem::policy& semantics);
std::string check_text(const check::run_report& report, const check_run& run);
nlohmann::json check_json(const check::run_report& report, const check_run& run);
// Writes DIR/index.html (check_html.cpp) and returns its path; throws std::runtime_error when it
// cannot.
std::filesystem::path write_check_html(const std::filesystem::path& dir, const check::run_report& report,
                                       const check_run& run);

// The words the text and HTML reports share.
std::string ranks_text(const std::vector<int>& ranks);                           // "0-3", "0, 2"
std::string rank_word(const std::vector<int>& ranks);                            // "rank", "ranks"
std::string merged_text(const check::finding& f);                                // " (12 alike, merged)", ""
std::string one_line(std::string text);                                          // tabs as spaces
std::string status_line(const check::run_report& report, const check_run& run);  // "verdict: …"
std::string counts_text(const std::map<std::string, std::uint64_t>& counts);     // " MPI_Allreduce 3; …"
std::string depth_text(const check::coverage& c);                                // what --sample checked in depth
std::string evidence_value_text(const nlohmann::json& value);                    // an element by its display text

}  // namespace redsem::tools
