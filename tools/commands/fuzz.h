// SPDX-License-Identifier: BSD-3-Clause
// `redsem fuzz` (tools/commands/fuzz_command.cpp): its options, and its two campaigns, of a
// real MPI library's MPI_Reduce_local (fuzz_mpi.cpp) and of a kernel with the
// MPI_User_function ABI (fuzz_kernel.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "model/policy.h"
#include "props/fuzz/kernel.h"

namespace redsem::tools {

struct fuzz_request {
  std::string kernel;
  std::string op_file;
  std::string mpi;
  std::string mpi_helper;
  std::string datatype;
  std::string setup;
  std::string through;
  std::string op;
  std::string type;
  std::string policy_text;
  std::optional<std::int64_t> cases;
  std::uint64_t seed = 1;
  std::optional<std::int64_t> max_length;
  double call_timeout = fuzz::default_call_timeout;
  bool aligned = false;
  bool in_process = false;
  bool noncanonical_bools = false;
  bool json = false;
  std::string json_file;  // --json-file's FILE (run_subcommand writes the document; --in-process's end needs it)
  bool surface = false;
  std::string layouts;  // empty: not given (all, with --mpi alone)
};

// --mpi alone: every (op, type) of the library's MPI_Reduce_local, or its argument surface
// (--surface). Returns the exit status (0 every case passed, 1 a finding, 2 bad input).
int run_fuzz_mpi(const fuzz_request& o, const policy& semantics, std::ostream& out, std::ostream& err);

// --kernel: the function against the model of --op/--type or --op-file, called in a forked
// child, in this process (--in-process) or in an MPI's helper (--mpi). Same exit statuses.
int run_fuzz_kernel(const fuzz_request& o, const policy& semantics, std::ostream& out, std::ostream& err);

}  // namespace redsem::tools
