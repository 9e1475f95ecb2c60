// SPDX-License-Identifier: BSD-3-Clause
// The parts of `redsem check` (check_command.cpp): what it was asked, what it starts, the bad
// input it refuses (check_refusals.cpp) and the run of the program (check_run.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "check/analysis/run_report.h"
#include "tools/mpi/check_launch.h"
#include "tools/mpi/launcher.h"

namespace redsem::tools {

// What `redsem check` was asked (its options and the command after `--`).
struct check_options {
  std::string mpi, json_legacy, html, sarif, keep_records, records, policy_text, suppressions;
  bool json = false;              // --json (stdout) or --json-file FILE (run_subcommand writes it)
  std::string fail_on = "error";  // error, warning or partial: the least that exits 1
  std::string gen_suppressions;   // FILE: the program's own stdout would mix with them
  std::string sample = "8";       // the runtime's default, said explicitly so the report can name it
  double op_seconds = 2;          // the runtime's default bound on a user op's law check per sampled call
  bool no_watch = false;          // REDSEM_CHECK_WATCH=0: no page protection (docs/design.md)
  // REDSEM_CHECK_DELAY: the least hold of delay injection in threaded runs, in ms (docs/design.md, "Threads");
  // unset: the runtime's default
  std::optional<std::uint32_t> delay_ms;
  std::string thread_sync =
      "time";            // REDSEM_CHECK_THREAD_SYNC: how threads are taken to be ordered (docs/design.md, "Threads")
  bool dry_run = false;  // print the command that would run, run nothing
  std::uint64_t tolerance_ulps = 0;
  std::vector<std::string> command;
};

// What the command starts: its program, and the launcher before it.
struct launch_plan {
  std::optional<launched_program> program;
  launcher launch;
};

// The words as one shell line, each quoted unless plain.
std::string shell_words(const std::vector<std::string>& words);

// Bad input found before anything runs; empty when there is none.
std::string refusal_of_options(const check_options& o);

// Bad input found before the program runs; empty when there is none.
std::string refusal_before_run(const check_options& o, std::string& mpi, std::string& library, launch_plan& plan,
                               std::ostream& progress);

// Bad input the records reveal; empty when the run was checked.
std::string refusal_after_run(const check::run_records& records, const std::string& mpi, const check_options& o,
                              const launch_plan& plan, int status);

// The run, after the checks before it: nullopt when there are records to report on (the
// program's status in `status`, their directory in `dir`), else the exit status.
std::optional<int> run_checked(const check_options& o, std::string& mpi, launch_plan& plan, std::filesystem::path& dir,
                               int& status, std::ostream& out, std::ostream& err);

}  // namespace redsem::tools
