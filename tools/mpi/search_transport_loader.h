// SPDX-License-Identifier: BSD-3-Clause
// redsem-mpi's MPI, loaded at run time: the calls of tools/mpi/search_transport.h from the
// libredsem_search_<family>.so of the MPI --mpi names (a built-in's, or one built into the cache
// for a path, by the same resolution as every `redsem` command: tools/mpi/mpi_installation.h).
#pragma once

#include <optional>
#include <ostream>
#include <string>

namespace redsem::tools {

struct search_transport {
  int (*init)(int* argc, char*** argv, int* rank, int* size);
  int (*allgather_lengths)(long long mine, long long* all);
  int (*allgatherv)(const char* mine, int count, char* all, const int* counts, const int* displacements);
  int (*alltoall_lengths)(const long long* to, long long* from);
  int (*exchange)(const char* const* to, const int* to_counts, char* const* from, const int* from_counts);
  void (*abort)(int code);
  int (*finalize)();
};

// The value of redsem-mpi's own `--mpi NAME|PATH` among the options before the command word
// (`redsem-mpi --mpi /opt/ompi5/bin/mpicc orders …`; a command's own --mpi, after it, is that
// command's), else `fallback`. Read before MPI_Init, which needs the library it names.
std::string search_mpi_argument(int argc, char** argv, const std::string& fallback);

// The MPI `mpi` names, resolved (and built into the cache, saying so on `progress`) as `redsem`
// resolves --mpi, and its search library loaded; nullopt with `*why` ("--mpi 'ARG': …") when
// there is none or it does not load.
std::optional<search_transport> load_search_transport(const std::string& mpi, std::ostream& progress, std::string* why);

}  // namespace redsem::tools
