/* SPDX-License-Identifier: BSD-3-Clause */
// The outcome of a modelled RMA call (MPI-4.1 Chapter 13): done, or erroneous with the rule it
// breaks, the rule's section, and the evidence. Same shape as model/outcome.h; a separate enum
// so the RMA rules read as one list. An erroneous call applies nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace redsem::rma {

enum class rma_rule : std::uint8_t {
  rank_out_of_range,
  negative_count,
  user_op_in_accumulate,
  no_op_in_accumulate,
  op_not_for_type,
  mixed_basic_types,
  basic_type_mismatch,
  derived_type_not_allowed,
  cas_type_not_allowed,
  target_overlapping_entries,
  negative_displacement,
  target_outside_window,
  origin_truncated,
  result_truncated,
  buffer_out_of_bounds,
  origin_result_overlap,
  compare_result_overlap,
  no_access_epoch,
  request_outside_passive_epoch,
  lock_already_held,
  unlock_without_lock,
  fence_in_passive_epoch,
  flush_outside_passive_epoch,
  unknown_request,
  origin_buffer_updated_before_completion,
  result_buffer_accessed_before_completion,
  overlapping_access_epochs,
  complete_without_start,
  start_without_post,
  wait_without_post,
  lock_while_exposed,
  free_inside_epoch,
  window_freed,
};
inline constexpr std::size_t rma_rule_count = 33;

struct rma_rule_info {
  std::string_view name;     // stable identifier (JSON)
  std::string_view section;  // "MPI-4.1 §13.3.4.1"
  std::string_view text;     // the rule in one sentence
};
const rma_rule_info& describe(rma_rule r);

class rma_outcome {
 public:
  enum class status : std::uint8_t { done, erroneous };

  static rma_outcome done() { return rma_outcome(status::done, rma_rule::rank_out_of_range, {}); }
  static rma_outcome erroneous(rma_rule r, std::string evidence) {
    return rma_outcome(status::erroneous, r, std::move(evidence));
  }

  status state() const { return state_; }
  bool is_done() const { return state_ == status::done; }
  rma_rule broken_rule() const { return rule_; }  // meaningful when erroneous
  const std::string& evidence() const { return evidence_; }
  // "erroneous: <rule text> (<section>): <evidence>" or "done".
  std::string message() const;

 private:
  rma_outcome(status s, rma_rule r, std::string e) : state_(s), rule_(r), evidence_(std::move(e)) {}
  status state_;
  rma_rule rule_;
  std::string evidence_;
};

}  // namespace redsem::rma
