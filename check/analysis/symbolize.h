/* SPDX-License-Identifier: BSD-3-Clause */
// Callers as a reader knows them: `app.c:42 (main)` when the module has line information (with
// the frames it was inlined into: `energy_sum.h:14 (energy_sum) inlined into main at app.c:30`),
// else its symbol, else module+offset. Each module's DWARF is read once (dwarf_lines.h).
#pragma once

#include <string>
#include <vector>

#include "check/analysis/finding.h"

namespace redsem::check {

// Where each recorded code address (a `caller` or an op's `function`) is, as a reader knows it;
// each module read once for all of them.
std::vector<std::string> locations(const std::vector<nlohmann::json>& callers);

// Fills each finding's `location` from its `caller`. The first finding in a module without line
// information also says to rebuild that module with -g (once per module, not per finding).
void symbolize(std::vector<finding>& findings);

// The location without line information: "main in /path/app" or "/path/app+0x1139".
std::string unsymbolized_location(const nlohmann::json& caller);

}  // namespace redsem::check
