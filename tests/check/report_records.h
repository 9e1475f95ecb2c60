// SPDX-License-Identifier: BSD-3-Clause
// One rank's records written by hand in the runtime's format (docs/check_records.md), and findings
// placed by hand, for the tests of what a checked run's report comes to (report_*_test.cpp).
#pragma once

#include <ostream>
#include <string>

#include "check/analysis/coverage.h"
#include "check/analysis/finding.h"
#include "check/analysis/records.h"
#include "check/analysis/run_report.h"

namespace redsem::check {

// How gtest prints a note in a failure message (found by argument-dependent lookup).
inline void PrintTo(const coverage_note& n, std::ostream* os) { *os << note_line(n); }

namespace test {

inline const std::string start =
    R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI","sample":8})";
inline const std::string finalize = R"({"ev":"finalize","rank":0,"seq":9,"calls":{"MPI_Win_create":1}})";

// A run of one rank: its start line, `lines` (each ending in a newline), its finalize line.
inline run_records one_rank(const std::string& lines) {
  run_records run;
  run.ranks.push_back(parse_rank_records(0, start + "\n" + lines + finalize + "\n"));
  return run;
}

inline finding located(const std::string& check, const std::string& call, const std::string& location) {
  finding f;
  f.check = check;
  f.call = call;
  f.location = location;
  f.message = "m";
  return f;
}

}  // namespace test
}  // namespace redsem::check
