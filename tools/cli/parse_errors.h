/* SPDX-License-Identifier: BSD-3-Clause */
// How `redsem` and `redsem-mpi` answer a command line they cannot parse: one message on stderr,
// "PROGRAM CMD: what (see 'PROGRAM CMD --help')", naming the nearest known word when a command
// or an option is mistyped, and exit 2 (bad input). --help and --version print on stdout, exit 0.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <ostream>
#include <string>

namespace redsem::tools {

// When argv[1] is a word that names no subcommand of `app`: the exit code after saying so
// ("redsem: 'verfy' is not a command; did you mean 'verify'?"). CLI11 alone would only say
// that a subcommand is required.
std::optional<int> reject_unknown_command(const CLI::App& app, const std::string& program, int argc, char** argv,
                                          std::ostream& err);

// The exit code for `e`, thrown by app.parse, after printing its message (or the help or
// version text it asks for).
int report_parse_error(const CLI::App& app, const std::string& program, const CLI::ParseError& e, std::ostream& out,
                       std::ostream& err);

}  // namespace redsem::tools
