#include "props/fuzz/kernel.h"

#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <vector>

namespace redsem::fuzz {

kernel_under_test user_function_kernel(std::string name, user_function* fn, const datatype& type) {
  auto handle = std::make_shared<datatype>(type);
  const std::int64_t extent = type.extent();
  auto run = [fn, handle, extent](std::byte* in, std::byte* inout, std::int64_t count) {
    for (std::int64_t done = 0; done < count;) {
      int len = static_cast<int>(std::min<std::int64_t>(count - done, INT_MAX));
      fn(in + done * extent, inout + done * extent, &len, handle.get());
      done += len;
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

kernel_under_test isolated_kernel(kernel_under_test k, std::int64_t extent) {
  constexpr std::size_t guard = 48;
  auto run = [inner = std::move(k.run), extent](std::byte* in, std::byte* inout, std::int64_t count) {
    const auto bytes = static_cast<std::size_t>(count * extent) + 2 * guard;
    // The child's copy of inoutbuf keeps its address modulo 64, and so its alignment.
    const std::size_t shift = reinterpret_cast<std::uintptr_t>(inout - guard) % 64;
    const std::size_t mapped = bytes + shift + 64;
    void* shared = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) return inner(in, inout, count);
    auto* status_slot = static_cast<int*>(shared);
    std::byte* region = static_cast<std::byte*>(shared) + 64 + shift;
    std::memcpy(region, inout - guard, bytes);
    const pid_t child = fork();
    if (child == 0) {
      // A crash must end the child by its signal, not in a sanitizer's or debugger's handler,
      // and a child that ends any other way before answering counts as a crash too.
      for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) signal(sig, SIG_DFL);
      *status_slot = crash_status(0);
      *status_slot = inner(in, region + guard, count);
      _exit(0);
    }
    int wait_status = 0;
    int status = crash_status(0);
    if (child > 0 && waitpid(child, &wait_status, 0) == child) {
      if (WIFSIGNALED(wait_status))
        status = crash_status(WTERMSIG(wait_status));
      else
        status = *status_slot;
      std::memcpy(inout - guard, region, bytes);
    }
    munmap(shared, mapped);
    return status;
  };
  return {std::move(k.name), std::move(run)};
}

std::variant<loaded_function, load_error> load_user_function(std::string_view spec) {
  const auto colon = spec.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == spec.size())
    return load_error{"--kernel '" + std::string(spec) + "': expected LIB.so:SYMBOL"};
  const std::string path(spec.substr(0, colon)), symbol(spec.substr(colon + 1));
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
