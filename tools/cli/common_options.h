/* SPDX-License-Identifier: BSD-3-Clause */
// The options most commands share, registered and read here so that their help, their names in
// the usage line and their errors are the same in every command: `--json`, `--op NAME` and
// `--type NAME` (a predefined op and datatype by their MPI names). `--policy` is in
// tools/cli/policy_option.h.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "model/datatype.h"
#include "model/op.h"

namespace redsem::tools {

// `--json` (a flag: the document on stdout) and `--json-file FILE` (the same document written to
// FILE, which also sets `json`; run_subcommand writes it). Returns the --json flag.
CLI::Option* add_json_flag(CLI::App* cmd, bool& json,
                           const std::string& help = "Print one JSON document instead of text");
// `--json-file FILE` alone, for a command whose --json is its own (check's also takes a FILE).
CLI::Option* add_json_file_option(CLI::App* cmd, bool& json);

// `what` is the command's use of the op or type; the help adds how names are spelt.
CLI::Option* add_op_option(CLI::App* cmd, std::string& name, const std::string& what);
CLI::Option* add_type_option(CLI::App* cmd, std::string& name, const std::string& what);

// The op or type `name` names; nullopt with *error set to "--op: unknown op 'X' (…)" or
// "--type: unknown type 'X' (…)" when it names none, and the nearest known name when one is near
// (tools/cli/suggest.h).
// `alternative` is what else the command's --op takes ("segscan (…)"): the message names it, and
// its first word is suggested like the MPI names.
std::optional<op_id> op_from_option(const std::string& name, std::string* error, const std::string& alternative = "");
std::optional<basic_type> type_from_option(const std::string& name, std::string* error);

}  // namespace redsem::tools
