/* SPDX-License-Identifier: BSD-3-Clause */
// A subcommand of the `redsem` program: registers its options, then runs.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <ostream>

#include "props/fuzz/child_wait.h"
#include "sim/order_results.h"

namespace redsem::tools {

// Exit codes every subcommand shares.
enum exit_code : int {
  ok = 0,         // every verdict as expected
  mismatch = 1,   // a verdict differs from what was expected (named in the output)
  bad_input = 2,  // the command line or an input file is wrong (explained on stderr)
  // no verdict: code redsem ran (a kernel call, an MPI helper's answer) neither finished nor
  // spent its CPU time limit within the wall-clock backstop; it is blocked, or the machine too
  // loaded to tell (fuzz::slow_call, props/fuzz/child_wait.h)
  no_verdict = fuzz::no_verdict_status,
};

// A subcommand added to the program: `run` is called when the command line chose it.
struct command {
  CLI::App* app;
  std::function<int(std::ostream& out, std::ostream& err)> run;
};
// Runs a chosen command: a slow_call it throws is said on `err` as "redsem NAME: slow: …", exit
// status no_verdict. With --json-file FILE the document the command prints is written to FILE
// instead of `out`, unless !writes_files (the ranks but one of redsem-mpi, whose output goes
// nowhere).
int run_subcommand(const command& c, std::ostream& out, std::ostream& err, bool writes_files = true);
command add_verify_command(CLI::App& app);
command add_opcheck_command(CLI::App& app);
command add_fuzz_command(CLI::App& app);
command add_laws_command(CLI::App& app);
command add_emit_c_command(CLI::App& app);
// `share`: this process's part of a search split over an MPI job (redsem-mpi); the whole by default.
command add_orders_command(CLI::App& app, sim::search_share share = {});
command add_rma_command(CLI::App& app, sim::search_share share = {});
command add_simulate_command(CLI::App& app);
command add_probe_command(CLI::App& app);
command add_check_command(CLI::App& app);
command add_mpi_command(CLI::App& app);
// Hidden: prints the shell completion script for every command `app` has when it runs.
command add_completion_command(CLI::App& app);

}  // namespace redsem::tools
