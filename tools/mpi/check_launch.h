/* SPDX-License-Identifier: BSD-3-Clause */
// How `redsem check` starts a program: which MPI it links, where the check library built for
// that MPI is, and running the command with the library preloaded into every rank.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace redsem::tools {

// The path of `name` as execvp would find it (a name with a slash as it is, else along $PATH);
// nullopt when there is no executable file there.
std::optional<std::string> find_executable(const std::string& name);

// The MPI ("openmpi", "mpich") an ELF file's DT_NEEDED names, with the library it names
// ("libmpi.so.40"); nullopt when it names neither (or is no ELF file).
struct needed_mpi {
  std::string mpi, library;
};
std::optional<needed_mpi> elf_needed_mpi(const std::string& path);

// The program a command starts: the first executable file among its words that names an MPI
// library (past a launcher such as mpirun, whose option values are no executable files, and
// wrappers such as env or valgrind, which name none). nullopt when no word does.
struct launched_program {
  std::size_t at = 0;  // its word in the command
  std::string path;    // the file
  needed_mpi needed;
};
std::optional<launched_program> find_program(const std::vector<std::string>& command);

// "openmpi" or "mpich" for a `library` text as MPI_Get_library_version starts it; the text otherwise.
std::string mpi_of_library_text(const std::string& library);

// Runs `command` (no shell, in its own process group) with `extra_env` ("NAME=value") added to this environment,
// sharing this process's stdin, stdout and stderr, and waits. A SIGINT or SIGTERM this process receives meanwhile is
// forwarded to the command's group, which is killed when it has not ended 10 s later; the
// signal is then stored in `*interrupted_by` (0 otherwise). Returns the command's exit status,
// or 128 + the signal that ended it. Throws std::runtime_error when it cannot be started.
int run_command(const std::vector<std::string>& command, const std::vector<std::string>& extra_env,
                int* interrupted_by = nullptr);

}  // namespace redsem::tools
