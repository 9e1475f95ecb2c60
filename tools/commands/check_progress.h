/* SPDX-License-Identifier: BSD-3-Clause */
// What `redsem check` shows on a terminal while it works (tools/cli/progress.h): the records the
// ranks send while the program runs, then the steps of the post-run analysis.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>

#include "check/analysis/run_report.h"
#include "tools/cli/progress.h"
#include "tools/mpi/record_listener.h"

namespace redsem::tools {

// The listener the ranks stream their records to (record_listener.h), each record counted on
// `bar` (which must outlive it); null, with a note, when this host cannot listen: the ranks then
// write their files into `dir`, which only ranks on this node (or a file system shared with it)
// can reach.
std::unique_ptr<record_listener> start_listener(const std::filesystem::path& dir, progress& bar, std::ostream& err);

// The post-run analyses (check::analyse_run), their steps shown on a terminal.
check::run_report analyse_records(const check::run_records& records, const check::analysis_options& options,
                                  std::ostream& err);

}  // namespace redsem::tools
