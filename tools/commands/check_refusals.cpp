// SPDX-License-Identifier: BSD-3-Clause
// The bad input `redsem check` refuses (check_command.h): in its options, before the program
// runs (the command, the MPI, the launcher, the output files), and in the records it left.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "tools/cli/output_file.h"
#include "tools/commands/check_command.h"
#include "tools/mpi/mpi_installation.h"

namespace redsem::tools {
namespace {

// A launcher of one MPI cannot start a program of the other as one job: the MPI the program
// links (else --mpi) against the launcher's.
std::string launcher_refusal(const check_options& o, const launch_plan& plan, const std::string& mpi) {
  if (plan.program)
    return launcher_mismatch(plan.launch, o.command[plan.program->at], plan.program->needed.mpi,
                             plan.program->needed.library);
  return launcher_mismatch(plan.launch, "the program", mpi, "--mpi " + o.mpi);
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

}  // namespace

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

}  // namespace redsem::tools
