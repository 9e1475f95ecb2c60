/* SPDX-License-Identifier: BSD-3-Clause */
// Where the MPI helper programs are (`--mpi NAME|PATH`, `--mpi-helper PATH`): among the pieces of
// the MPI --mpi names (tools/mpi/mpi_installation.h: a built-in's where probe/mpi_parts.h says,
// a path's built on demand). Shared by `fuzz`, `opcheck --kernel`, `orders --kernel` and
// `simulate --kernel`, so that every command finds and refuses them alike.
#pragma once

#include <ostream>
#include <string>

namespace redsem::tools {

// The helper program for `mpi`: `mpi_helper` when given, else the one among `mpi`'s pieces. With
// another `prefix` (the surface helper), always `mpi`'s. Empty when `mpi` names no usable MPI.
std::string mpi_helper_path(const std::string& mpi, const std::string& mpi_helper,
                            const std::string& prefix = "redsem-mpi-helper-");

// Whether `mpi` names an MPI (a built-in, or a path) whose helper program is there; false after
// saying on `err`, as "redsem COMMAND: …", what is wrong (bad input, exit 2).
bool mpi_helper_usable(const std::string& command, const std::string& mpi, const std::string& mpi_helper,
                       std::ostream& err);

}  // namespace redsem::tools
