/* SPDX-License-Identifier: BSD-3-Clause */
// Callers as a reader knows them: `app.c:42 (main)` when the module has line information,
// else its symbol, else module+offset. One addr2line per module, for all its call sites.
#pragma once

#include <string>
#include <vector>

#include "check/analysis/finding.h"

namespace redsem::check {

// Where each recorded code address (a `caller` or an op's `function`) is, as a reader knows it;
// one addr2line per module for all of them.
std::vector<std::string> locations(const std::vector<nlohmann::json>& callers);

// Fills each finding's `location` from its `caller`.
void symbolize(std::vector<finding>& findings);

// The location without line information: "main in /path/app" or "/path/app+0x1139".
std::string unsymbolized_location(const nlohmann::json& caller);

}  // namespace redsem::check
