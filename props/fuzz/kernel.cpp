#include "props/fuzz/kernel.h"

#include <dlfcn.h>

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
