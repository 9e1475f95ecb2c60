/* SPDX-License-Identifier: BSD-3-Clause */
// The target side of an RMA race (MPI-4.1 §13.7): a rank's own load or store of its window
// memory (a `local_access` line of the runtime's watcher, docs/check_records.md) while another
// rank's RMA call on the same bytes may be in flight. Concurrent means, as in rma_epochs.h:
// in the same fence epoch (both sides counted their fences alike), or, in passive target (a
// call in a lock epoch) and PSCW (an access in this rank's exposure epoch, a call in an access
// epoch), the access happened between the other rank's call and the flush, unlock or complete
// that completed it at the target, on one machine (whose clock both records share); an access before the target's
// fence on the window precedes a call its origin made after its matching fence (rma_fence_order.h). A load races with
// calls that update the bytes (put, accumulates other than MPI_NO_OP, fetch-and-op, compare-and-swap); a store also
// with gets. Calls whose target type is not a predefined one are not paired: their bytes are not known here.
//
// Shared-memory windows (MPI_Win_allocate_shared): a rank's direct load or store into another
// rank's segment (through the pointer MPI_Win_shared_query gave it, or by address; a local_access line with
// `segment_rank`) counts as an access to that rank's window memory, and is paired both with RMA
// calls targeting that rank, as above, and with the other ranks' direct accesses to the same bytes
// of the segment (shared_memory_race, rma_shared_races.h).
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

namespace redsem::check {

// `records_by_rank[r]` holds world rank r's record lines in the order they were written.
// Returns one `window_access_race` finding per local access that has a concurrent conflicting
// call (the first such call) that no fetch the reads-from order could not follow may order, then one
// `rma_not_analysed` object per rank, window, other rank and fetching rank for the accesses that only
// such a fetch may order (reads_from::unfollowed_fetch), then one `shared_memory_race` per pair of unsynchronised
// direct accesses (each access in at most one), then one `rma_not_analysed` object per rank, window and other rank's
// call that was concurrent and conflicting with bytes the rank left open to its own accesses (`watch_open` lines: those
// accesses were not seen one by one, so nothing is decided there).
std::vector<nlohmann::json> window_access_races(const std::vector<std::vector<nlohmann::json>>& records_by_rank);

}  // namespace redsem::check
