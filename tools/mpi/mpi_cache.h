/* SPDX-License-Identifier: BSD-3-Clause */
// The per-user cache of what redsem builds for an MPI given by path (`--mpi /opt/ompi5/bin/mpicc`):
// one entry per compiler wrapper, $XDG_CACHE_HOME/redsem/mpi/<key>, built once by the per-MPI
// recipe (per_mpi/) and rebuilt when the installation changed. docs/design.md, "What is built per
// MPI", says why each part of the identity is there.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace redsem::tools {

// What an entry was built from; an entry whose identity differs from the installation's now is stale.
struct wrapper_identity {
  std::string wrapper;  // the wrapper, symbolic links followed
  std::string show;     // what it says it runs (`-show`, or Open MPI's `-showme`)
  std::string libmpi;   // the MPI library that command links: its path, size and modification time
  std::string sources;  // the per-MPI sources this redsem builds from: how many, and the newest's time
  std::string text() const;
};

// The wrapper `arg` names: the file itself, or bin/mpicc under the prefix `arg`; nullopt with `*why`.
std::optional<std::string> wrapper_of(const std::string& arg, std::string* why);

// The identity of the installation `wrapper` builds for; nullopt with `*why` when it does not say
// what it runs.
std::optional<wrapper_identity> identify_wrapper(const std::string& wrapper, std::string* why);

// The cache's directory, made when missing (private to the user); nullopt with `*why` when there
// is none (no absolute XDG_CACHE_HOME or HOME), or it or a directory above it can be written by
// another user (who could put a library there that every checked program would load).
std::optional<std::filesystem::path> mpi_cache_dir(std::string* why);

// The entry for `id` in `cache`: as it is when it was built from the same identity and its library
// still says the same MPI_Get_library_version, else built (again) by the recipe, saying so on
// `progress`. Safe against concurrent runs (a lock file; the build goes to a temporary directory,
// renamed into place). nullopt with `*why`, the compiler's message, when the build fails.
std::optional<std::filesystem::path> cached_build(const wrapper_identity& id, const std::filesystem::path& cache,
                                                  std::ostream& progress, std::string* why);

// The entries in `cache`, each with the wrapper it was built for.
struct cache_entry {
  std::filesystem::path dir;
  std::string wrapper, family;
};
std::vector<cache_entry> cache_entries(const std::filesystem::path& cache);

// The family ("openmpi", "mpich", else the library's name as a file-name word) of a library
// whose MPI_Get_library_version text is `library`.
std::string family_of_library_text(const std::string& library);

}  // namespace redsem::tools
