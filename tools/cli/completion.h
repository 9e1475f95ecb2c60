/* SPDX-License-Identifier: BSD-3-Clause */
// `redsem completion bash`: a bash completion script generated from the command line's own
// tables (CLI11's App tree), so a new command or option completes without a list to keep in step.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace redsem::tools {

// The script for `program`: a command word after the program, then that command's options;
// any other word (a file, a value) falls back to bash's file names. Hidden commands (those
// without a help group) are left out.
std::string bash_completion(const CLI::App& app, const std::string& program);

}  // namespace redsem::tools
