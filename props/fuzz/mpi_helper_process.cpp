// SPDX-License-Identifier: BSD-3-Clause
// The MPI helper process (props/fuzz/mpi_library.h): started on its pipes in a process group of
// its own, stopped, and, when it dies or hangs, reaped with the reason read from its stderr.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <sstream>

#include "model/process_group.h"
#include "props/fuzz/child_wait.h"
#include "props/fuzz/mpi_library.h"

extern char** environ;

namespace redsem::fuzz {

mpi_helper::mpi_helper(std::string program, double call_timeout)
    : program_(std::move(program)), call_timeout_(call_timeout) {
  // A helper that dies while we write to it must not take this process down with SIGPIPE.
  signal(SIGPIPE, SIG_IGN);
}

mpi_helper::~mpi_helper() {
  stop();
  if (stderr_file_ >= 0) close(stderr_file_);
}

namespace {

// A pipe whose ends lie above the descriptors a helper is given (0 to answer_fd) and close on
// exec, so that no spawned program inherits them by accident.
bool high_pipe(int (&fds)[2]) {
  int low[2];
  if (pipe(low) != 0) return false;
  fds[0] = fcntl(low[0], F_DUPFD_CLOEXEC, mpi_helper::answer_fd + 1);
  fds[1] = fcntl(low[1], F_DUPFD_CLOEXEC, mpi_helper::answer_fd + 1);
  close(low[0]);
  close(low[1]);
  if (fds[0] >= 0 && fds[1] >= 0) return true;
  for (int fd : fds)
    if (fd >= 0) close(fd);
  return false;
}

}  // namespace

// The file that keeps the helper's stderr: emptied for each start, so that its first line is
// the last start's.
void mpi_helper::reset_stderr_file() {
  if (stderr_file_ < 0) {
    char name[] = "/tmp/redsem-mpi-helper-XXXXXX";
    stderr_file_ = mkostemp(name, O_CLOEXEC);
    if (stderr_file_ >= 0) unlink(name);
    if (stderr_file_ >= 0 && stderr_file_ <= answer_fd) {
      const int high = fcntl(stderr_file_, F_DUPFD_CLOEXEC, answer_fd + 1);
      close(stderr_file_);
      stderr_file_ = high;
    }
  }
  if (stderr_file_ >= 0) {
    ftruncate(stderr_file_, 0);
    lseek(stderr_file_, 0, SEEK_SET);
  }
}

int mpi_helper::spawn(int requests, int answers) {
  // Requests on stdin; answers on their own descriptor, so that what the user's function or the
  // library prints (stdout, here redsem's stderr) is never read as an answer.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, requests, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, answers, answer_fd);
  if (stderr_file_ >= 0) posix_spawn_file_actions_adddup2(&actions, stderr_file_, STDERR_FILENO);
  // A group of its own, ended with the helper: what the user's function forks goes with it.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  // Open MPI refuses to run as root unless told twice; singleton mode needs no mpirun.
  std::vector<std::string> env_strings{"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                                       "REDSEM_ANSWER_FD=" + std::to_string(answer_fd)};
  for (char** e = environ; *e != nullptr; ++e) env_strings.emplace_back(*e);
  std::vector<char*> env;
  for (auto& s : env_strings) env.push_back(s.data());
  env.push_back(nullptr);
  std::string argv0 = program_;
  char* argv[] = {argv0.data(), nullptr};
  const int rc = posix_spawn(&pid_, program_.c_str(), &actions, &attributes, argv, env.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  return rc;
}

bool mpi_helper::start() {
  ++restarts_;
  int down[2], up[2];
  if (!high_pipe(down)) return false;
  if (!high_pipe(up)) {
    close(down[0]);
    close(down[1]);
    return false;
  }
  reset_stderr_file();
  const int rc = spawn(down[0], up[1]);
  close(down[0]);
  close(up[1]);
  if (rc != 0) {
    close(down[1]);
    close(up[0]);
    pid_ = -1;
    return false;
  }
  track_group(pid_);
  to_child_ = down[1];
  from_child_ = up[0];
  received_begin_ = received_end_ = 0;
  fcntl(to_child_, F_SETFL, fcntl(to_child_, F_GETFL) | O_NONBLOCK);
  return true;
}

void mpi_helper::stop() {
  if (pid_ < 0) return;
  // One try: a helper that does not read sees the end of its input instead.
  [[maybe_unused]] const ssize_t sent = write(to_child_, "quit\n", 5);
  close(to_child_);
  close(from_child_);
  // MPI_Finalize may take a moment; a helper that never ends is killed, with its group.
  wait_for_child(pid_, call_timeout_ + startup_allowance, std::nullopt);
  pid_ = -1;
}

std::string mpi_helper::died() {
  close(to_child_);
  close(from_child_);
  int status = 0;
  waitpid(pid_, &status, 0);
  end_group(pid_);
  pid_ = -1;
  last_signal_ = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  std::string why = WIFSIGNALED(status) ? std::string("helper killed by signal ") + strsignal(WTERMSIG(status))
                                        : "helper exited with status " + std::to_string(WEXITSTATUS(status));
  // The library's own message, if it printed one: its first line.
  if (stderr_file_ >= 0) {
    char text[512] = {};
    const ssize_t n = pread(stderr_file_, text, sizeof text - 1, 0);
    std::string first(text, n > 0 ? static_cast<std::size_t>(n) : 0);
    first = first.substr(0, first.find('\n'));
    if (!first.empty()) why += ": " + first;
  }
  return why;
}

std::string mpi_helper::hang(bool starting) {
  kill(-pid_, SIGKILL);
  std::ostringstream why;
  why << "the helper used " << call_timeout_ << " s of CPU time without answering (--call-timeout"
      << (starting ? ", plus " + std::to_string(static_cast<int>(startup_allowance)) + " s to start" : "")
      << ") and was killed";
  died();
  return why.str();
}

}  // namespace redsem::fuzz
