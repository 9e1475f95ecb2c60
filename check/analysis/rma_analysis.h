/* SPDX-License-Identifier: BSD-3-Clause */
// The RMA epochs of a checked run, as a post-run analysis of `redsem check` (analysis.h): the
// explorer's findings on them (rma_findings.h) in the launcher's finding shape, and the epochs
// it could not analyse as notes.
#pragma once

#include "check/analysis/analysis.h"

namespace redsem::check {

analysis_outcome rma_analysis(const run_records& records, const analysis_options& options);

}  // namespace redsem::check
