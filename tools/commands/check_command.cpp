// SPDX-License-Identifier: BSD-3-Clause
// `redsem check [options] -- mpirun -n 4 ./app args`: runs an unmodified MPI program with the
// check library preloaded into every rank (check/runtime, docs/check_records.md), then reads
// what each rank recorded, runs the post-run analyses and reports, merged over ranks.
// `redsem check --records DIR` reports on records kept from an earlier run.
// Exit 1 on an error finding (or a warning, or a partial check, with --fail-on), the program's
// own status when it failed without one, 2 on bad input, 128 + the signal when interrupted.
// The parts: check_command.h.
#include "tools/commands/check_command.h"

#include <cstdint>
#include <filesystem>
#include <memory>

#include "check/analysis/run_report.h"
#include "check/analysis/suppressions.h"
#include "model/input_file.h"
#include "model/output_file.h"
#include "tools/cli/bounded_number.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/output_file.h"
#include "tools/cli/policy_option.h"
#include "tools/commands/check_progress.h"
#include "tools/render/check_render.h"
#include "tools/render/check_sarif.h"

namespace redsem::tools {
namespace {

// The suppressions of --suppressions; nullopt with `*why` when the file is wrong.
std::optional<std::vector<check::suppression>> read_suppressions(const check_options& o, std::string* why) {
  if (o.suppressions.empty()) return std::vector<check::suppression>{};
  const input_file file = read_input_file(o.suppressions, std::size_t{1} << 20);
  if (!file.text) return *why = "--suppressions: " + file.error, std::nullopt;
  auto list = check::parse_suppressions(*file.text, why);
  if (!list) *why = "--suppressions " + o.suppressions + " " + *why;
  return list;
}

// The exit status a report comes to under --fail-on.
int exit_status(const check::run_report& report, const check_options& o, int program_status) {
  switch (check::verdict_of(report, program_status)) {
    case check::verdict::errors:
      return int{mismatch};
    case check::verdict::program_failed:
      return program_status;
    case check::verdict::warnings:
      return o.fail_on == "error" ? 0 : int{mismatch};
    case check::verdict::clean_partial:
      return o.fail_on == "partial" ? int{mismatch} : 0;
    case check::verdict::clean:
      return 0;
  }
  return 0;
}

int write_reports(const check::run_report& report, const check_run& run, const check_options& o, std::ostream& out,
                  std::ostream& err) {
  err << check_text(report, run);
  if (!o.gen_suppressions.empty()) {
    std::vector<check::finding> all = report.findings;
    all.insert(all.end(), report.suppressed.begin(), report.suppressed.end());
    if (const auto problem = write_output_file(o.gen_suppressions, check::suppressions_for(all)))
      return err << "redsem check: --gen-suppressions: " << *problem << "\n", int{bad_input};
    err << "check: " << all.size() << " suppression(s) written to " << o.gen_suppressions << "\n";
  }
  if (!o.json_legacy.empty()) {
    if (const auto problem = write_output_file(o.json_legacy, json_text(check_json(report, run)) + "\n"))
      return err << "redsem check: --json: " << *problem << "\n", int{bad_input};
  }
  if (!o.sarif.empty()) {
    if (const auto problem = write_output_file(o.sarif, json_text(check_sarif(report, run)) + "\n"))
      return err << "redsem check: --sarif: " << *problem << "\n", int{bad_input};
  }
  if (o.json) out << json_text(check_json(report, run)) << "\n";
  if (!o.html.empty()) {
    try {
      const auto page = write_check_html(o.html, report, run);  // before the line that names it
      err << "check: report in " << page.string() << "\n";
    } catch (const std::exception& e) {
      return err << "redsem check: --html: " << e.what() << "\n", int{bad_input};
    }
  }
  if (!o.keep_records.empty()) err << "check: records kept in " << o.keep_records << "\n";
  return 0;
}

int run_check(const check_options& o, std::ostream& out, std::ostream& err) {
  std::string why, mpi = o.mpi;
  if (!o.json_legacy.empty())
    err << "redsem check: note: --json FILE is deprecated: use --json-file FILE (--json alone prints to stdout)\n";
  const auto semantics = policy_from_option(o.policy_text, &why);
  if (!semantics) return err << "redsem check: " << why << "\n", int{bad_input};
  const auto suppressions = read_suppressions(o, &why);
  if (!suppressions) return err << "redsem check: " << why << "\n", int{bad_input};
  if (const auto refusal = refusal_of_options(o); !refusal.empty())
    return err << "redsem check: " << refusal << "\n", int{bad_input};
  int status = 0;
  launch_plan plan;
  std::filesystem::path dir(o.records);
  if (o.records.empty())
    if (const auto ended = run_checked(o, mpi, plan, dir, status, out, err)) return *ended;
  const check::run_records records = check::read_run_records(dir);
  std::error_code ec;
  if (o.keep_records.empty() && o.records.empty()) std::filesystem::remove_all(dir, ec);
  if (const auto refusal = refusal_after_run(records, mpi.empty() ? "openmpi" : mpi, o, plan, status); !refusal.empty())
    return err << "redsem check: " << refusal << "\n", int{bad_input};
  err << check_header_text(check::identify_run(records), o.records.empty() ? o.sample : check::recorded_sample(records),
                           *semantics)
      << std::flush;  // before the analyses, which may take a while on many records
  const std::string command = o.records.empty() ? shell_words(o.command) : "";  // named where a rerun is advised
  check::run_report report = analyse_records(records, {o.tolerance_ulps, *semantics, command}, err);
  check::apply_suppressions(report, *suppressions);
  const check_run run{o.records.empty() ? command : "--records " + o.records,
                      mpi.empty() ? report.built_for : mpi,
                      o.records.empty() ? o.sample : report.coverage.sample,  // the run's, for kept records
                      o.tolerance_ulps,
                      to_string(*semantics),
                      status,
                      o.suppressions,
                      *semantics};
  if (const int failed = write_reports(report, run, o, out, err)) return failed;
  return exit_status(report, o, status);
}

}  // namespace

command add_check_command(CLI::App& app) {
  auto o = std::make_shared<check_options>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Run an MPI program with its reductions checked: redsem check [options] -- mpirun -n 4 ./app args");
  cmd->add_option("--mpi", o->mpi,
                  "The MPI the program was built with: openmpi, mpich, or the path of its C compiler wrapper (mpicc) "
                  "or its prefix (default: the one its executable links, else openmpi)")
      ->type_name("NAME|PATH");
  CLI::Option* json = cmd->add_option("--json", o->json_legacy,
                                      "Print the report as one JSON document on stdout, where the program's own "
                                      "output goes too (--json-file FILE keeps them apart); --json FILE is the old "
                                      "spelling of --json-file FILE")
                          ->expected(0, 1)
                          ->type_name("[FILE]");
  add_json_file_option(cmd, o->json);
  cmd->add_option("--sarif", o->sarif, "Write the findings as SARIF 2.1.0 to FILE (code-scanning services, editors)")
      ->type_name("FILE");
  cmd->add_option("--html", o->html, "Write the report as DIR/index.html")->type_name("DIR");
  cmd->add_option("--sample", o->sample,
                  "Calls checked in depth per kind and communicator: the first N, then every power-of-two index; 0: "
                  "none; all: every call (default 8)")
      ->type_name("N|all");
  add_whole_option(cmd, "--tolerance", o->tolerance_ulps, {},
                   "Float results of legal orders further apart than this many ulps are reported (default 0)")
      ->type_name("ULPS");
  add_seconds_option(cmd, "--op-seconds", o->op_seconds, 3600,
                     "Time a user op's law check may take per sampled call before it gives up with a note "
                     "(default 2)");
  add_policy_option(cmd, o->policy_text);
  cmd->add_option("--keep-records", o->keep_records, "Keep each rank's records in DIR (new or empty)")
      ->type_name("DIR");
  cmd->add_option("--records", o->records, "Report on the records kept in DIR by an earlier run; no command")
      ->type_name("DIR");
  cmd->add_option("--suppressions", o->suppressions,
                  "Accepted findings: lines `check=X [call=Y] [caller=function|file:line]`, # comments; they are "
                  "counted and listed as suppressed")
      ->type_name("FILE");
  cmd->add_option("--gen-suppressions", o->gen_suppressions,
                  "Write to FILE a suppression line for every finding of the run (for --suppressions)")
      ->type_name("FILE");
  cmd->add_option("--fail-on", o->fail_on,
                  "The least that exits 1: error (default), warning, or partial (also a clean check that could not "
                  "observe everything)")
      ->check(CLI::IsMember({"error", "warning", "partial"}))
      ->type_name("LEVEL");
  cmd->add_flag("--no-watch", o->no_watch,
                "Do not watch the program's loads and stores of pending RMA buffers and window memory");
  add_whole_option(cmd, "--delay", o->delay_ms, {0, 2000},
                   "In a program with threads of its own, hold a thread at least this many milliseconds, and on "
                   "while another thread is runnable with less CPU time than that since the hold began (10 times "
                   "at most), as it enters a call "
                   "completing a watched pending RMA buffer and at its access to watched window memory, so that "
                   "another thread's access close to a pending RMA call in time overlaps it and is found; at the "
                   "first 4 holds of each call site or instruction, then at power-of-two indexes, 2 s of holds "
                   "at MS per rank at most; 0: none (default 20)")
      ->type_name("MS");
  cmd->add_option("--thread-sync", o->thread_sync,
                  "How the threads of a rank are ordered: time (default: a race between two threads is found only "
                  "when the access came while the other thread's RMA call was pending), or calls (the policy that "
                  "threads synchronise only through OpenMP and pthreads calls, which are intercepted: a race is found "
                  "whenever those calls do not order the two, whatever the timing; a handoff through atomics is then "
                  "reported as a race)")
      ->check(CLI::IsMember({"time", "calls"}))
      ->type_name("POLICY");
  cmd->add_flag("--dry-run", o->dry_run,
                "Print the command that would run (its launcher's options added) with the environment it would get, "
                "and run nothing");
  cmd->add_option("command", o->command, "The command that starts the program, after --: mpirun -n 4 ./app args");
  cmd->callback([o, json] {
    if (json->count() > 0 && o->json_legacy.empty()) o->json = true;
    if (o->sample == "all") return;
    std::string why;
    if (!parse_whole_number("--sample", o->sample, {0, UINT32_MAX}, &why)) throw CLI::ValidationError(why);
    o->sample = std::to_string(*parse_whole_number("--sample", o->sample, {0, UINT32_MAX}, &why));
  });
  return {cmd, [o](std::ostream& out, std::ostream& err) { return run_check(*o, out, err); }};
}

}  // namespace redsem::tools
