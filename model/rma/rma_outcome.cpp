// SPDX-License-Identifier: BSD-3-Clause
#include "model/rma/rma_outcome.h"

#include <array>

namespace redsem::rma {

const rma_rule_info& describe(rma_rule r) {
  static constexpr std::array<rma_rule_info, rma_rule_count> table{{
      {"rank_out_of_range", "MPI-4.1 §13.3", "every rank a call names must belong to the window's group"},
      {"negative_count", "MPI-4.1 §13.3.4.1", "counts are non-negative integers"},
      {"user_op_in_accumulate", "MPI-4.1 §13.3.4.1", "user-defined ops cannot be used in RMA accumulate calls"},
      {"no_op_in_accumulate", "MPI-4.1 §13.3.4.2",
       "MPI_NO_OP is valid only in MPI_Get_accumulate, MPI_Rget_accumulate and MPI_Fetch_and_op"},
      {"op_not_for_type", "MPI-4.1 §13.3.4.1, §7.9.2", "the predefined op is not defined for this datatype's group"},
      {"mixed_basic_types", "MPI-4.1 §13.3.4.1",
       "each datatype must be predefined or derived with all basic components of the same predefined datatype"},
      {"basic_type_mismatch", "MPI-4.1 §13.3.4.1, §13.3.4.2",
       "all datatype arguments must be constructed from the same predefined datatype"},
      {"derived_type_not_allowed", "MPI-4.1 §13.3.4.3, §13.3.4.4",
       "MPI_Fetch_and_op and MPI_Compare_and_swap take one element of a predefined datatype"},
      {"cas_type_not_allowed", "MPI-4.1 §13.3.4.4",
       "compare-and-swap takes only C integer, Fortran integer, logical, multi-language or byte types"},
      {"target_overlapping_entries", "MPI-4.1 §13.3.4.1, §13.3.1",
       "target_datatype must not specify overlapping entries (of an accumulate; of a put, whose target is "
       "written as a receive buffer)"},
      {"negative_displacement", "MPI-4.1 §13.3.4.1", "target_disp is a non-negative integer"},
      {"target_outside_window", "MPI-4.1 §13.3.4.1", "the target buffer must fit in the target window"},
      {"origin_truncated", "MPI-4.1 §13.3.4.2",
       "the data transferred from origin to target must fit, without truncation, in the target buffer"},
      {"result_truncated", "MPI-4.1 §13.3.4.2",
       "the data copied from target to origin must fit, without truncation, in the result buffer"},
      {"buffer_out_of_bounds", "redsem address space", "an origin-side buffer reaches outside its memory region"},
      {"origin_result_overlap", "MPI-4.1 §13.3.4.2, §13.3.4.3, §13.3.4.4",
       "the origin and result buffers must be disjoint"},
      {"compare_result_overlap", "MPI-4.1 §2.3", "an OUT argument (result) must not alias the compare buffer"},
      {"no_access_epoch", "MPI-4.1 §13.5", "RMA communication calls must occur inside an access epoch to the target"},
      {"request_outside_passive_epoch", "MPI-4.1 §13.3.5",
       "request-based RMA operations are valid only in passive-target epochs (lock, lock_all)"},
      {"lock_already_held", "MPI-4.1 §13.5.3", "an origin may not lock a target it already holds a lock on"},
      {"unlock_without_lock", "MPI-4.1 §13.5.3", "MPI_Win_unlock needs a matching MPI_Win_lock"},
      {"fence_in_passive_epoch", "MPI-4.1 §13.5", "active-target fence cannot be mixed into a passive-target epoch"},
      {"flush_outside_passive_epoch", "MPI-4.1 §13.5.4",
       "MPI_Win_flush, flush_all, flush_local and flush_local_all are valid only in passive-target epochs"},
      {"unknown_request", "MPI-4.1 §13.3.5", "the request was not returned by a request-based RMA call, or is done"},
      {"origin_buffer_updated_before_completion", "MPI-4.1 §13.3",
       "the origin (and compare) buffer of an RMA operation must not be updated after the operation started and "
       "until it completes at the origin"},
      {"result_buffer_accessed_before_completion", "MPI-4.1 §13.3",
       "the buffer a get or a fetching accumulate writes at the origin must not be accessed after the operation "
       "started and until it completes at the origin"},
      {"overlapping_access_epochs", "MPI-4.1 §13.5",
       "distinct access epochs of one process on a window must be disjoint: no MPI_Win_start inside another "
       "access epoch, no lock inside an MPI_Win_start epoch, no lock or start inside a fence epoch"},
      {"complete_without_start", "MPI-4.1 §13.5.2", "MPI_Win_complete needs a matching MPI_Win_start"},
      {"start_without_post", "MPI-4.1 §13.5.2",
       "each process in the group of MPI_Win_start must issue a matching MPI_Win_post"},
      {"wait_without_post", "MPI-4.1 §13.5.2",
       "MPI_Win_wait and MPI_Win_test complete an exposure epoch that MPI_Win_post started"},
      {"lock_while_exposed", "MPI-4.1 §13.5.3",
       "a window must not be locked and exposed (between MPI_Win_post and MPI_Win_wait) at the same time"},
      {"free_inside_epoch", "MPI-4.1 §13.2.5",
       "MPI_Win_free may be called only after the process has completed its involvement in RMA communications "
       "on the window: its fence epochs closed, its MPI_Win_start matched by MPI_Win_complete, its MPI_Win_post by "
       "MPI_Win_wait, its locks released"},
      {"window_freed", "MPI-4.1 §13.2.5",
       "MPI_Win_free returns MPI_WIN_NULL: no RMA communication or synchronisation call may use the freed window"},
  }};
  return table[static_cast<std::size_t>(r)];
}

std::string rma_outcome::message() const {
  if (is_done()) return "done";
  const rma_rule_info& i = describe(rule_);
  return "erroneous: " + std::string(i.text) + " (" + std::string(i.section) + "): " + evidence_;
}

}  // namespace redsem::rma
