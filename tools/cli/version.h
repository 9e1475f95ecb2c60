/* SPDX-License-Identifier: BSD-3-Clause */
// `redsem --version`: what a bug report should quote about this build and this machine.
#pragma once

#include <string>

namespace redsem::tools {

// The version, the commit the build was configured from, the Z3 and Highway versions, the
// SIMD targets this CPU runs the kernels on, and which MPI programs the build made.
std::string version_text();

// "redsem 0.9.0, commit 1a2b3c4d5e6f": the first line's facts, for what redsem writes into files.
std::string version_line();

// "0.9.0": the release alone (SARIF's tool version).
std::string version_number();

}  // namespace redsem::tools
