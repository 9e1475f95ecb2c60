// SPDX-License-Identifier: BSD-3-Clause
// The run of `redsem check` (check_command.h): the records directory, the environment the
// command runs in, the command started (or, with --dry-run, shown) and its records received.
#include <fmt/format.h>
#include <stdlib.h>

#include <cstring>
#include <filesystem>

#include "tools/cli/command.h"
#include "tools/cli/output_file.h"
#include "tools/cli/progress.h"
#include "tools/commands/check_command.h"
#include "tools/commands/check_progress.h"
#include "tools/mpi/record_listener.h"

namespace redsem::tools {

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

namespace {

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
  if (o.delay_ms) env.push_back(fmt::format("REDSEM_CHECK_DELAY={}", *o.delay_ms));
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

}  // namespace

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

}  // namespace redsem::tools
