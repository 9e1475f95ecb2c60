// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/in_process_guard.h"

#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace redsem::fuzz {
namespace {

using clock = std::chrono::steady_clock;

struct guard_state {
  std::atomic<bool> inside_call{false};
  std::atomic<clock::rep> call_started{0};
  std::atomic<clockid_t> call_cpu_clock{CLOCK_THREAD_CPUTIME_ID};  // the calling thread's CPU clock
  std::atomic<long long> call_started_cpu{0};                      // on it, in nanoseconds
  std::atomic<double> limit{0};                                    // CPU seconds
  std::atomic<bool> ending{false};                                 // one report only, whoever sees the end first
  std::string exited, hung, slow, crashed_before, crashed_after;   // the crash's around its signal number
  std::atomic<int> out{STDOUT_FILENO};                             // where the report goes
};

// Never destroyed: the watchdog thread still reads it while the process exits.
guard_state& state() {
  static auto* s = new guard_state;
  return *s;
}

// Only async-signal-safe calls from here on: a crash's handler runs it.
void write_all(const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = write(state().out.load(), p, n);
    if (w <= 0) return;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

[[noreturn]] void end_with(call_end what, int signal = 0) {
  guard_state& s = state();
  if (!s.ending.exchange(true)) {
    if (what == call_end::crashed) {
      write_all(s.crashed_before.data(), s.crashed_before.size());
      char digits[12];
      std::size_t n = 0;
      do digits[sizeof digits - ++n] = static_cast<char>('0' + signal % 10);
      while ((signal /= 10) > 0 && n < sizeof digits);
      write_all(digits + sizeof digits - n, n);
      write_all(s.crashed_after.data(), s.crashed_after.size());
    } else {
      const std::string& m = what == call_end::exited ? s.exited : what == call_end::hung ? s.hung : s.slow;
      write_all(m.data(), m.size());
    }
  }
  _exit(what == call_end::slow ? no_verdict_status : 1);
}

long long cpu_nanoseconds(clockid_t c) {
  timespec t{};
  clock_gettime(c, &t);
  return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

void on_crash(int signal) {
  if (state().inside_call.load()) end_with(call_end::crashed, signal);
  ::signal(signal, SIG_DFL);  // not the kernel's doing: the default action, as without the guard
  raise(signal);
}

// The crash handlers run on a stack of their own, so that a kernel that overflows its stack is
// reported too.
void install_crash_handlers() {
  static std::vector<char> stack(1 << 16);
  stack_t alternate{};
  alternate.ss_sp = stack.data();
  alternate.ss_size = stack.size();
  sigaltstack(&alternate, nullptr);
  struct sigaction crash {};
  crash.sa_handler = on_crash;
  crash.sa_flags = SA_ONSTACK;
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(sig, &crash, nullptr);
}

// Runs at exit (and quick_exit): only a call in progress is the kernel's doing.
void on_process_end() {
  if (state().inside_call.load()) end_with(call_end::exited);
}

// Looks at the call in progress a few times per limit; detached, it lives as long as the
// process, and does nothing between calls. The calling thread's CPU time decides a hang; a
// call that spends less but outlasts the wall backstop is slow (no verdict).
void watch() {
  guard_state& s = state();
  for (;;) {
    const double limit = s.limit.load();
    std::this_thread::sleep_for(std::clamp<std::chrono::duration<double>>(
        std::chrono::duration<double>(limit / 8), std::chrono::milliseconds(1), std::chrono::milliseconds(100)));
    if (!s.inside_call.load()) continue;
    const double cpu = static_cast<double>(cpu_nanoseconds(s.call_cpu_clock.load()) - s.call_started_cpu.load()) / 1e9;
    const double wall =
        std::chrono::duration<double>(clock::duration(clock::now().time_since_epoch().count() - s.call_started.load()))
            .count();
    if (!s.inside_call.load()) continue;  // the call returned while this looked
    if (cpu > limit) end_with(call_end::hung);
    if (wall > wall_backstop(limit)) end_with(call_end::slow);
  }
}

}  // namespace

kernel_under_test in_process_kernel(kernel_under_test k, double call_timeout,
                                    const std::function<std::string(call_end)>& message, int out) {
  guard_state& s = state();
  s.out = out;
  s.exited = message(call_end::exited);
  s.hung = message(call_end::hung);
  s.slow = message(call_end::slow);
  const std::string crashed = message(call_end::crashed);
  const auto at = crashed.find("{signal}");
  s.crashed_before = crashed.substr(0, at);
  s.crashed_after = at == std::string::npos ? "" : crashed.substr(at + 8);
  s.limit = call_timeout;
  static std::once_flag started;
  std::call_once(started, [] {
    std::atexit(on_process_end);
    std::at_quick_exit(on_process_end);
    install_crash_handlers();
    std::thread(watch).detach();
  });
  auto run = [inner = std::move(k.run)](std::byte* in, std::byte* inout, std::int64_t count) {
    guard_state& g = state();
    clockid_t cpu_clock = CLOCK_THREAD_CPUTIME_ID;
    pthread_getcpuclockid(pthread_self(), &cpu_clock);  // readable from the watchdog's thread
    g.call_cpu_clock = cpu_clock;
    g.call_started_cpu = cpu_nanoseconds(cpu_clock);
    g.call_started = clock::now().time_since_epoch().count();
    g.inside_call = true;
    const int status = inner(in, inout, count);
    g.inside_call = false;
    return status;
  };
  return {std::move(k.name), std::move(run)};
}

}  // namespace redsem::fuzz
