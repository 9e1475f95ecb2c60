// SPDX-License-Identifier: BSD-3-Clause
// The order MPI_Win_fence promises beyond its own epochs (MPI-4.1 §13.5.1): "RMA operations on
// win started by a process after the fence call returns will access their target window only
// after MPI_WIN_FENCE has been called by the target process". So what the target did before its
// k-th fence on a window precedes every access of a call on that window that another rank made
// after its own k-th fence returned, whatever epoch the call is in (a lock epoch after a fence
// with MPI_MODE_NOSUCCEED, as MPICH's acc_loc test has it). This is not a process
// synchronisation: it orders the target's earlier actions before the call's access at the
// target, not before anything else the origin does (its own memory, calls on other windows), and
// so it is not a happens_before edge (docs/design.md, "Ordering by synchronisation").
//
// A fence asserting both MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED completes nothing and starts
// nothing, and MPI lets it be no barrier at all: it is taken to order nothing. A rank whose fences
// on the window were not all recorded (window_record_stops) gives no order either.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "check/analysis/happens_before.h"

namespace redsem::check {

class fence_order {
 public:
  explicit fence_order(const std::vector<std::vector<nlohmann::json>>& records_by_rank);

  // One side of the question: a world rank, its window's id in its record, a line of its record.
  struct site {
    int world_rank = -1;
    int win_local = -1;
    std::size_t line = 0;
  };
  // Whether `access` (a line of any rank) precedes, by the fence rule, the access at `target` of
  // the call made at `call`: `access` happens before (in program order, or by `order` from
  // another rank) the target's k-th fence on the window, and the call was made after its
  // origin's k-th fence on it returned.
  bool precedes_call(const site& access, const site& target, const site& call, const happens_before& order) const;

  // Whether a fence that ends an epoch on the window separates two lines of different ranks: for
  // some k, `before` comes before its rank's k-th fence and `after` after its own k-th fence.
  // Such a fence acts as a barrier and synchronises the window's copies, so it orders direct
  // loads and stores of a shared-memory window as MPI_Win_sync, a barrier and MPI_Win_sync do
  // (MPI-4.1 §13.2.3, §13.5.1). A fence that ends no epoch (one asserting MPI_MODE_NOPRECEDE,
  // the first, one after MPI_MODE_NOSUCCEED) "does not necessarily act as a barrier" (§13.5.1):
  // it orders nothing here.
  bool barrier_between(const site& before, const site& after) const;

 private:
  struct fence {
    std::size_t line = 0;
    bool orders = true;       // false: MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED both
    bool ends_epoch = false;  // not MPI_MODE_NOPRECEDE, after a fence without MPI_MODE_NOSUCCEED
    bool nosucceed = false;
  };
  // By (world rank, window id in its record); nullopt when not all were recorded.
  std::map<std::pair<int, int>, std::optional<std::vector<fence>>> fences_;
  const std::vector<fence>* fences_of(int world_rank, int win_local) const;
};

}  // namespace redsem::check
