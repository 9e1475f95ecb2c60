// SPDX-License-Identifier: BSD-3-Clause
// The names of the files a checked run writes into its records directory (docs/check_records.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace redsem::check {

// The <n> of "<prefix><n>.jsonl" ("rank-3.jsonl", "wrong-mpi-0.jsonl"), nullopt for other names.
std::optional<long long> numbered_record_file(const std::string& name, std::string_view prefix);

}  // namespace redsem::check
