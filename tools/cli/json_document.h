/* SPDX-License-Identifier: BSD-3-Clause */
// One JSON convention for every command: `--json` prints one document on stdout instead of
// text, `--json-file FILE` writes that document to FILE (run_subcommand does, for every command
// that takes --json), and every document says which schema version it follows and which command
// made it. The schemas are docs/schemas/*.schema.json.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

namespace redsem::tools {

// Raised when a document's shape changes in a way a reader of the old one would misread.
inline constexpr int json_schema_version = 1;

// `body` (an object) with `schema_version` and `command` set.
nlohmann::json json_document(std::string_view command, nlohmann::json body);

}  // namespace redsem::tools
