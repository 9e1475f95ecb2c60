// SPDX-License-Identifier: BSD-3-Clause
// The pipes to and from the MPI helper (props/fuzz/mpi_library.h): writes that cannot block,
// reads through a buffer, and the wait for either, bounded by the helper's CPU time.
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "props/fuzz/mpi_library.h"

namespace redsem::fuzz {

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

}  // namespace redsem::fuzz
