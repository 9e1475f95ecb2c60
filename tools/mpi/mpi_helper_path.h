/* SPDX-License-Identifier: BSD-3-Clause */
// Where the MPI helper programs are (`--mpi openmpi|mpich`, `--mpi-helper PATH`): built next to
// redsem for each MPI whose mpicc is installed, installed with that MPI's parts (probe/mpi_parts.h). Shared by `fuzz`,
// `opcheck --kernel`, `orders
// --kernel` and `simulate --kernel`, so that every command finds and refuses them alike.
#pragma once

#include <ostream>
#include <string>

namespace redsem::tools {

// The helper program for `mpi`: `mpi_helper` when given, else redsem-mpi-helper-MPI where this
// redsem's parts for `mpi` are. With another `prefix` (the surface helper), always there.
std::string mpi_helper_path(const std::string& mpi, const std::string& mpi_helper,
                            const std::string& prefix = "redsem-mpi-helper-");

// Whether `mpi` names a library (openmpi, mpich) whose helper program is there; false after
// saying on `err`, as "redsem COMMAND: …", what is wrong (bad input, exit 2).
bool mpi_helper_usable(const std::string& command, const std::string& mpi, const std::string& mpi_helper,
                       std::ostream& err);

}  // namespace redsem::tools
