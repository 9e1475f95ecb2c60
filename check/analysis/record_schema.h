/* SPDX-License-Identifier: BSD-3-Clause */
// What a record line of each kind must hold to be believed (docs/check_records.md): the fields
// the analyses read, with their JSON types. A line that lacks one is damaged: counted and said,
// never taken for what its `ev` claims (a `{"ev":"finding"}` alone is not a finding).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace redsem::check {

// Whether `ev` is a kind this reader knows; lines of other kinds are ignored (either side may
// add some).
bool known_record_kind(const std::string& ev);

// Why `line` (a JSON object of a known kind) is not a valid record, e.g. "`finding` without
// `check` (a string)"; empty when it is valid.
std::string record_problem(const nlohmann::json& line);

}  // namespace redsem::check
