// SPDX-License-Identifier: BSD-3-Clause
// `redsem check [options] -- mpirun -n 4 ./app args`: runs an unmodified MPI program with the
// check library preloaded into every rank (check/runtime, docs/check_records.md), then reads
// what each rank recorded, runs the post-run analyses and reports, merged over ranks.
// `redsem check --records DIR` reports on records kept from an earlier run.
// Exit 1 on an error finding (or a warning, or a partial check, with --fail-on), the program's
// own status when it failed without one, 2 on bad input, 128 + the signal when interrupted.
#include <fmt/format.h>
#include <stdlib.h>

#include <cstring>
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
#include "tools/cli/progress.h"
#include "tools/commands/check_progress.h"
#include "tools/mpi/check_launch.h"
#include "tools/mpi/launcher.h"
#include "tools/mpi/mpi_installation.h"
#include "tools/mpi/record_listener.h"
#include "tools/render/check_render.h"
#include "tools/render/check_sarif.h"

namespace redsem::tools {
namespace {

struct check_options {
  std::string mpi, json_legacy, html, sarif, keep_records, records, policy_text, suppressions;
  bool json = false;              // --json (stdout) or --json-file FILE (run_subcommand writes it)
  std::string fail_on = "error";  // error, warning or partial: the least that exits 1
  std::string gen_suppressions;   // FILE: the program's own stdout would mix with them
  std::string sample = "8";       // the runtime's default, said explicitly so the report can name it
  double op_seconds = 2;          // the runtime's default bound on a user op's law check per sampled call
  bool no_watch = false;          // REDSEM_CHECK_WATCH=0: no page protection (docs/design.md)
  std::string thread_sync =
      "time";            // REDSEM_CHECK_THREAD_SYNC: how threads are taken to be ordered (docs/design.md, "Threads")
  bool dry_run = false;  // print the command that would run, run nothing
  std::uint64_t tolerance_ulps = 0;
  std::vector<std::string> command;
};

std::string shell_words(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) {
    const bool plain = !w.empty() && w.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                         "-_./=:,+@%") == std::string::npos;
    s += (s.empty() ? "" : " ") + (plain ? w : "'" + w + "'");
  }
  return s;
}

// The records directory: --keep-records DIR (created, and it must hold no records yet), else a
// fresh one under $TMPDIR, removed after the report.
std::optional<std::filesystem::path> records_directory(const check_options& o, std::string* why) {
  std::error_code ec;
  if (!o.keep_records.empty()) {
    const std::filesystem::path dir(o.keep_records);
    if (const auto problem = create_output_directory(dir)) {
      *why = "--keep-records: " + *problem;
      return std::nullopt;
    }
    if (!std::filesystem::is_empty(dir, ec)) {
      *why = fmt::format("--keep-records: {} is not empty (records of another run would mix with this one's)",
                         dir.string());
      return std::nullopt;
    }
    return dir;
  }
  std::string name = (std::filesystem::temp_directory_path(ec) / "redsem_check_XXXXXX").string();
  if (ec || mkdtemp(name.data()) == nullptr) {
    *why = "cannot create a directory for the records under " + std::filesystem::temp_directory_path(ec).string();
    return std::nullopt;
  }
  return std::filesystem::path(name);
}

// What the command starts: its program, and the launcher before it.
struct launch_plan {
  std::optional<launched_program> program;
  launcher launch;
};

// A launcher of one MPI cannot start a program of the other as one job: the MPI the program
// links (else --mpi) against the launcher's.
std::string launcher_refusal(const check_options& o, const launch_plan& plan, const std::string& mpi) {
  if (plan.program)
    return launcher_mismatch(plan.launch, o.command[plan.program->at], plan.program->needed.mpi,
                             plan.program->needed.library);
  return launcher_mismatch(plan.launch, "the program", mpi, "--mpi " + o.mpi);
}

// Bad input found before the program runs; empty when there is none.
std::string refusal_before_run(const check_options& o, std::string& mpi, std::string& library, launch_plan& plan,
                               std::ostream& progress) {
  if (o.command.empty()) return "no command after `--` (redsem check [options] -- mpirun -n 4 ./app args)";
  if (!find_executable(o.command[0])) return "command not found: " + o.command[0];
  plan.program = find_program(o.command);
  plan.launch = recognise_launcher(o.command, plan.program ? std::optional(plan.program->at) : std::nullopt);
  const std::string asked = !o.mpi.empty() ? o.mpi : plan.program ? plan.program->needed.mpi : "openmpi";
  std::string why;
  const auto installation = find_mpi(asked, progress, &why);
  if (!installation) return o.mpi.empty() ? "no check library for " + asked + ": " + why : why;
  mpi = installation->family;
  if (const auto refusal = launcher_refusal(o, plan, mpi); !refusal.empty()) return refusal;
  const std::string path = installation->check_library().string();
  // The dynamic loader splits LD_PRELOAD at spaces and colons.
  if (path.find_first_of(" :") != std::string::npos)
    return "the check library's path " + path + " holds a space or a colon, which LD_PRELOAD cannot carry";
  library = path;
  if (!o.json_legacy.empty())
    if (const auto problem = unwritable_file(o.json_legacy)) return "--json: " + *problem;
  if (!o.sarif.empty())
    if (const auto problem = unwritable_file(o.sarif)) return "--sarif: " + *problem;
  if (!o.html.empty())
    if (const auto problem = unwritable_file_in(o.html, "index.html")) return "--html: " + *problem;
  if (!o.gen_suppressions.empty())
    if (const auto problem = unwritable_file(o.gen_suppressions)) return "--gen-suppressions: " + *problem;
  return "";
}

// Records of several one-process jobs where one job was meant (launcher.h): named, with the MPI
// whose launcher would have started them as one.
std::string one_process_jobs_refusal(const check::run_records& records, const std::string& mpi,
                                     const check_options& o) {
  const std::size_t jobs = one_process_jobs(records);
  if (jobs == 0) return "";
  std::string built_for = mpi;
  for (const auto& r : records.ranks)
    if (r.start) {
      built_for = r.start->value("built_for", mpi);
      break;
    }
  return fmt::format(
      "{} processes each ran as a one-process job (their `start` records say MPI_COMM_WORLD has 1 rank), not as "
      "the ranks of one job: {} did not start them as one job (is it the launcher of the MPI the program is built "
      "with, {}?)",
      jobs, o.records.empty() ? "`" + shell_words(o.command) + "`" : "the launcher", built_for);
}

// Bad input the records reveal; empty when the run was checked.
std::string refusal_after_run(const check::run_records& records, const std::string& mpi, const check_options& o,
                              const launch_plan& plan, int status) {
  if (!records.wrong_mpi.empty()) {
    const std::string library = records.wrong_mpi.front().value("library", "");
    return fmt::format(
        "the program runs {} ({}) but the check library preloaded was built for {}: run redsem check "
        "--mpi {} (its library is built when that MPI is installed)",
        mpi_of_library_text(library), library, mpi, mpi_of_library_text(library));
  }
  if (const auto refusal = one_process_jobs_refusal(records, mpi, o); !refusal.empty()) return refusal;
  const bool started =
      std::any_of(records.ranks.begin(), records.ranks.end(), [](const auto& r) { return r.start.has_value(); });
  if (!started && !o.records.empty())
    return fmt::format("--records {}: no rank's file holds a valid `start` line: not records of redsem check",
                       o.records);
  if (!started)
    return fmt::format(
        "no process of `{}` called MPI_Init with the {} check library preloaded (it exited with "
        "status {}): not an MPI program, or not built with {}'s mpicc?{}",
        shell_words(o.command), mpi, status, mpi,
        plan.launch.kind == launcher_kind::unknown
            ? " Or, if " + plan.launch.word +
                  " starts the ranks (a launcher redsem does not know), did it forward the variables of the note above?"
            : "");
  return "";
}

// The suppressions of --suppressions; nullopt with `*why` when the file is wrong.
std::optional<std::vector<check::suppression>> read_suppressions(const check_options& o, std::string* why) {
  if (o.suppressions.empty()) return std::vector<check::suppression>{};
  const input_file file = read_input_file(o.suppressions, std::size_t{1} << 20);
  if (!file.text) return *why = "--suppressions: " + file.error, std::nullopt;
  auto list = check::parse_suppressions(*file.text, why);
  if (!list) *why = "--suppressions " + o.suppressions + " " + *why;
  return list;
}

// The environment the command runs in ("NAME=value"): the check's variables and the library
// preloaded, ahead of the user's own LD_PRELOAD.
std::vector<std::string> check_environment(const check_options& o, const std::string& library,
                                           const std::filesystem::path& dir) {
  const char* preload = std::getenv("LD_PRELOAD");
  std::vector<std::string> env{"REDSEM_CHECK_DIR=" + std::filesystem::absolute(dir).string(),
                               "REDSEM_CHECK_SAMPLE=" + o.sample,
                               fmt::format("REDSEM_CHECK_OP_SECONDS={}", o.op_seconds),
                               "LD_PRELOAD=" + library + (preload && *preload ? ":" + std::string(preload) : "")};
  if (o.no_watch) env.push_back("REDSEM_CHECK_WATCH=0");
  if (o.thread_sync != "time") env.push_back("REDSEM_CHECK_THREAD_SYNC=" + o.thread_sync);
  return env;
}

// Runs the command, its launcher told to forward the environment, its ranks' records received
// by `listener` (or written) into `dir`; the program's status, or nullopt after a SIGINT or
// SIGTERM (`*signal` says which; the records removed).
std::optional<int> run_program(const check_options& o, const std::vector<std::string>& env, const launch_plan& plan,
                               const std::filesystem::path& dir, record_listener* listener, progress& bar, int* signal,
                               std::ostream& err) {
  const int status = run_command(with_forwarding(o.command, plan.launch, env), env, signal);
  const listener_summary received = listener ? listener->finish(*signal ? 0 : 10) : listener_summary{};
  bar.finish();
  for (const auto& note : received.notes) err << "redsem check: note: " << note << "\n";
  if (*signal == 0) return status;
  std::error_code ec;
  if (o.keep_records.empty()) std::filesystem::remove_all(dir, ec);
  return std::nullopt;
}

// --dry-run: the command as it would run, with the environment it would get, as a shell line
// on stdout. The records directory is not created: a fresh one is named by its pattern.
int show_command(const check_options& o, const std::string& library, const launch_plan& plan, std::ostream& out) {
  std::error_code ec;
  const std::filesystem::path dir = o.keep_records.empty()
                                        ? std::filesystem::temp_directory_path(ec) / "redsem_check_XXXXXX"
                                        : std::filesystem::path(o.keep_records);
  auto env = check_environment(o, library, dir);
  for (auto& e : listener_environment_shown()) env.push_back(std::move(e));
  std::vector<std::string> words{"env"};
  words.insert(words.end(), env.begin(), env.end());
  const auto command = with_forwarding(o.command, plan.launch, env);
  words.insert(words.end(), command.begin(), command.end());
  out << shell_words(words) << "\n";
  return 0;
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

// Bad input found before anything runs; empty when there is none.
std::string refusal_of_options(const check_options& o) {
  if (!o.records.empty() && !o.command.empty())
    return "--records DIR analyses kept records: it takes no command after `--`";
  if (!o.records.empty() && !std::filesystem::is_directory(o.records))
    return "--records: " + o.records + " is not a directory";
  if (!o.records.empty() && !o.keep_records.empty()) return "--records and --keep-records exclude each other";
  if (!o.records.empty() && o.dry_run) return "--dry-run shows the command a run would start: it takes no --records";
  return "";
}

// The run, after the checks before it: nullopt when there are records to report on (the
// program's status in `status`, their directory in `dir`), else the exit status.
std::optional<int> run_checked(const check_options& o, std::string& mpi, launch_plan& plan, std::filesystem::path& dir,
                               int& status, std::ostream& out, std::ostream& err) {
  std::string library, why;
  if (const auto refusal = refusal_before_run(o, mpi, library, plan, err); !refusal.empty())
    return err << "redsem check: " << refusal << "\n", int{bad_input};
  if (o.dry_run) return show_command(o, library, plan, out);
  const auto made = records_directory(o, &why);
  if (!made) return err << "redsem check: " << why << "\n", int{bad_input};
  dir = *made;
  // Records received while the program runs (none when the ranks write their files themselves).
  progress bar(err, stderr_is_terminal(), "check");
  const auto listener = start_listener(dir, bar, err);
  auto env = check_environment(o, library, dir);
  if (listener)
    for (auto& e : listener->environment()) env.push_back(std::move(e));
  if (const auto note = forwarding_note(plan.launch, env); !note.empty())
    bar.print(err, "redsem check: note: " + note + "\n");
  int signal = 0;
  try {
    const auto ran = run_program(o, env, plan, dir, listener.get(), bar, &signal, err);
    if (!ran)
      return err << "redsem check: interrupted by " << strsignal(signal) << ": the program was stopped"
                 << (o.keep_records.empty() ? ", its records removed" : "") << "\n",
             128 + signal;
    status = *ran;
  } catch (const std::exception& e) {
    bar.finish();
    return err << "redsem check: " << e.what() << "\n", int{bad_input};
  }
  return std::nullopt;
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
  err << check_header_text(check::identify_run(records), o.records.empty() ? o.sample : check::recorded_sample(records))
      << std::flush;  // before the analyses, which may take a while on many records
  check::run_report report = analyse_records(records, {o.tolerance_ulps, *semantics}, err);
  check::apply_suppressions(report, *suppressions);
  const check_run run{o.records.empty() ? shell_words(o.command) : "--records " + o.records,
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
                  "Calls checked in depth per kind and communicator: the first N, then every power-of-two index; "
                  "all: every call (default 8)")
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
