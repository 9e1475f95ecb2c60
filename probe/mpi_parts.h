// SPDX-License-Identifier: BSD-3-Clause
// Where the parts redsem builds for one built-in MPI are: the check library, the fuzz helpers, the
// probe's tracer, redsem-mpi-version (each compiled by that MPI's wrapper, per_mpi/). A build tree's
// programs find them where the build made them (build/mpi/<mpi>/). An installed redsem finds them
// in <libdir>/redsem/<mpi>/, relative to its own executable (so a moved prefix or an unpacked .deb
// works): what the Debian add-on package redsem-<mpi> ships, so the base package needs no MPI. An
// installation is told from a build tree by its data directory (<datadir>/redsem), which every
// installation has and no build tree does; an installed redsem never falls back to a build tree's
// parts. (An MPI given by path, `--mpi PATH`, has its parts in redsem's cache instead:
// tools/mpi/mpi_installation.h.)
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace redsem::probe {

// The directory of the parts built for `mpi` (openmpi, mpich) here; it may not hold them.
std::filesystem::path mpi_parts_dir(std::string_view mpi);

// The path `file`, a part built for `mpi`, has here; it may not exist.
std::string mpi_part_path(std::string_view mpi, std::string_view file);

// Why the part at `path` (from mpi_part_path) is missing and what provides it: the Debian package
// redsem-<mpi> for an installed redsem, that MPI's compiler wrapper for a build tree.
std::string mpi_part_missing(std::string_view mpi, const std::string& path);

// This installation's data directory (<datadir>/redsem); nullopt for a build tree's redsem.
std::optional<std::filesystem::path> installed_data_dir();

}  // namespace redsem::probe
