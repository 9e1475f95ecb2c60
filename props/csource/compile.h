/* SPDX-License-Identifier: BSD-3-Clause */
// The front end of `opcheck --source`: Debian's clang compiles the user's C file to textual
// LLVM IR with the flags the proof is about (-O1, no vectorisers, -g for source lines, the
// user's own flags and include paths, mpi.h from the chosen MPI), and a two-line file of our
// own to the IR constant of the datatype handle, as that MPI's mpi.h defines it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace redsem::csource {

// The flags every proof is about, before the user's own; said in the report.
inline constexpr const char* fixed_flags = "-O1 -fno-vectorize -fno-slp-vectorize -g";

struct compile_request {
  std::string file;                // FILE.c
  std::vector<std::string> flags;  // the user's own: -I, -D, -ffast-math, …
  std::string mpi = "openmpi";     // whose mpi.h: openmpi, mpich
  std::string handle;              // a predefined datatype's name (MPI_INT), or "" for a derived type
};

struct compiled {
  std::string ir;         // the user's file
  std::string handle_ir;  // defines redsem_handle(), returning the handle
  std::string command;    // the clang command line, for the report
};

// The two IR texts, or nullopt and *why (clang's own message when it rejects the file).
std::optional<compiled> compile_to_ir(const compile_request& r, std::string* why);

}  // namespace redsem::csource
