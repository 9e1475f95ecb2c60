// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/search_transport_loader.h"

#include <dlfcn.h>

#include <cstring>

#include "tools/mpi/mpi_installation.h"

namespace redsem::tools {
namespace {

// The address of `name` in `library`, cast to the pointer `into` holds; false when it is missing.
template <typename Function>
bool bind(void* library, const char* name, Function*& into) {
  void* address = dlsym(library, name);
  into = reinterpret_cast<Function*>(address);
  return address != nullptr;
}

std::string last_dl_error() {
  const char* text = dlerror();
  return text != nullptr ? text : "no reason given";
}

}  // namespace

std::string search_mpi_argument(int argc, char** argv, const std::string& fallback) {
  std::string mpi = fallback;
  for (int i = 1; i < argc && argv[i][0] == '-'; ++i) {
    if (std::strcmp(argv[i], "--mpi") == 0 && i + 1 < argc)
      mpi = argv[++i];
    else if (std::strncmp(argv[i], "--mpi=", 6) == 0)
      mpi = argv[i] + 6;
  }
  return mpi;
}

std::optional<search_transport> load_search_transport(const std::string& mpi, std::ostream& progress,
                                                      std::string* why) {
  const mpi_installation* found = resolved_mpi(mpi, progress, why);
  if (found == nullptr) return std::nullopt;
  const std::string path = found->search_library().string();
  // RTLD_GLOBAL: the library's MPI loads components of its own (Open MPI's MCA plugins) that
  // expect its symbols in the global scope, as in a program linked with it.
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (library == nullptr)
    return *why = "--mpi '" + mpi + "': cannot load " + path + ": " + last_dl_error(), std::nullopt;
  search_transport t{};
  if (!bind(library, "redsem_search_init", t.init) ||
      !bind(library, "redsem_search_allgather_lengths", t.allgather_lengths) ||
      !bind(library, "redsem_search_allgatherv", t.allgatherv) ||
      !bind(library, "redsem_search_alltoall_lengths", t.alltoall_lengths) ||
      !bind(library, "redsem_search_exchange", t.exchange) || !bind(library, "redsem_search_abort", t.abort) ||
      !bind(library, "redsem_search_finalize", t.finalize))
    return *why = "--mpi '" + mpi + "': " + path + " lacks a call redsem-mpi needs: " + last_dl_error(), std::nullopt;
  return t;  // loaded for the life of the process
}

}  // namespace redsem::tools
