// SPDX-License-Identifier: BSD-3-Clause
// Where the parts redsem builds for one MPI are: the fuzz helpers, the probe's tracer, the check
// library (each compiled by that MPI's wrapper). A build tree's programs find them where the build
// made them. An installed redsem finds them in <libdir>/redsem/<mpi>/, relative to its own
// executable (so a moved prefix or an unpacked .deb works): what the Debian add-on package
// redsem-<mpi> ships, so the base package needs no MPI. An installation is told from a build tree
// by its data directory (<datadir>/redsem), which every installation has and no build tree does;
// an installed redsem never falls back to a build tree's parts.
#pragma once

#include <string>
#include <string_view>

namespace redsem::probe {

// Where a build tree keeps a part: beside `redsem` (tools/: the fuzz helpers), or in the per-MPI
// build directory (mpi/<mpi>/: the tracer, the check library).
enum class built_in { tools_dir, mpi_dir };

// The path `file`, a part built for `mpi` (openmpi, mpich), has here; it may not exist.
std::string mpi_part_path(std::string_view mpi, std::string_view file, built_in where);

// Why the part at `path` (from mpi_part_path) is missing and what provides it: the Debian package
// redsem-<mpi> for an installed redsem, that MPI's compiler wrapper for a build tree.
std::string mpi_part_missing(std::string_view mpi, const std::string& path);

}  // namespace redsem::probe
