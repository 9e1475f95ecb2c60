/* SPDX-License-Identifier: BSD-3-Clause */
// The RMA records of a run (docs/check_records.md, "RMA") cut into what the explorer can take:
// sets of calls to one target's window that may all be in flight at once.
//
// Fence epochs: every call a rank makes between its k-th and (k+1)-th MPI_Win_fence, outside a
// lock, is in fence epoch k with the other ranks' (fences are collective, MPI-4.1 §13.5.1).
// Passive-target epochs (MPI_Win_lock_all, shared MPI_Win_lock): a call is in flight from when
// it was made until the flush or unlock that completes it at the target returned. The calls
// in flight at one instant of the run are concurrent: no synchronisation can order two calls
// whose lifetimes overlap (on one machine, whose clock its ranks share: calls of ranks on
// different machines are not paired, their clocks may differ). Calls that merely could have
// overlapped in another run (a barrier this run kept apart) are not paired, so nothing is
// claimed that the run does not show.
//
// Exclusive locks: the calls of one exclusive epoch (MPI_Win_lock(MPI_LOCK_EXCLUSIVE) … unlock)
// are paired only with each other, as their lifetimes overlap: the lock keeps every other
// epoch on that target wholly before or after it (MPI-4.1 §13.5.3).
// PSCW: an origin's j-th access epoch (MPI_Win_start … MPI_Win_complete) naming target T
// matches T's j-th exposure epoch (MPI_Win_post … MPI_Win_wait/test) naming the origin
// (MPI-4.1 §13.5.2); the calls of every access epoch matching one exposure epoch are concurrent.
// Request-based calls: MPI_Rget's completion (MPI_Wait/MPI_Test…, `rma_request_done`) means its
// data has been read, so it ends its lifetime at the target; the other request-based calls'
// completion is local only (MPI-4.1 §13.3.5), they stay in flight until a flush or unlock.
// Dynamic windows: the regions each rank attached (rma_attach lines) are kept with its part of
// the window; the scenario maps the calls onto them (rma_attached.h).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "check/analysis/rma_attached.h"

namespace redsem::check {

// One rank's window, as its rma_win line gives it.
struct rma_window_part {
  int world_rank = -1;
  int local_id = -1;  // the window's id in this rank's record
  std::string host;   // its machine: times of different machines are not compared
  std::int64_t bytes = 0;
  std::int64_t disp_unit = 1;
  std::map<std::string, std::string> info;  // accumulate_ordering, accumulate_ops, as the rank passed them
  std::vector<attached_region> attached;    // a dynamic window's: every region the rank attached
};

struct rma_window {
  int key = 0;  // this analysis's name for it (rma_epochs::windows)
  int id = 0;   // its id in the record of window rank 0: what reports show
  int group_size = 0;
  bool dynamic = false;
  std::map<int, rma_window_part> parts;  // by rank in the window's group
};

// One rma_call line and where it sits.
struct rma_access {
  int world_rank = -1;
  int win_rank = -1;  // the origin, in the window's group
  const nlohmann::json* line = nullptr;
};

// Calls to one target that may all be in flight at once, each rank's in its program order.
// How the calls of a set were synchronised: what the scenario's synchronisation lines say.
enum class rma_sync_mode {
  fence,      // one fence epoch
  shared,     // passive target: lock_all or shared locks
  exclusive,  // one origin's exclusive lock on the target
  pscw,       // access epochs matching one exposure epoch of the target
};

struct rma_access_set {
  int window = 0;  // rma_window::key
  int win = 0;     // rma_window::id
  int target = 0;  // in the window's group
  rma_sync_mode mode = rma_sync_mode::fence;
  std::string epoch;  // "fence epoch 2", "passive target, calls in flight together"…
  std::vector<rma_access> accesses;
};

// Calls set aside: the record of an `rma_not_analysed` object. What it means (window, epoch,
// target, reason) is the same for every instance of one cause, so that the report merges them
// (coverage_note.h); which rank, epoch number or call it was is `instance`.
struct rma_unanalysed {
  int win = 0;
  std::string epoch;
  std::optional<int> target;
  std::string reason;
  std::string instance{};            // "rank 2", "rank 0's epoch 3" ("": none to tell apart)
  std::optional<rma_access> call{};  // a call set aside on its own
};

struct rma_epochs {
  std::map<int, rma_window> windows;  // by key
  std::vector<rma_access_set> sets;
  std::vector<rma_unanalysed> unanalysed;
};

// At most this many passive-target sets per window and target: beyond, the rest is set aside.
inline constexpr std::size_t max_passive_sets = 32;
// At most this many passive-target calls per window, target and epoch kind are set (the first by
// when they were made): the pairs are decided into one bit per pair, so memory is its square.
inline constexpr std::size_t max_passive_calls = 16384;

// Sorts a set's calls by origin (window rank), each origin's in program order.
void order_by_origin(std::vector<rma_access>& accesses);

// `records_by_rank[r]` is world rank r's lines in the order they were written.
rma_epochs rma_epochs_of(const std::vector<std::vector<nlohmann::json>>& records_by_rank);

// (world rank, window id in its record) -> (window key, window rank): how the epochs name each
// rank's part of a window.
using window_names = std::map<std::pair<int, int>, std::pair<int, int>>;
window_names window_names_of(const rma_epochs& epochs);

}  // namespace redsem::check
