#include "tools/mpi/check_launch.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "check/analysis/elf_file.h"

namespace redsem::tools {
namespace {

bool is_executable_file(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

// The launchers whose command names the program among its later words.
bool is_launcher(const std::string& word) {
  const std::string name = std::filesystem::path(word).filename().string();
  for (const char* l : {"mpirun", "mpiexec", "orterun", "srun", "prun"})
    if (name.rfind(l, 0) == 0) return true;
  return false;
}

}  // namespace

std::optional<needed_mpi> elf_needed_mpi(const std::string& path) {
  const auto elf = check::read_elf(path);
  if (!elf) return std::nullopt;
  for (const auto& lib : elf->needed) {
    if (lib.rfind("libmpi.so", 0) == 0) return needed_mpi{"openmpi", lib};
    if (lib.rfind("libmpich.so", 0) == 0) return needed_mpi{"mpich", lib};
  }
  return std::nullopt;
}

std::optional<std::string> find_executable(const std::string& name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos) return is_executable_file(name) ? std::optional(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t at = 0; at <= dirs.size();) {
    const std::size_t colon = std::min(dirs.find(':', at), dirs.size());
    const std::string dir = dirs.substr(at, colon - at);
    const auto candidate = std::filesystem::path(dir.empty() ? "." : dir) / name;
    if (is_executable_file(candidate)) return candidate.string();
    at = colon + 1;
  }
  return std::nullopt;
}

std::optional<std::string> program_mpi(const std::vector<std::string>& command) {
  if (command.empty()) return std::nullopt;
  const std::size_t first = is_launcher(command[0]) ? 1 : 0;
  for (std::size_t i = first; i < command.size(); ++i) {
    if (command[i].empty() || command[i][0] == '-') continue;
    // A launcher's option values (the 4 of -n 4, a host file) are not executable files.
    const auto path = i == 0
                          ? find_executable(command[i])
                          : (is_executable_file(command[i]) ? std::optional(command[i]) : find_executable(command[i]));
    if (!path) continue;
    // A wrapper (env, numactl, valgrind) links no MPI: the program is further on.
    if (auto needed = elf_needed_mpi(*path)) return needed->mpi;
  }
  return std::nullopt;
}

std::string mpi_of_library_text(const std::string& library) {
  if (library.rfind("Open MPI", 0) == 0) return "openmpi";
  if (library.rfind("MPICH", 0) == 0) return "mpich";
  return library;
}

std::optional<std::string> check_library_path(const std::string& mpi) {
  if (mpi != "openmpi" && mpi != "mpich") return std::nullopt;
  const std::string file = "libredsem_check_" + mpi + ".so";
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = self.parent_path() / REDSEM_LIBEXEC_FROM_BIN / "redsem" / mpi / file;
    if (std::filesystem::exists(installed, ec)) return installed.lexically_normal().string();
  }
  const auto built = std::filesystem::path(REDSEM_MPI_BUILD_DIR) / mpi / file;
  if (std::filesystem::exists(built, ec)) return built.string();
  return std::nullopt;
}

int run_command(const std::vector<std::string>& command, const std::vector<std::string>& extra_env) {
  // Built before fork: the child only calls async-signal-safe functions.
  std::vector<std::string> env_text(extra_env);
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& x : extra_env) replaced = replaced || x.substr(0, x.find('=')) == name;
    if (!replaced) env_text.push_back(entry);
  }
  std::vector<char*> argv, envp;
  for (const auto& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  for (const auto& e : env_text) envp.push_back(const_cast<char*>(e.c_str()));
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  // A Ctrl-C reaches the program (same process group); redsem waits and still reports.
  struct sigaction ignore {
  }, old_int{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, &old_int);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork to run " + command[0]);
  if (pid == 0) {
    sigaction(SIGINT, &old_int, nullptr);
    execvpe(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  sigaction(SIGINT, &old_int, nullptr);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace redsem::tools
