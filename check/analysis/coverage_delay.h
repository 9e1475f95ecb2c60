/* SPDX-License-Identifier: BSD-3-Clause */
// What delay injection did in a threaded run (check/runtime/watch_delay.h; docs/design.md, "Threads"),
// as the ranks' `start` (`delay_ms`) and `finalize` (`delay`) lines say it.
#pragma once

#include <set>
#include <string>

#include "check/analysis/coverage.h"
#include "check/analysis/records.h"

namespace redsem::check {

// Adds to `c.watched` the holds made on the ranks whose finalize line has them (by kind, what the
// schedule skipped and the budget cut), and returns the clause the threaded-run gap of `ranks`
// says about them ("" when their records say nothing of delay injection).
std::string delay_coverage(const run_records& records, const std::set<int>& ranks, coverage& c);

}  // namespace redsem::check
