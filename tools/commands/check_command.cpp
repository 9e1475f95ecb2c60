// `redsem check [options] -- mpirun -n 4 ./app args`: runs an unmodified MPI program with the
// check library preloaded into every rank (check/runtime, docs/check_records.md), then reads
// what each rank recorded, runs the post-run analyses and reports, merged over ranks.
// Exit 1 when there are findings, the program's own status otherwise, 2 on bad input.
#include <fmt/format.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "check/analysis/run_report.h"
#include "tools/cli/bounded_number.h"
#include "tools/cli/command.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/output_file.h"
#include "tools/cli/policy_option.h"
#include "tools/mpi/check_launch.h"
#include "tools/render/check_render.h"

namespace redsem::tools {
namespace {

struct check_options {
  std::string mpi, json, html, keep_records, policy_text;
  std::string sample = "8";  // the runtime's default, said explicitly so the report can name it
  bool no_watch = false;     // REDSEM_CHECK_WATCH=0: no page protection (docs/design.md)
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
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir)) {
      *why =
          fmt::format("--keep-records: cannot create the directory {}{}", dir.string(), ec ? ": " + ec.message() : "");
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

// Bad input found before the program runs; empty when there is none.
std::string refusal_before_run(const check_options& o, std::string& mpi, std::string& library) {
  if (o.command.empty()) return "no command after `--` (redsem check [options] -- mpirun -n 4 ./app args)";
  if (!find_executable(o.command[0])) return "command not found: " + o.command[0];
  mpi = !o.mpi.empty() ? o.mpi : program_mpi(o.command).value_or("openmpi");
  if (mpi != "openmpi" && mpi != "mpich") return "--mpi '" + mpi + "': expected openmpi or mpich";
  const auto path = check_library_path(mpi);
  if (!path)
    return fmt::format(
        "no check library for {} (libredsem_check_{}.so is built when mpicc.{} and mpirun.{} are installed)", mpi, mpi,
        mpi, mpi);
  // The dynamic loader splits LD_PRELOAD at spaces and colons.
  if (path->find_first_of(" :") != std::string::npos)
    return "the check library's path " + *path + " holds a space or a colon, which LD_PRELOAD cannot carry";
  library = *path;
  if (!o.json.empty())
    if (const auto problem = unwritable_file(o.json)) return "--json: " + *problem;
  if (!o.html.empty())
    if (const auto problem = unwritable_file_in(o.html, "index.html")) return "--html: " + *problem;
  return "";
}

// Bad input the records reveal; empty when the run was checked.
std::string refusal_after_run(const check::run_records& records, const std::string& mpi, const check_options& o,
                              int status) {
  if (!records.wrong_mpi.empty()) {
    const std::string library = records.wrong_mpi.front().value("library", "");
    return fmt::format(
        "the program runs {} ({}) but the check library preloaded was built for {}: run redsem check "
        "--mpi {} (its library is built when that MPI is installed)",
        mpi_of_library_text(library), library, mpi, mpi_of_library_text(library));
  }
  const bool started =
      std::any_of(records.ranks.begin(), records.ranks.end(), [](const auto& r) { return r.start.has_value(); });
  if (!started)
    return fmt::format(
        "no process of `{}` called MPI_Init with the {} check library preloaded (it exited with "
        "status {}): not an MPI program, or not built with {}'s mpicc?",
        shell_words(o.command), mpi, status, mpi);
  return "";
}

int run_check(const check_options& o, std::ostream& err) {
  std::string why;
  const auto semantics = policy_from_option(o.policy_text, &why);
  if (!semantics) return err << "redsem check: " << why << "\n", int{bad_input};
  std::string mpi, library;
  if (const auto refusal = refusal_before_run(o, mpi, library); !refusal.empty())
    return err << "redsem check: " << refusal << "\n", int{bad_input};
  const auto dir = records_directory(o, &why);
  if (!dir) return err << "redsem check: " << why << "\n", int{bad_input};
  const char* preload = std::getenv("LD_PRELOAD");
  std::vector<std::string> env{"REDSEM_CHECK_DIR=" + std::filesystem::absolute(*dir).string(),
                               "REDSEM_CHECK_SAMPLE=" + o.sample,
                               "LD_PRELOAD=" + library + (preload && *preload ? ":" + std::string(preload) : "")};
  if (o.no_watch) env.push_back("REDSEM_CHECK_WATCH=0");
  int status = 0;
  try {
    status = run_command(o.command, env);
  } catch (const std::exception& e) {
    return err << "redsem check: " << e.what() << "\n", int{bad_input};
  }
  const check::run_records records = check::read_run_records(*dir);
  std::error_code ec;
  if (o.keep_records.empty()) std::filesystem::remove_all(*dir, ec);
  if (const auto refusal = refusal_after_run(records, mpi, o, status); !refusal.empty())
    return err << "redsem check: " << refusal << "\n", int{bad_input};
  const check::run_report report = check::analyse_run(records, {o.tolerance_ulps, *semantics});
  const check_run run{shell_words(o.command), mpi, o.sample, o.tolerance_ulps, to_string(*semantics), status};
  err << check_text(report, run);
  if (!o.json.empty()) {
    std::ofstream file(o.json, std::ios::binary | std::ios::trunc);
    file << json_text(check_json(report, run)) << "\n";
    if (!file) return err << "redsem check: --json: cannot write " << o.json << "\n", int{bad_input};
  }
  if (!o.html.empty()) {
    try {
      err << "check: report in " << write_check_html(o.html, report, run).string() << "\n";
    } catch (const std::exception& e) {
      return err << "redsem check: --html: " << e.what() << "\n", int{bad_input};
    }
  }
  if (!o.keep_records.empty()) err << "check: records kept in " << o.keep_records << "\n";
  return report.findings.empty() ? status : int{mismatch};
}

}  // namespace

command add_check_command(CLI::App& app) {
  auto o = std::make_shared<check_options>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Run an MPI program with its reductions checked: redsem check [options] -- mpirun -n 4 ./app args");
  cmd->add_option("--mpi", o->mpi,
                  "The MPI the program was built with: openmpi or mpich (default: the one its executable links, "
                  "else openmpi)");
  cmd->add_option("--json", o->json, "Write the report as one JSON document to FILE")->type_name("FILE");
  cmd->add_option("--html", o->html, "Write the report as DIR/index.html")->type_name("DIR");
  cmd->add_option("--sample", o->sample,
                  "Calls checked in depth per kind and communicator: the first N, then every power-of-two index; "
                  "all: every call (default 8)")
      ->type_name("N|all");
  add_whole_option(cmd, "--tolerance", o->tolerance_ulps, {},
                   "Float results of legal orders further apart than this many ulps are reported (default 0)")
      ->type_name("ULPS");
  add_policy_option(cmd, o->policy_text);
  cmd->add_option("--keep-records", o->keep_records, "Keep each rank's records in DIR (new or empty)")
      ->type_name("DIR");
  cmd->add_flag("--no-watch", o->no_watch,
                "Do not watch the program's loads and stores of pending RMA buffers and window memory");
  cmd->add_option("command", o->command, "The command that starts the program, after --: mpirun -n 4 ./app args");
  cmd->callback([o] {
    if (o->sample == "all") return;
    std::string why;
    if (!parse_whole_number("--sample", o->sample, {0, UINT32_MAX}, &why)) throw CLI::ValidationError(why);
    o->sample = std::to_string(*parse_whole_number("--sample", o->sample, {0, UINT32_MAX}, &why));
  });
  return {cmd, [o](std::ostream&, std::ostream& err) { return run_check(*o, err); }};
}

}  // namespace redsem::tools
