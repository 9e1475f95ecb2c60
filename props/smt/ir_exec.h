/* SPDX-License-Identifier: BSD-3-Clause */
// Symbolic execution of one MPI_User_function in clang's IR: every path through the
// function for a concrete *len, its branches forked on the solver terms they test, loops
// unrolled by running them (their trip count is concrete, being *len). A path that meets a
// construct outside the model (inline assembly, a call to an unknown function, an access
// outside the buffers, …) ends there and is reported with the construct and its source line;
// it is never dropped.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "props/csource/ir.h"
#include "props/smt/ir_value.h"

namespace redsem::smt::cexec {

// Where a path ended: normally (its inoutvec), or at a construct outside the model.
struct path_end {
  z3::expr condition;  // the inputs that take this path
  region inoutvec;
};
struct path_stop {
  z3::expr condition;
  std::string what;
  int line = 0;
};

struct run_result {
  std::vector<path_end> ends;
  std::vector<path_stop> stops;
  std::vector<int> fast_math_lines;  // float operations with fast-math flags on the paths run
  std::string too_many_paths;        // non-empty: the exploration stopped (and why)
};

struct run_limits {
  std::size_t max_paths = 4096;
  std::uint64_t max_steps = 200000;  // instructions on one path
  // What MPI_Type_size and MPI_Type_get_extent answer for the handle in *datatype.
  std::int64_t type_size = 0, type_extent = 0;
};

// Runs `f` of module `m` with invec and inoutvec holding the given regions (name, size and
// initial cells set by the caller), *len = len and *datatype = handle (a constant of the
// handle type, from a module of its own: its globals are matched by name).
run_result run_function(z3::context& c, const csource::ir_module& m, const csource::ir_function& f, region invec,
                        region inoutvec, std::int64_t len, const csource::ir_value& handle,
                        const run_limits& limits = {});

}  // namespace redsem::smt::cexec
