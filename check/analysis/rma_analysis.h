/* SPDX-License-Identifier: BSD-3-Clause */
// The RMA epochs of a checked run, as a post-run analysis of `redsem check` (analysis.h): the
// explorer's findings on them (rma_findings.h) in the launcher's finding shape, and the epochs
// it could not analyse as notes.
#pragma once

#include <string_view>

#include "check/analysis/analysis.h"

namespace redsem::check {

analysis_outcome rma_analysis(const run_records& records, const analysis_options& options);

// Whether the RMA analysis takes lines of kind `ev`: it holds its own copy of each, which the
// reader's memory bound counts (records.h).
bool rma_analysis_takes(std::string_view ev);

}  // namespace redsem::check
