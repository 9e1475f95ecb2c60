// SPDX-License-Identifier: BSD-3-Clause
// Passive target in the records (MPI_Win_lock_all, MPI_Win_lock … flush or unlock): the calls to
// one target that may be in flight together (rma_epochs.h), by the ranks' synchronisation
// (happens_before.h) or their lifetimes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "check/analysis/happens_before.h"
#include "check/analysis/rma_epochs.h"

namespace redsem::check {

// A passive-target call and its lifetime.
struct in_flight {
  static constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();  // not completed in the record

  rma_access access;
  int target = 0;
  std::int64_t made = 0, completed = never;
  std::size_t made_index = 0;                  // its line in its rank's record
  std::optional<std::size_t> completed_index;  // the line of what completed it
  bool lifetime_known = true;                  // false when a bound cut the record before its completion
  std::string host;                            // whose clock `made` and `completed` read
  std::string exclusive;                       // the exclusive epoch it is in ("" under a shared lock or lock_all)
};

// Sets of passive-target calls to one target in flight together, at most max_passive_sets each:
// decided by synchronisation, or, when the run synchronised in ways not modelled, by lifetimes
// overlapping on one host.
void passive_sets(const rma_window& w, const std::vector<in_flight>& passive, const happens_before& order,
                  rma_epochs& out);

}  // namespace redsem::check
