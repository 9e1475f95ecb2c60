/* SPDX-License-Identifier: BSD-3-Clause */
// The MPI an MPI-facing command runs (`--mpi NAME|PATH`): a built-in one (openmpi, mpich: built
// with redsem), or an installation given by its C compiler wrapper or its prefix, whose pieces
// redsem builds on demand into its cache (tools/mpi/mpi_cache.h). Either way the same pieces,
// built by the one recipe of per_mpi/: the check library, the helpers, the tracer, redsem-mpi's calls.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace redsem::tools {

struct mpi_installation {
  std::string name;           // as --mpi named it: "openmpi", "mpich", or the path
  std::string family;         // what its programs link, "openmpi", "mpich" or the library's own name
  std::filesystem::path dir;  // where its pieces are
  std::string wrapper;        // its C compiler wrapper; empty for a built-in
  bool built_in = false;

  std::filesystem::path check_library() const { return dir / ("libredsem_check_" + family + ".so"); }
  std::filesystem::path helper() const { return dir / ("redsem-mpi-helper-" + family); }
  std::filesystem::path surface_helper() const { return dir / ("redsem-mpi-surface-helper-" + family); }
  std::filesystem::path tracer() const { return dir / "redsem_probe_tracer"; }
  // redsem-mpi's calls into this MPI (tools/mpi/search_transport.h).
  std::filesystem::path search_library() const { return dir / ("libredsem_search_" + family + ".so"); }
  // The launcher beside the wrapper (mpiexec, else mpirun); empty for a built-in or when none is there.
  std::string launcher() const;
};

// The names of the built-in MPIs this redsem has pieces for.
std::vector<std::string> built_in_mpis();

// Where a built-in's pieces are (probe/mpi_parts.h: <libdir>/redsem/<name>/ of an installed
// redsem, else the build tree's); nullopt when they are not there (an MPI the build did not find,
// or whose add-on package is not installed).
std::optional<std::filesystem::path> built_in_dir(const std::string& name);

// The MPI `arg` names, its pieces built first when they are not in the cache or are stale
// (saying so on `progress`). nullopt with `*why`, "--mpi 'ARG': …", when there is none (bad
// input, exit 2): an unknown name, no such file, a compiler that fails (its message).
std::optional<mpi_installation> find_mpi(const std::string& arg, std::ostream& progress, std::string* why);
// The same, saying why not on `err` as "redsem COMMAND: …".
std::optional<mpi_installation> find_mpi(const std::string& command, const std::string& arg, std::ostream& err);

// find_mpi once per process for each `arg`: the same installation (or the same `*why`) every time.
const mpi_installation* resolved_mpi(const std::string& arg, std::ostream& progress, std::string* why);

// The family of the MPI `arg` names (resolved_mpi's, for a path): what its programs link.
std::string mpi_family(const std::string& arg);

// Whether `arg` is a name the commands accept for --mpi without looking at files: a built-in's
// name, or a path (it holds a slash).
bool mpi_argument_form_ok(const std::string& arg);

// What the per-MPI recipe's probes found for the pieces in `dir` (its features.txt): "name value"
// pairs, in the file's order; empty when there is no such file.
std::vector<std::pair<std::string, std::string>> mpi_features(const std::filesystem::path& dir);

}  // namespace redsem::tools
