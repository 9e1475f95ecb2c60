// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/mpi_library.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "props/fuzz/child_wait.h"
#include "model/process_group.h"

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

bool mpi_helper::write_bytes(const void* p, std::size_t n) {
  const char* c = static_cast<const char*>(p);
  while (n > 0) {
    // The pipe is non-blocking: a helper that stopped reading is a hang, not a blocked write.
    if (!ready(to_child_, POLLOUT)) return false;
    const ssize_t w = write(to_child_, c, n);
    if (w < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (w <= 0) return false;
    c += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

void mpi_helper::start_budget(double cpu_seconds) {
  hung_ = false;
  budget_.emplace(pid_, cpu_seconds);
}

bool mpi_helper::ready(int fd, short events) {
  if (hung_) return false;
  // A helper answers most calls within microseconds: ask again without sleeping for a moment
  // first, since a process that sleeps in poll() waits for the scheduler to wake it, which on
  // an idle (virtual) machine costs more than the call itself.
  const auto spin_until = std::chrono::steady_clock::now() + spin_before_sleeping;
  do {
    pollfd p{fd, events, 0};
    if (poll(&p, 1, 0) > 0) return true;
  } while (std::chrono::steady_clock::now() < spin_until);
  for (;;) {
    pollfd p{fd, events, 0};
    const int ready = poll(&p, 1, static_cast<int>(budget_->next_check().count()));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return false;
    if (ready != 0) continue;
    switch (budget_->check()) {
      case cpu_budget::state::within:
        continue;
      case cpu_budget::state::cpu_spent:
        hung_ = true;
        return false;
      case cpu_budget::state::wall_spent:
        // Blocked, or starved of CPU by other work: no verdict either way.
        kill(-pid_, SIGKILL);
        died();
        throw slow_call(slow_text("an answer of the MPI helper " + program_, budget_->cpu_seconds()));
    }
  }
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

bool mpi_helper::fill() {
  if (!ready(from_child_, POLLIN)) return false;
  const ssize_t r = read(from_child_, received_.data(), received_.size());
  if (r <= 0) return false;
  received_begin_ = 0;
  received_end_ = static_cast<std::size_t>(r);
  return true;
}

bool mpi_helper::read_bytes(std::byte* p, std::size_t n) {
  const std::size_t buffered = std::min(n, received_end_ - received_begin_);
  if (buffered != 0) std::memcpy(p, received_.data() + received_begin_, buffered);
  received_begin_ += buffered;
  p += buffered;
  n -= buffered;
  while (n > 0) {  // the rest straight into place
    if (!ready(from_child_, POLLIN)) return false;
    const ssize_t r = read(from_child_, p, n);
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

std::string mpi_helper::read_line() {
  std::string line;
  for (;;) {
    const char* begin = received_.data() + received_begin_;
    const char* end = received_.data() + received_end_;
    const char* newline = std::find(begin, end, '\n');
    line.append(begin, newline);
    received_begin_ = static_cast<std::size_t>(newline - received_.data());
    if (newline != end) {
      ++received_begin_;
      return line;
    }
    if (!fill()) return {};
  }
}

std::string mpi_helper::library_version() {
  if (pid_ < 0 && !start()) return "cannot start " + program_;
  start_budget(call_timeout_ + startup_allowance);
  if (!write_bytes("version\n", 8)) return died();
  const std::string line = read_line();
  if (line.rfind("ok ", 0) != 0) return hung_ ? hang(true) : died();
  // The helper may be any program (--mpi-helper): its length must be a number, and a sane one.
  char* end = nullptr;
  const unsigned long long length = std::strtoull(line.c_str() + 3, &end, 10);
  if (end == line.c_str() + 3 || *end != '\0' || length > max_version_length) {
    kill(pid_, SIGKILL);
    return "helper answered 'version' with '" + line.substr(0, 80) + "', not 'ok LENGTH' (at most " +
           std::to_string(max_version_length) + "): " + died();
  }
  std::vector<std::byte> text(length);
  if (!read_bytes(text.data(), text.size())) return died();
  std::string s(reinterpret_cast<const char*>(text.data()), text.size());
  s = s.substr(0, s.find_first_of(std::string("\n\0", 2)));
  for (auto& c : s)
    if (c == '\t') c = ' ';
  return s;
}

mpi_reply mpi_helper::reduce_local(std::string_view op, std::string_view type, std::int64_t count, int in_offset,
                                   int inout_offset, const std::byte* in, const std::byte* inout, std::size_t nbytes) {
  return reduce_request("reduce " + std::string(op) + " " + std::string(type) + " " + std::to_string(count) + " " +
                            std::to_string(in_offset) + " " + std::to_string(inout_offset) + " " +
                            std::to_string(nbytes) + "\n",
                        in, inout, nbytes);
}

mpi_reply mpi_helper::reduce_local(std::string_view op, const datatype& layout, std::int64_t count, int in_offset,
                                   int inout_offset, const std::byte* in, const std::byte* inout, std::size_t nbytes) {
  return reduce_request("reduce_typemap " + std::string(op) + " " + std::to_string(count) + " " +
                            std::to_string(in_offset) + " " + std::to_string(inout_offset) + " " +
                            std::to_string(nbytes) + "\n" + typemap_request(layout),
                        in, inout, nbytes);
}

mpi_reply mpi_helper::reduce_request(const std::string& request, const std::byte* in, const std::byte* inout,
                                     std::size_t nbytes) {
  mpi_reply reply;
  if (pid_ < 0) {
    // Start the helper and wait for its version first: MPI_Init gets its allowance there, and
    // the call below only the time limit of a call.
    std::string version = library_version();
    if (pid_ < 0) {
      reply.status = hung_ ? mpi_reply::kind::hung : mpi_reply::kind::crashed;
      reply.text = std::move(version);
      return reply;
    }
  }
  start_budget(call_timeout_);
  const std::string line =
      write_bytes(request.data(), request.size()) && write_bytes(in, nbytes) && write_bytes(inout, nbytes)
          ? read_line()
          : std::string();
  if (line.rfind("ok ", 0) == 0) {
    reply.bytes.resize(nbytes);
    if (read_bytes(reply.bytes.data(), nbytes)) {
      reply.status = mpi_reply::kind::ok;
      return reply;
    }
  } else if (line.rfind("error ", 0) == 0) {
    reply.status = mpi_reply::kind::error;
    reply.error_class = std::atoi(line.c_str() + 6);
    const auto space = line.find(' ', 6);
    reply.text = space == std::string::npos ? "" : line.substr(space + 1);
    return reply;
  } else if (line.rfind("unsupported ", 0) == 0) {
    reply.status = mpi_reply::kind::unsupported;
    reply.text = line.substr(12);
    return reply;
  } else if (line.rfind("fail ", 0) == 0) {  // a derived datatype the library would not build
    reply.status = mpi_reply::kind::unsupported;
    reply.text = line.substr(5);
    return reply;
  } else if (line.rfind("extent ", 0) == 0) {
    reply.status = mpi_reply::kind::extent;
    reply.text = "the library's extent is " + line.substr(7) + " bytes";
    return reply;
  }
  return lost();
}

bool mpi_helper::begin_exchange() {
  if (pid_ < 0) {
    // MPI_Init gets its allowance here, and the exchange only the time limit of a call.
    start_failure_ = library_version();
    if (pid_ < 0) return false;
  }
  start_failure_.clear();
  start_budget(call_timeout_);
  return true;
}

mpi_reply mpi_helper::lost() {
  mpi_reply reply;
  reply.status = hung_ ? mpi_reply::kind::hung : mpi_reply::kind::crashed;
  if (pid_ < 0) {
    reply.text = start_failure_;
  } else {
    reply.text = hung_ ? hang(false) : died();
    reply.signal = hung_ ? 0 : last_signal_;
  }
  return reply;
}

std::string typemap_request(const datatype& t) {
  std::string text = "typemap " + std::to_string(t.entries().size()) + " " + std::to_string(t.lb()) + " " +
                     std::to_string(t.extent()) + "\n";
  for (const auto& e : t.entries()) text += std::string(to_string(e.type)) + " " + std::to_string(e.disp) + "\n";
  return text;
}

namespace {

// `call` (the helper's reduce_local on one type) as a kernel on elements of `extent` bytes.
template <class Call>
kernel_under_test helper_reduce_kernel(const std::string& library, std::size_t extent, Call call) {
  auto run = [call, extent](std::byte* in, std::byte* inout, std::int64_t count) {
    // The helper places its buffers as ours are placed, relative to a 64-byte boundary.
    const int in_off = static_cast<int>(reinterpret_cast<std::uintptr_t>(in) % 64);
    const int inout_off = static_cast<int>(reinterpret_cast<std::uintptr_t>(inout) % 64);
    const std::size_t n = static_cast<std::size_t>(count) * extent;
    const mpi_reply r = call(count, in_off, inout_off, in, inout, n);
    if (r.status == mpi_reply::kind::ok) {
      if (n != 0) std::memcpy(inout, r.bytes.data(), n);
      return 0;
    }
    if (r.status == mpi_reply::kind::hung) return hang_status;
    return r.status == mpi_reply::kind::error ? (r.error_class == 0 ? -2 : r.error_class) : -1;
  };
  return {library + " MPI_Reduce_local", std::move(run)};
}

}  // namespace

kernel_under_test mpi_kernel(mpi_helper& helper, const std::string& library, op_id op, basic_type type) {
  return helper_reduce_kernel(library, static_cast<std::size_t>(info(type).size),
                              [&helper, op, type](std::int64_t count, int in_off, int inout_off, const std::byte* in,
                                                  const std::byte* inout, std::size_t n) {
                                return helper.reduce_local(to_string(op), to_string(type), count, in_off, inout_off,
                                                           in, inout, n);
                              });
}

kernel_under_test mpi_kernel(mpi_helper& helper, const std::string& library, op_id op, const datatype& layout) {
  return helper_reduce_kernel(library, static_cast<std::size_t>(layout.extent()),
                              [&helper, op, layout](std::int64_t count, int in_off, int inout_off, const std::byte* in,
                                                    const std::byte* inout, std::size_t n) {
                                return helper.reduce_local(to_string(op), layout, count, in_off, inout_off, in, inout,
                                                           n);
                              });
}

}  // namespace redsem::fuzz
