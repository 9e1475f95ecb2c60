// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/launcher.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "tools/mpi/check_launch.h"
#include "tools/mpi/hydra_forwarding.h"

namespace redsem::tools {
namespace {

using words = std::vector<std::string>;

// The name of an environment entry "NAME=value".
std::string name_of(const std::string& entry) { return entry.substr(0, entry.find('=')); }

// Open MPI's mpirun carries a variable of its own environment to every rank, on every node,
// with `-x NAME`. (Its other way, OMPI_MCA_mca_base_env_list, is one variable the user may
// have set already, which would have to be merged, and does not show in the command.)
words open_mpi_forwarding(const words& command, std::size_t at, std::size_t, const words& environment) {
  words out(command.begin(), command.begin() + static_cast<std::ptrdiff_t>(at) + 1);
  for (const auto& e : environment) out.insert(out.end(), {"-x", name_of(e)});
  out.insert(out.end(), command.begin() + static_cast<std::ptrdiff_t>(at) + 1, command.end());
  return out;
}

// srun exports what --export names (else $SLURM_EXPORT_ENV, else ALL). The names are added to
// the user's own list, never in its place: `--export=NONE` stays NONE plus the check's
// variables. A bare NAME exports its value in srun's environment, so no value's comma can
// split the list.
words srun_forwarding(const words& command, std::size_t at, std::size_t end, const words& environment) {
  std::string names;
  for (const auto& e : environment) names += "," + name_of(e);
  words out(command);
  for (std::size_t i = at + 1; i < end; ++i) {
    if (out[i].starts_with("--export=")) return out[i] += names, out;
    if (out[i] == "--export" && i + 1 < end) return out[i + 1] += names, out;
  }
  const char* site = std::getenv("SLURM_EXPORT_ENV");
  out.insert(out.begin() + static_cast<std::ptrdiff_t>(at) + 1,
             "--export=" + std::string(site && *site ? site : "ALL") + names);
  return out;
}

// The one table of launchers: how each is named and how it forwards the environment.
struct launcher_traits {
  launcher_kind kind;
  std::string_view description, mpi;
  std::string_view debian_name;           // the name Debian gives it, to suggest
  std::array<std::string_view, 4> names;  // file names that are this launcher
  std::array<std::string_view, 3> says;   // what its `--version` says
  words (*forward)(const words& command, std::size_t at, std::size_t end, const words& environment);
};

constexpr std::array<launcher_traits, 3> launchers{{
    {launcher_kind::open_mpi,
     "Open MPI's launcher",
     "openmpi",
     "mpirun.openmpi",
     {"orterun", "prterun", "mpirun.openmpi", "mpiexec.openmpi"},
     {"(Open MPI)", "(OpenRTE)", "(PRRTE)"},
     open_mpi_forwarding},
    {launcher_kind::hydra,
     "MPICH's hydra launcher",
     "mpich",
     "mpiexec.mpich",
     {"mpiexec.hydra", "mpiexec.mpich", "mpirun.mpich"},
     {"HYDRA build details"},
     hydra_forwarding},
    {launcher_kind::srun, "Slurm's srun", "", "srun", {"srun"}, {"slurm "}, srun_forwarding},
}};

std::string_view mpi_display_name(std::string_view mpi) { return mpi == "openmpi" ? "Open MPI" : "MPICH"; }

const launcher_traits* traits_of(launcher_kind kind) {
  for (const auto& t : launchers)
    if (t.kind == kind) return &t;
  return nullptr;
}

launcher_kind kind_named(const std::string& file_name) {
  for (const auto& t : launchers)
    if (!file_name.empty() && std::find(t.names.begin(), t.names.end(), file_name) != t.names.end()) return t.kind;
  return launcher_kind::unknown;
}

// Commands that run the next word (after their own options) and start no ranks.
bool is_wrapper(const std::string& file_name) {
  static constexpr std::array<std::string_view, 15> wrappers{"env",     "time",    "nice",    "ionice",   "chrt",
                                                             "taskset", "numactl", "stdbuf",  "nohup",    "setsid",
                                                             "strace",  "ltrace",  "timeout", "valgrind", "perf"};
  return std::find(wrappers.begin(), wrappers.end(), file_name) != wrappers.end();
}

// The first 64 KiB `path --version` writes (stdout and stderr), its stdin empty.
std::string version_text(const std::string& path) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return "";
  const pid_t pid = fork();
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, 0);
    dup2(pipe_fds[1], 1);
    dup2(pipe_fds[1], 2);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execl(path.c_str(), path.c_str(), "--version", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(pipe_fds[1]);
  std::string text;
  char buffer[4096];
  for (ssize_t n; pid > 0 && (n = read(pipe_fds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    if (text.size() < (std::size_t{64} << 10)) text.append(buffer, static_cast<std::size_t>(n));
  }
  close(pipe_fds[0]);
  int status = 0;
  if (pid > 0)
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  return text;
}

// mpirun and mpiexec are either MPI's: what `--version` says tells which.
launcher_kind kind_by_version(const std::string& path) {
  const std::string text = version_text(path);
  for (const auto& t : launchers)
    for (const auto said : t.says)
      if (!said.empty() && text.find(said) != std::string::npos) return t.kind;
  return launcher_kind::unknown;
}

launcher_kind kind_of(const std::string& word, const std::string& resolved) {
  const std::string name = std::filesystem::path(word).filename().string();
  if (const auto kind = kind_named(name); kind != launcher_kind::unknown) return kind;
  if (const auto kind = kind_named(std::filesystem::path(resolved).filename().string()); kind != launcher_kind::unknown)
    return kind;
  if (name.starts_with("mpirun") || name.starts_with("mpiexec")) return kind_by_version(resolved);
  return launcher_kind::unknown;
}

}  // namespace

bool names_a_launcher(const std::string& word) {
  const std::string name = std::filesystem::path(word).filename().string();
  return kind_named(name) != launcher_kind::unknown || name.starts_with("mpirun") || name.starts_with("mpiexec");
}

launcher recognise_launcher(const words& command, std::optional<std::size_t> program_at) {
  const std::size_t end = std::min(program_at.value_or(command.size()), command.size());
  for (std::size_t i = 0; i < end; ++i) {
    const std::string& word = command[i];
    if (word.empty() || word[0] == '-' || (i > 0 && word.find('=') != std::string::npos)) continue;
    const auto path = find_executable(word);
    if (!path) continue;  // an option's value (the 10 of nice -n 10)
    if (is_wrapper(std::filesystem::path(word).filename().string())) continue;
    std::error_code ec;
    const auto resolved = std::filesystem::canonical(*path, ec);
    const std::string file = ec ? *path : resolved.string();
    return {kind_of(word, file), i, end, word, file};
  }
  return {launcher_kind::none, end, end, "", ""};
}

std::size_t one_process_jobs(const check::run_records& records) {
  std::set<std::int64_t> pids;
  std::size_t without_pid = 0;
  for (const auto& r : records.ranks)
    for (const auto& line : r.lines) {
      if (line.value("ev", "") != "start" || line.value("size", 0) != 1) continue;
      const auto pid = line.find("pid");
      if (pid != line.end() && pid->is_number_integer())
        pids.insert(pid->get<std::int64_t>());
      else
        ++without_pid;
    }
  const std::size_t jobs = pids.size() + without_pid;
  return jobs > 1 ? jobs : 0;
}

std::string launcher_mismatch(const launcher& l, const std::string& program, const std::string& mpi,
                              const std::string& evidence) {
  const auto* t = traits_of(l.kind);
  if (!t || t->mpi.empty() || t->mpi == mpi || (mpi != "openmpi" && mpi != "mpich")) return "";
  const auto* own = std::find_if(launchers.begin(), launchers.end(), [&](const auto& x) { return x.mpi == mpi; });
  return fmt::format(
      "{} is {} ({}) but {} is built with {} ({}): each of its ranks would run as a separate one-process job; "
      "start it with {}'s launcher ({}), or rebuild it with mpicc.{}",
      l.word, t->description, l.resolved, program, mpi_display_name(mpi), evidence, mpi_display_name(mpi),
      own->debian_name, t->mpi);
}

std::string forwarding_note(const launcher& l, const words& environment) {
  if (l.kind != launcher_kind::unknown) return "";
  std::string listed;
  for (const auto& e : environment) listed += "\n  " + e;
  return fmt::format(
      "{} is not a launcher redsem knows (Open MPI's mpirun, MPICH's mpiexec, Slurm's srun): it is run as it is, "
      "and ranks it starts on other nodes are checked only if it forwards these variables to them:{}",
      l.word, listed);
}

words with_forwarding(const words& command, const launcher& l, const words& environment) {
  const auto* t = traits_of(l.kind);
  return t ? t->forward(command, l.at, l.end, environment) : command;
}

}  // namespace redsem::tools
