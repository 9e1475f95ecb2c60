/* SPDX-License-Identifier: BSD-3-Clause */
// Waiting for code the fuzzer runs in another process (a kernel call, a library's constructors,
// an MPI helper's answer) with a time limit: the one place that decides that such code hangs.
// What decides is CPU time, which the machine's load does not stretch: code that computes past
// its limit is hung. Code that is blocked uses no CPU; it gets a much longer wall-clock backstop,
// which does not count the time the code was runnable but waiting for a CPU (the kernel's run
// delay: a spinning call that the load keeps off the CPUs still reaches its CPU limit), and a
// backstop that expires is no verdict (slow_call), since slowness may be the machine's.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>

namespace redsem::fuzz {

// The wall-clock backstop of a CPU limit.
constexpr double wall_backstop_factor = 10, min_wall_backstop = 5;
double wall_backstop(double cpu_seconds);

// A wall-clock backstop that expired: the run stops with no verdict, exit status
// no_verdict_status (neither a finding, 1, nor bad input, 2).
struct slow_call : std::runtime_error {
  using std::runtime_error::runtime_error;
};
constexpr int no_verdict_status = 3;
// "slow: … did not finish within N s of wall time …; no verdict", `what` naming the code.
std::string slow_text(const std::string& what, double cpu_seconds);

// A budget for group `pgid` from now: `cpu_seconds` of its CPU, wall_backstop of wall time.
// `cpu_before` is the group's CPU now when known (a fresh child's: 0); otherwise it is read at
// the first check, not now, so that the calls that answer at once cost no scan of /proc.
class cpu_budget {
 public:
  cpu_budget(pid_t pgid, double cpu_seconds, std::optional<double> cpu_before = std::nullopt);
  enum class state { within, cpu_spent, wall_spent };
  state check();  // reads /proc: call it between waits, not in a tight loop
  // How long the next wait may sleep before the budget is worth checking again.
  std::chrono::milliseconds next_check() const;
  double cpu_seconds() const { return cpu_; }

 private:
  pid_t pgid_;
  double cpu_, wall_;
  std::optional<double> cpu_at_start_;
  std::optional<double> waiting_at_start_;  // seconds the group waited for a CPU (0: a fresh child)
  std::chrono::steady_clock::time_point start_;
};

struct child_end {
  enum class how { ended, cpu_limit, wall_limit } end = how::ended;
  int wait_status = 0;  // waitpid's status when it ended
};

// Waits for child `pid`, the leader of its own process group, within `cpu_seconds` of the
// group's CPU (and the wall backstop); on either limit the group is killed and `pid` reaped.
// Whatever is left of the group afterwards (what the child started) is killed too.
// `cpu_before` as for cpu_budget: a child forked for the wait has used none.
child_end wait_for_child(pid_t pid, double cpu_seconds, std::optional<double> cpu_before = 0.0);

}  // namespace redsem::fuzz
