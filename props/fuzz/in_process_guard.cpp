#include "props/fuzz/in_process_guard.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace redsem::fuzz {
namespace {

using clock = std::chrono::steady_clock;

struct guard_state {
  std::atomic<bool> inside_call{false};
  std::atomic<clock::rep> call_started{0};
  std::atomic<clock::rep> limit{0};
  std::atomic<bool> ending{false};  // one report only, whoever sees the end first
  std::function<void(call_end)> report;
};

// Never destroyed: the watchdog thread still reads it while the process exits.
guard_state& state() {
  static auto* s = new guard_state;
  return *s;
}

[[noreturn]] void end_with(call_end what) {
  guard_state& s = state();
  if (!s.ending.exchange(true) && s.report) s.report(what);
  _exit(1);
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

kernel_under_test in_process_kernel(kernel_under_test k, double call_timeout, std::function<void(call_end)> report) {
  guard_state& s = state();
  s.report = std::move(report);
  s.limit = std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(call_timeout)).count();
  static std::once_flag started;
  std::call_once(started, [] {
    std::atexit(on_process_end);
    std::at_quick_exit(on_process_end);
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
