// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/check_launch.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "check/analysis/elf_file.h"
#include "tools/mpi/launcher.h"

namespace redsem::tools {
namespace {

bool is_executable_file(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
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

std::optional<launched_program> find_program(const std::vector<std::string>& command) {
  for (std::size_t i = 0; i < command.size(); ++i) {
    if (command[i].empty() || command[i][0] == '-' || names_a_launcher(command[i])) continue;
    // A launcher's option values (the 4 of -n 4, a host file) are not executable files.
    const auto path = i == 0
                          ? find_executable(command[i])
                          : (is_executable_file(command[i]) ? std::optional(command[i]) : find_executable(command[i]));
    if (!path) continue;
    // A wrapper (env, numactl, valgrind) links no MPI: the program is further on.
    if (auto needed = elf_needed_mpi(*path)) return launched_program{i, *path, *needed};
  }
  return std::nullopt;
}

std::string mpi_of_library_text(const std::string& library) {
  if (library.rfind("Open MPI", 0) == 0) return "openmpi";
  if (library.rfind("MPICH", 0) == 0) return "mpich";
  return library;
}

namespace {

// The process group of the command running, and the SIGINT or SIGTERM redsem received meanwhile.
// Atomics, not volatile sig_atomic_t: the handler runs on whichever thread the kernel picks (the
// record listener's or the progress line's as well as the waiting one), and volatile orders
// nothing between threads. Lock-free atomics may be used in a handler (C++20 [support.signal]).
std::atomic<pid_t> command_group{0};
std::atomic<int> signal_received{0};
static_assert(std::atomic<pid_t>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

void forward_signal(int sig) {
  const int saved_errno = errno;  // the interrupted thread may be about to read it (poll's EINTR)
  signal_received = sig;
  if (const pid_t group = command_group; group > 0) kill(-group, sig);
  errno = saved_errno;
}

// SIGINT and SIGTERM forwarded to the command's group while it runs.
class signal_forwarding {
 public:
  signal_forwarding() {
    struct sigaction forward {};
    forward.sa_handler = forward_signal;
    sigemptyset(&forward.sa_mask);
    sigaction(SIGINT, &forward, &old_int_);
    sigaction(SIGTERM, &forward, &old_term_);
  }
  ~signal_forwarding() {
    command_group = 0;
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  // What the child restores before exec (dispositions set to a handler are reset by exec).
  bool ignored_int() const { return old_int_.sa_handler == SIG_IGN; }
  bool ignored_term() const { return old_term_.sa_handler == SIG_IGN; }

 private:
  struct sigaction old_int_ {
  }, old_term_{};
};

// Waits for `pid`; after a forwarded signal, gives the command a grace period to stop
// (mpirun takes its ranks down), then kills what is left of its group.
int wait_for(pid_t pid) {
  int status = 0;
  for (int waited_ms = 0;;) {
    const pid_t done = waitpid(pid, &status, signal_received ? WNOHANG : 0);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) return 127;
    if (signal_received && done == 0) {
      if (waited_ms >= 10'000) kill(-pid, SIGKILL);
      usleep(50'000);
      waited_ms += 50;
    }
  }
  if (signal_received) kill(-pid, SIGKILL);  // stragglers of the group, after its leader
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

int run_command(const std::vector<std::string>& command, const std::vector<std::string>& extra_env,
                int* interrupted_by) {
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
  signal_received = 0;
  signal_forwarding forwarding;
  // The command runs in its own process group: a signal redsem forwards reaches all of it
  // (mpirun and whatever it started there), and nothing else.
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork to run " + command[0]);
  if (pid == 0) {
    setpgid(0, 0);
    if (forwarding.ignored_int()) signal(SIGINT, SIG_IGN);
    if (forwarding.ignored_term()) signal(SIGTERM, SIG_IGN);
    execvpe(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  setpgid(pid, pid);
  command_group = pid;
  if (signal_received) kill(-pid, signal_received);  // arrived between fork and here
  const int status = wait_for(pid);
  if (interrupted_by) *interrupted_by = signal_received;
  return status;
}

}  // namespace redsem::tools
