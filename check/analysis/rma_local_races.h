/* SPDX-License-Identifier: BSD-3-Clause */
// The target side of an RMA race (MPI-4.1 §13.7): a rank's own load or store of its window
// memory (a `local_access` line of the runtime's watcher, docs/check_records.md) while another
// rank's RMA call on the same bytes may be in flight. Concurrent means, as in rma_epochs.h:
// in the same fence epoch (both sides counted their fences alike), or, outside fence epochs,
// the access happened between the other rank's call and the flush or unlock that completed it
// at the target, on one machine (whose clock both records share). A load races with calls that
// update the bytes (put, accumulates other than MPI_NO_OP, fetch-and-op, compare-and-swap); a
// store also with gets. Calls whose target type is not a predefined one are not paired: their
// bytes are not known here.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

namespace redsem::check {

// `records_by_rank[r]` holds world rank r's record lines in the order they were written.
// Returns one `window_access_race` finding per local access that has a concurrent conflicting
// call (the first such call).
std::vector<nlohmann::json> window_access_races(const std::vector<std::vector<nlohmann::json>>& records_by_rank);

}  // namespace redsem::check
