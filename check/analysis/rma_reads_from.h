// SPDX-License-Identifier: BSD-3-Clause
// The reads-from order (docs/design.md, "Ordering by observed values"): a fetching call that
// observed, at one element of a target's memory, the value only one RMA call could have written
// there orders that call's access to the element before its own completion, and so before what
// its rank does after that (MPI-4.1 §13.7, §13.3.4, §13.4). The values come from the `rma_call`
// lines (what puts and replacing accumulates write) and the `rma_result` lines (what fetching
// calls received). The order is drawn only when the writer is the unique possible source of the
// value at that element: every other RMA call, the element's value before the run's first access,
// and every direct store the watcher saw (the owner's; any member's in a shared-memory window)
// must be ruled out, each by the process order alone (issued after the reader completed, or
// overwritten before another observation of a different value that precedes the reader). A
// source ruled out too few times keeps a report; one ruled out wrongly could hide a race, so where
// the records cannot say, nothing is ruled out. When the possible sources left are all calls of
// one rank, the earliest of them stands in for the writer as far as its rank's order allows
// (docs/design.md, "Ordering by observed values").
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "check/analysis/happens_before.h"
#include "check/analysis/rma_epochs.h"

namespace redsem::check {

class reads_from {
 public:
  reads_from(const std::vector<std::vector<nlohmann::json>>& records, const rma_epochs& epochs,
             const window_names& window_of, const happens_before& order);
  ~reads_from();

  // Whether the access of the call on line `call_index` of world rank `call_rank` to bytes [lo, hi)
  // of its target's memory (window key, target window rank) precedes line `index` of world rank
  // `rank` through an observation of its value.
  bool orders_before(int call_rank, std::size_t call_index, std::int64_t lo, std::int64_t hi, int rank,
                     std::size_t index) const;
  // Whether line `index` of world rank `rank` precedes the access of the call on line
  // `call_index` of world rank `call_rank`: the line precedes a call whose written value another
  // rank observed before making that call (one such observation; chains of them are not followed).
  bool orders_before_call(int rank, std::size_t index, int call_rank, std::size_t call_index) const;

  // A fetch the order could not follow (its record of calls bounded, or its target's memory not
  // watched throughout) that might order line `first_index` of `first_rank` before line
  // `second_index` of `second_rank`: completed before the second, and an element it fetched is one
  // a call or store of `first_rank` from the first on may have written (rma_reads_from_gaps.cpp).
  struct unfollowed {
    int rank = -1;  // the fetch: its rank, line and window key
    std::size_t index = 0;
    int win = -1;
    bool gap = false;  // the owner's memory not watched (else: a record of calls bounded)
    int cause_rank = -1;
    std::size_t cause_line = 0;  // where that record or watch stops
  };
  std::optional<unfollowed> unfollowed_fetch(int first_rank, std::size_t first_index, int second_rank,
                                             std::size_t second_index) const;

  struct state;

 private:
  std::unique_ptr<state> state_;
};

}  // namespace redsem::check
