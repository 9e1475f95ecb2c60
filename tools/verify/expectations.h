/* SPDX-License-Identifier: BSD-3-Clause */
// The catalogue's recorded expectations (tools/catalogue/expectations.json, compiled in), and
// the comparison every verify section makes against them.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace redsem::tools {

// Verdicts of one section, keyed by what was checked ("MPI_SUM MPI_FLOAT associativity").
using verdict_map = std::map<std::string, std::string>;

// The recorded verdicts of section `section_id` (empty when the section records none).
verdict_map recorded_expectations(const std::string& section_id);

// One line per difference between `actual` and the record of `section_id`, each naming the
// check, the recorded verdict and the one reached. Under `quick`, records the quick run does
// not reach are not missing (a CI-sized run checks a subset).
std::vector<std::string> compare_with_record(const std::string& section_id, const verdict_map& actual, bool quick);

// The comparison itself, against any record.
std::vector<std::string> compare_verdicts(const std::string& section_id, const verdict_map& record,
                                          const verdict_map& actual, bool quick);

}  // namespace redsem::tools
