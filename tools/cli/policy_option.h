/* SPDX-License-Identifier: BSD-3-Clause */
// `--policy key=value[,key=value…]`, the semantics policy (model/policy.h): registered and read
// the same way by every command that takes it, so its help and its errors cannot drift apart.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "model/policy.h"

namespace redsem::tools {

CLI::Option* add_policy_option(CLI::App* cmd, std::string& text);

// The policy `text` gives (the default policy when it is empty); nullopt with *error set to
// "--policy: why" when it does not parse.
std::optional<policy> policy_from_option(const std::string& text, std::string* error);

}  // namespace redsem::tools
