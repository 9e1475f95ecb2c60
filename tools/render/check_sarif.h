/* SPDX-License-Identifier: BSD-3-Clause */
// `redsem check --sarif FILE`: the findings in SARIF 2.1.0 (OASIS Static Analysis Results
// Interchange Format), which code-scanning services and editors read: one result per finding,
// its ruleId the check's name, its level from the severity, its location the caller's file and
// line when known, its message the finding's. The rules (the checks seen) carry the MPI rule
// each breaks. docs/schemas/sarif-2.1.0-subset.schema.json is what the tests hold it to.
#pragma once

#include <nlohmann/json.hpp>

#include "check/analysis/run_report.h"
#include "tools/render/check_render.h"

namespace redsem::tools {

nlohmann::json check_sarif(const check::run_report& report, const check_run& run);

}  // namespace redsem::tools
