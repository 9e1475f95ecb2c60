// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/kernel.h"

#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <optional>
#include <sstream>
#include <vector>

#include "props/fuzz/child_wait.h"

namespace redsem::fuzz {

kernel_under_test user_function_kernel(std::string name, user_function* fn, const datatype& type) {
  auto handle = std::make_shared<datatype>(type);
  const std::int64_t extent = type.extent();
  auto run = [fn, handle, extent](std::byte* in, std::byte* inout, std::int64_t count) {
    for (std::int64_t done = 0; done < count;) {
      // The loop advances by the length it passed, whatever the function leaves in len: a
      // function that sets *len = 0 must not stall it (and is reported).
      const int asked = static_cast<int>(std::min<std::int64_t>(count - done, INT_MAX));
      int len = asked;
      fn(in + done * extent, inout + done * extent, &len, handle.get());
      if (len != asked) return changed_len_status;
      done += asked;
    }
    return 0;
  };
  return {std::move(name), std::move(run)};
}

kernel_under_test three_operand_kernel(std::string name, three_operand_function f, std::int64_t extent) {
  auto run = [f = std::move(f), extent](std::byte* in, std::byte* inout, std::int64_t count) {
    const auto bytes = static_cast<std::size_t>(count * extent);
    std::vector<std::byte> storage(bytes + 128);
    const auto base = reinterpret_cast<std::uintptr_t>(storage.data());
    const auto want = reinterpret_cast<std::uintptr_t>(inout) % 64;
    std::byte* out = storage.data() + (want + 64 - base % 64) % 64;
    const int status = f(in, inout, out, count);
    if (status == 0 && bytes != 0) std::memcpy(inout, out, bytes);
    return status;
  };
  return {std::move(name), std::move(run)};
}

namespace {

// What the isolated child tells its parent, in memory both share.
struct child_report {
  int status;
  std::uintptr_t fault_address;  // 0: no memory fault seen
};
child_report* reporting_to = nullptr;  // the child's view of it, for the fault handler

// Notes where a SIGSEGV/SIGBUS struck and returns: SA_RESETHAND has restored the default
// action, so the access faults again and ends the child by its signal, as a crash should.
void note_fault(int, siginfo_t* info, void*) {
  if (reporting_to != nullptr) reporting_to->fault_address = reinterpret_cast<std::uintptr_t>(info->si_addr);
}

// The address space a call may add to redsem's own. A kernel that allocates without end then
// fails inside its child (a crash, reported) instead of taking the machine's memory.
constexpr rlim_t call_memory_bytes = rlim_t{1} << 28;

// The child's address-space limit: redsem's present size plus call_memory_bytes, or nothing
// (0) when it cannot be read or a sanitizer's shadow mappings make the size meaningless.
rlim_t call_address_space_limit() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return 0;
#else
  long pages = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  const long page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<rlim_t>(pages) * static_cast<rlim_t>(page) + call_memory_bytes : 0;
#endif
}

// Lowers the child's limit to `limit` (never raises one already lower): setrlimit only, as the
// child of a process that may hold other threads' locks.
void cap_address_space(rlim_t limit) {
  rlimit r{};
  if (limit == 0 || getrlimit(RLIMIT_AS, &r) != 0 || (r.rlim_cur != RLIM_INFINITY && r.rlim_cur <= limit)) return;
  r.rlim_cur = limit;
  setrlimit(RLIMIT_AS, &r);
}

}  // namespace

kernel_under_test isolated_kernel(kernel_under_test k, double call_timeout) {
  void* shared = mmap(nullptr, sizeof(child_report), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) return k;  // no shared memory: the calls stay in this process
  const std::shared_ptr<child_report> report(static_cast<child_report*>(shared),
                                             [](child_report* p) { munmap(p, sizeof(child_report)); });
  auto run = [inner = std::move(k.run), call_timeout, report](std::byte* in, std::byte* inout, std::int64_t count) {
    // A child that ends any other way before answering (exit, abort) counts as a crash.
    *report = {crash_status(0), 0};
    const rlim_t memory_limit = call_address_space_limit();
    const pid_t child = fork();
    if (child == 0) {
      // A group of its own: what the kernel starts is ended with the call, and counts towards
      // its CPU time.
      setpgid(0, 0);
      cap_address_space(memory_limit);
      // A crash must end the child by its signal, not in a sanitizer's or debugger's handler.
      for (int sig : {SIGFPE, SIGILL}) signal(sig, SIG_DFL);
      reporting_to = report.get();
      struct sigaction fault {};
      fault.sa_sigaction = note_fault;
      fault.sa_flags = SA_SIGINFO | SA_RESETHAND;
      for (int sig : {SIGSEGV, SIGBUS}) sigaction(sig, &fault, nullptr);
      try {
        report->status = inner(in, inout, count);
      } catch (...) {  // nothing may unwind into the fuzzer's own code in this copy of it
        _exit(1);
      }
      _exit(0);
    }
    if (child < 0) return crash_status(0);
    setpgid(child, child);  // whichever of the two runs first
    const child_end end = wait_for_child(child, call_timeout);
    if (end.end == child_end::how::cpu_limit) return hang_status;
    if (end.end == child_end::how::wall_limit) throw slow_call(slow_text("a call of the kernel", call_timeout));
    return WIFSIGNALED(end.wait_status) ? crash_status(WTERMSIG(end.wait_status)) : report->status;
  };
  auto fault = [report]() -> std::optional<std::uintptr_t> {
    if (report->fault_address == 0) return std::nullopt;
    return report->fault_address;
  };
  return {std::move(k.name), std::move(run), std::move(fault)};
}

namespace {

// Runs the library's constructors once in a child: they may block or loop, and a load that
// does not finish there is reported instead of hanging this process in dlopen.
std::optional<load_error> load_finishes(const std::string& path, double seconds) {
  const pid_t child = fork();
  if (child < 0) return std::nullopt;  // cannot tell: load it here as before
  if (child == 0) {
    setpgid(0, 0);
    _exit(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL) != nullptr ? 0 : 1);
  }
  setpgid(child, child);
  const child_end end = wait_for_child(child, seconds);
  if (end.end == child_end::how::wall_limit) throw slow_call(slow_text("loading library '" + path + "'", seconds));
  if (end.end == child_end::how::cpu_limit) {
    std::ostringstream why;
    why << "loading library '" << path << "' used " << seconds
        << " s of CPU time without finishing (--call-timeout): a constructor of the library loops";
    return load_error{why.str()};
  }
  return std::nullopt;  // loaded, or failed: dlopen below says why
}

}  // namespace

std::variant<loaded_function, load_error> load_user_function(std::string_view spec, double load_timeout) {
  const auto colon = spec.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == spec.size())
    return load_error{"--kernel '" + std::string(spec) + "': expected LIB.so:SYMBOL"};
  const std::string path(spec.substr(0, colon)), symbol(spec.substr(colon + 1));
  if (auto hung = load_finishes(path, load_timeout)) return *hung;
  void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) {
    const char* why = dlerror();
    return load_error{"cannot load library '" + path + "': " + (why ? why : "unknown reason")};
  }
  std::shared_ptr<void> owner(lib, [](void* h) { dlclose(h); });
  dlerror();
  void* sym = dlsym(lib, symbol.c_str());
  if (sym == nullptr) {
    const char* why = dlerror();
    return load_error{"library '" + path + "' has no symbol '" + symbol + "'" + (why ? std::string(": ") + why : "")};
  }
  return loaded_function{std::string(spec), reinterpret_cast<user_function*>(sym), std::move(owner)};
}

kernel_under_test loaded_function_kernel(const loaded_function& f, const datatype& type) {
  kernel_under_test k = user_function_kernel(f.spec, f.function, type);
  k.run = [inner = std::move(k.run), library = f.library](std::byte* in, std::byte* inout, std::int64_t count) {
    return inner(in, inout, count);
  };
  return k;
}

}  // namespace redsem::fuzz
