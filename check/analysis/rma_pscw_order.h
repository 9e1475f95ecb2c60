// SPDX-License-Identifier: BSD-3-Clause
// The order PSCW promises between two ranks' direct loads and stores of a shared-memory window
// (MPI-4.1 §13.5.2): MPI_Win_wait returns once every origin of its exposure epoch called
// MPI_Win_complete, and synchronises the window's copies. So what an origin did before it
// completed an access epoch naming the target precedes what the target does after the wait of
// the exposure epoch that access epoch matches (the j-th of each naming the other, rma_pscw.h).
// MPI_Win_start need not wait for MPI_Win_post, so nothing orders a target's access before its
// post before an origin's after its start. Like the fence's (rma_fence_order.h), this order is
// not a happens_before edge: it orders no other rank.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <vector>

namespace redsem::check {

class pscw_order {
 public:
  explicit pscw_order(const std::vector<std::vector<nlohmann::json>>& records_by_rank);

  // A line of a rank's record, with its window's id there and the rank's window rank.
  struct site {
    int world_rank = -1;
    int win_local = -1;
    std::size_t line = 0;
    int win_rank = -1;
  };
  // Whether `before` precedes `after` by a complete and the wait it matches; nullopt when a
  // group either rank's record bounded leaves it unknown.
  std::optional<bool> completes_before(const site& before, const site& after) const;
  // Whether a PSCW epoch with a third rank may order `before` before `after` (with process
  // synchronisation beside it), which is not modelled: `before`'s rank completed, after it, an
  // access epoch not naming `after`'s rank, or `after`'s rank waited, before it, for an exposure
  // epoch not naming `before`'s (or one whose group its record bounded).
  bool through_third_rank(const site& before, const site& after) const;

 private:
  struct epoch {
    std::optional<std::vector<int>> group;
    std::size_t close = static_cast<std::size_t>(-1);  // complete, or wait (a true test)
  };
  struct epochs {
    std::vector<epoch> access, exposure;
  };
  std::map<std::pair<int, int>, epochs> by_rank_;  // (world rank, window id in its record)
  const epochs* of(const site& s) const;
};

}  // namespace redsem::check
