#include "props/fuzz/in_process_guard.h"

#include <signal.h>
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
  std::atomic<clock::rep> limit{0};
  std::atomic<bool> ending{false};                          // one report only, whoever sees the end first
  std::string exited, hung, crashed_before, crashed_after;  // the crash's around its signal number
};

// Never destroyed: the watchdog thread still reads it while the process exits.
guard_state& state() {
  static auto* s = new guard_state;
  return *s;
}

// Only async-signal-safe calls from here on: a crash's handler runs it.
void write_all(const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = write(STDOUT_FILENO, p, n);
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
      const std::string& m = what == call_end::exited ? s.exited : s.hung;
      write_all(m.data(), m.size());
    }
  }
  _exit(1);
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
// process, and does nothing between calls.
void watch() {
  guard_state& s = state();
  for (;;) {
    const auto limit = clock::duration(s.limit.load());
    std::this_thread::sleep_for(
        std::clamp<clock::duration>(limit / 8, std::chrono::milliseconds(1), std::chrono::milliseconds(100)));
    if (s.inside_call.load() && clock::now().time_since_epoch().count() - s.call_started.load() > limit.count())
      end_with(call_end::hung);
  }
}

}  // namespace

kernel_under_test in_process_kernel(kernel_under_test k, double call_timeout,
                                    const std::function<std::string(call_end)>& message) {
  guard_state& s = state();
  s.exited = message(call_end::exited);
  s.hung = message(call_end::hung);
  const std::string crashed = message(call_end::crashed);
  const auto at = crashed.find("{signal}");
  s.crashed_before = crashed.substr(0, at);
  s.crashed_after = at == std::string::npos ? "" : crashed.substr(at + 8);
  s.limit = std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(call_timeout)).count();
  static std::once_flag started;
  std::call_once(started, [] {
    std::atexit(on_process_end);
    std::at_quick_exit(on_process_end);
    install_crash_handlers();
    std::thread(watch).detach();
  });
  auto run = [inner = std::move(k.run)](std::byte* in, std::byte* inout, std::int64_t count) {
    guard_state& g = state();
    g.call_started = clock::now().time_since_epoch().count();
    g.inside_call = true;
    const int status = inner(in, inout, count);
    g.inside_call = false;
    return status;
  };
  return {std::move(k.name), std::move(run)};
}

}  // namespace redsem::fuzz
