/* SPDX-License-Identifier: BSD-3-Clause */
// Runs a program and keeps what it writes: the compiler wrapper's `-show`, the cache's build
// (cmake), the library identity program. For redsem's own short jobs, not for the user's program
// (tools/mpi/check_launch.h runs that).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace redsem::tools {

struct captured {
  int status = 127;    // the exit status, 128 + the signal that ended it, 127 when it could not start
  std::string output;  // stdout and stderr interleaved, at most `limit` bytes (the rest read and dropped)
};

// Runs `argv` (argv[0] a path or a name along $PATH) with stdin from /dev/null and `extra_env`
// ("NAME=value") added to this environment; waits for it.
captured run_capture(const std::vector<std::string>& argv, const std::vector<std::string>& extra_env = {},
                     std::size_t limit = std::size_t{1} << 20);

}  // namespace redsem::tools
