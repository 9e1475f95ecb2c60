// SPDX-License-Identifier: BSD-3-Clause
#include "model/process_group.h"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <mutex>

namespace redsem {
namespace {

// Slots a signal handler can read: 0 is free. More live groups than slots are not remembered
// (each is still ended by end_group); a run holds one or two.
std::array<std::atomic<pid_t>, 64> live_groups{};
// The process that started them: a forked child of it (an isolated kernel call that calls
// exit) inherits the list, but the groups are not its to end.
std::atomic<pid_t> owner{0};

void kill_live_groups() {
  if (owner.load() != getpid()) return;
  for (auto& g : live_groups)
    if (const pid_t pgid = g.load(); pgid > 0) kill(-pgid, SIGKILL);
}

void on_fatal_signal(int sig) {
  kill_live_groups();
  signal(sig, SIG_DFL);
  raise(sig);
}

// Once: the exit hook, and the handlers of the signals that end redsem (but not a signal its
// starter set to be ignored, as nohup does).
void install_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    owner = getpid();
    std::atexit(kill_live_groups);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;
      struct sigaction act {};
      act.sa_handler = on_fatal_signal;
      sigemptyset(&act.sa_mask);
      sigaction(sig, &act, nullptr);
    }
  });
}

}  // namespace

void track_group(pid_t pgid) {
  if (pgid <= 0) return;
  install_handlers();
  for (auto& g : live_groups) {
    pid_t free = 0;
    if (g.compare_exchange_strong(free, pgid)) return;
  }
}

void end_group(pid_t pgid) {
  if (pgid <= 0) return;
  kill(-pgid, SIGKILL);
  for (auto& g : live_groups) {
    pid_t mine = pgid;
    g.compare_exchange_strong(mine, 0);
  }
}

}  // namespace redsem
