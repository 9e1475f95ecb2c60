// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/child_wait.h"

#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

#include "model/process_group.h"

namespace redsem::fuzz {
namespace {

using clock = std::chrono::steady_clock;

// The process group and the CPU ticks (utime, stime, cutime, cstime) of /proc/PID/stat.
bool read_stat(const char* pid, pid_t* pgrp, unsigned long long* ticks) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%s/stat", pid);
  FILE* f = std::fopen(path, "r");
  if (f == nullptr) return false;
  char text[1024];
  const std::size_t n = std::fread(text, 1, sizeof text - 1, f);
  std::fclose(f);
  text[n] = '\0';
  // The command name, in parentheses, may hold spaces: the fields follow its last ')'.
  const char* after = std::strrchr(text, ')');
  if (after == nullptr) return false;
  long long group = 0;
  unsigned long long utime = 0, stime = 0;
  long long cutime = 0, cstime = 0;
  if (std::sscanf(after + 1, " %*c %*d %lld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %lld %lld", &group, &utime,
                  &stime, &cutime, &cstime) != 5)
    return false;
  *pgrp = static_cast<pid_t>(group);
  *ticks = utime + stime + static_cast<unsigned long long>(std::max(0LL, cutime) + std::max(0LL, cstime));
  return true;
}

std::chrono::milliseconds to_ms(double seconds) {
  return std::chrono::milliseconds(static_cast<long long>(std::max(0.0, seconds) * 1000));
}

// Whether child `pid` ended within `wait`: a pidfd becomes readable when it does, so the wait
// costs no polling; without pidfd_open (Linux before 5.3), short sleeps between checks.
bool ended_within(pid_t pid, std::chrono::milliseconds wait, int* wait_status) {
  const auto deadline = clock::now() + wait;
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

// Seconds the threads of process `pid` spent runnable but waiting for a CPU that the machine gave
// to others (the second field of /proc/PID/task/*/schedstat; 0 where the kernel keeps none).
double waiting_seconds(const char* pid) {
  char path[320];
  std::snprintf(path, sizeof path, "/proc/%s/task", pid);
  DIR* tasks = opendir(path);
  if (tasks == nullptr) return 0;
  unsigned long long nanoseconds = 0;
  while (const dirent* task = readdir(tasks)) {
    if (task->d_name[0] < '0' || task->d_name[0] > '9') continue;
    char file[640];
    std::snprintf(file, sizeof file, "/proc/%s/task/%s/schedstat", pid, task->d_name);
    if (FILE* f = std::fopen(file, "r")) {
      unsigned long long running = 0, waiting = 0;
      if (std::fscanf(f, "%llu %llu", &running, &waiting) == 2) nanoseconds += waiting;
      std::fclose(f);
    }
  }
  closedir(tasks);
  return static_cast<double>(nanoseconds) / 1e9;
}

// What the processes of a group have used: CPU seconds (user and system, with those of children
// already reaped), and seconds spent waiting for a CPU.
struct group_usage {
  double cpu = 0, waiting = 0;
};

group_usage usage_of(pid_t pgid) {
  static const double ticks_per_second = static_cast<double>(sysconf(_SC_CLK_TCK));
  unsigned long long ticks_total = 0;
  group_usage u;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return u;
  while (const dirent* entry = readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    pid_t group = 0;
    unsigned long long ticks = 0;
    if (!read_stat(entry->d_name, &group, &ticks) || group != pgid) continue;
    ticks_total += ticks;
    u.waiting += waiting_seconds(entry->d_name);
  }
  closedir(proc);
  u.cpu = static_cast<double>(ticks_total) / ticks_per_second;
  return u;
}

}  // namespace

double wall_backstop(double cpu_seconds) { return std::max(wall_backstop_factor * cpu_seconds, min_wall_backstop); }

std::string slow_text(const std::string& what, double cpu_seconds) {
  std::ostringstream text;
  text << "slow: " << what << " did not finish within " << wall_backstop(cpu_seconds)
       << " s of wall time (not counting the time it waited for a CPU), nor use its " << cpu_seconds
       << " s of CPU time (--call-timeout): it is blocked, or the machine is loaded; no verdict";
  return text.str();
}

cpu_budget::cpu_budget(pid_t pgid, double cpu_seconds, std::optional<double> cpu_before)
    : pgid_(pgid),
      cpu_(cpu_seconds),
      wall_(wall_backstop(cpu_seconds)),
      cpu_at_start_(cpu_before),
      waiting_at_start_(cpu_before ? std::optional<double>(0.0) : std::nullopt),
      start_(clock::now()) {}

cpu_budget::state cpu_budget::check() {
  const group_usage now = usage_of(pgid_);
  if (!cpu_at_start_) cpu_at_start_ = now.cpu;
  if (!waiting_at_start_) waiting_at_start_ = now.waiting;
  if (now.cpu - *cpu_at_start_ >= cpu_) return state::cpu_spent;
  // The backstop counts the time the group could have run: a spinning call the load keeps off
  // the CPUs reaches its CPU limit, however long that takes; a blocked one reaches the backstop.
  const double elapsed = std::chrono::duration<double>(clock::now() - start_).count();
  if (elapsed - (now.waiting - *waiting_at_start_) >= wall_) return state::wall_spent;
  return state::within;
}

std::chrono::milliseconds cpu_budget::next_check() const {
  // Often enough that a spinning call is stopped soon after its limit, rarely enough that the
  // /proc scans cost nothing next to the call; never past the wall backstop.
  const double wall_left = wall_ - std::chrono::duration<double>(clock::now() - start_).count();
  return std::clamp(to_ms(std::min(cpu_ / 8, wall_left)), std::chrono::milliseconds(1), std::chrono::milliseconds(250));
}

child_end wait_for_child(pid_t pid, double cpu_seconds, std::optional<double> cpu_before) {
  cpu_budget budget(pid, cpu_seconds, cpu_before);
  track_group(pid);
  child_end end;
  for (;;) {
    if (ended_within(pid, budget.next_check(), &end.wait_status)) break;
    const auto state = budget.check();
    if (state == cpu_budget::state::within) continue;
    end.end = state == cpu_budget::state::cpu_spent ? child_end::how::cpu_limit : child_end::how::wall_limit;
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);  // a child not (yet) in its group
    while (waitpid(pid, &end.wait_status, 0) < 0 && errno == EINTR) {
    }
    break;
  }
  end_group(pid);
  return end;
}

}  // namespace redsem::fuzz
