/* SPDX-License-Identifier: BSD-3-Clause */
// PSCW in a scenario (scenario.h), MPI-4.1 §13.5.2: which MPI_Win_post of a target each
// MPI_Win_start of an origin matches, and so where the origin's accesses to that target fall
// among the target's post, wait and test calls. Every target numbers its own calls from 1.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "sim/rma/scenario_lines.h"

namespace redsem::sim::rma::detail {

class exposure_plan {
 public:
  // The scenario's target is the default of post, wait, test and start lines.
  explicit exposure_plan(const scenario& sc) : sc_(sc) {}

  static bool is_target_synchronisation(const std::string& name) {
    return name == "post" || name == "wait" || name == "test";
  }
  // "local: post [R,R,…] [target=T]" (default group: every rank but T), "local: wait" and
  // "local: test" (an MPI_Win_test that returns true): the window's rank T and the group.
  int target_of(const line_record& r) const { return target_key(r, sc_.target, sc_.ranks); }
  std::set<int> post_group(const line_record& r) const;
  // "rank R: start [T,T,…]" (default: the scenario's target): the group.
  std::set<int> start_group(const line_record& r) const;

  // Reads every post, wait, test and start line first, since a start matches the post it pairs
  // with wherever the file writes it: the k-th start of rank R whose group holds T matches the
  // k-th post of T whose group holds R.
  void plan(const std::vector<line_record>& lines);

  // A post, wait or test line of `target` read in file order.
  void target_event(int target) { ++events_[target]; }
  // Those of `target` so far; whether the scenario writes any post of `target`.
  int target_events(int target) const;
  bool has_posts(int target) const { return posts_.contains(target); }

  // The start on `line` of `rank`: its epoch to each target of the group that the scenario
  // writes posts of lies in the exposure epoch it matches. Returns those no post matches.
  std::vector<int> start(int line, int rank, const std::set<int>& group);
  void complete(int rank) { exposures_.erase(rank); }
  // [post, wait) of the exposure epoch of `target` that `rank`'s current start epoch matched.
  std::optional<std::pair<int, int>> exposure(int rank, int target) const;

 private:
  struct exposure_epoch {
    std::set<int> group;
    int post, wait;  // their numbers among the target's post, wait and test lines (wait: INT_MAX if none)
  };
  const scenario& sc_;
  std::map<int, std::vector<exposure_epoch>> posts_;             // per target
  std::map<std::pair<int, int>, std::size_t> start_matches_;     // (start line, target) → index into posts_
  std::map<int, std::map<int, std::pair<int, int>>> exposures_;  // rank → target → [post, wait)
  std::map<int, int> events_;                                    // per target
};

}  // namespace redsem::sim::rma::detail
