#include "props/fuzz/child_wait.h"

#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <thread>

namespace redsem::fuzz {
namespace {

using clock = std::chrono::steady_clock;

// Whether the child ended before `deadline`: a pidfd becomes readable when it does, so the
// wait costs no polling; without pidfd_open (Linux before 5.3), short sleeps between checks.
bool ended_before(pid_t pid, clock::time_point deadline, int* wait_status) {
#ifdef SYS_pidfd_open
  const int fd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (fd >= 0) {
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
      pollfd p{fd, POLLIN, 0};
      const int ready = poll(&p, 1, static_cast<int>(std::clamp<long long>(left, 0, 1 << 30)));
      if (ready > 0 || left <= 0) break;
      if (ready < 0 && errno != EINTR) break;
    }
    close(fd);
    return waitpid(pid, wait_status, WNOHANG) == pid;
  }
#endif
  auto nap = std::chrono::microseconds(20);
  while (waitpid(pid, wait_status, WNOHANG) == 0) {
    if (clock::now() >= deadline) return false;
    std::this_thread::sleep_for(nap);
    nap = std::min(nap * 2, std::chrono::microseconds(5000));
  }
  return true;
}

}  // namespace

child_end wait_for_child(pid_t pid, double seconds) {
  const auto deadline =
      clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(seconds));
  child_end end;
  if (ended_before(pid, deadline, &end.wait_status)) return end;
  kill(pid, SIGKILL);
  while (waitpid(pid, &end.wait_status, 0) < 0 && errno == EINTR) {
  }
  end.timed_out = true;
  return end;
}

}  // namespace redsem::fuzz
