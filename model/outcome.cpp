// SPDX-License-Identifier: BSD-3-Clause
#include "model/outcome.h"

#include <array>

namespace redsem {

const rule_info& describe(rule r) {
  static constexpr std::array<rule_info, rule_count> table{{
      {"negative_count", "MPI-4.1 §7.9.7", "count must be a non-negative integer"},
      {"character_type", "MPI-4.1 §7.9.3",
       "MPI_CHAR, MPI_WCHAR and MPI_CHARACTER are not valid in reductions; use MPI_SIGNED_CHAR or MPI_UNSIGNED_CHAR"},
      {"op_not_for_type", "MPI-4.1 §7.9.2", "the predefined op is not defined for this datatype's group"},
      {"rma_only_op", "MPI-4.1 §7.9.2, §13.3.4", "MPI_REPLACE and MPI_NO_OP are valid only in RMA accumulate calls"},
      {"derived_type_with_predefined_op", "MPI-4.1 §7.9.2",
       "predefined ops take only the predefined datatypes listed for them, not derived ones"},
      {"in_place_forbidden", "MPI-4.1 §7.9.7", "MPI_Reduce_local does not accept MPI_IN_PLACE"},
      {"in_place_inoutbuf", "mpi-issues #530", "MPI_Reduce_locals does not accept MPI_IN_PLACE for inoutbuf"},
      {"inout_aliases_input", "MPI-4.1 §2.3; mpi-issues #530",
       "the INOUT buffer must not share bytes with an input buffer (use MPI_IN_PLACE instead)"},
      {"inout_overlapping_entries", "MPI-4.1 §7.9.1", "a receive buffer's datatype must not have overlapping entries"},
      {"type_signature_mismatch", "MPI-4.1 §7.9.7",
       "all buffers hold count elements of the one datatype of the call (a user function sees one layout)"},
      {"out_of_bounds", "redsem address space", "the buffer reaches outside its memory region"},
      {"null_user_function", "MPI-4.1 §7.9.5", "a user-defined op needs a function"},
      {"signed_overflow", "policy overflow=erroneous (docs/semantics.md §9.6)",
       "a signed integer SUM or PROD overflowed"},
  }};
  return table[static_cast<std::size_t>(r)];
}

std::string outcome::message() const {
  if (is_done()) return "done";
  const rule_info& i = describe(rule_);
  return "erroneous: " + std::string(i.text) + " (" + std::string(i.section) + "): " + evidence_;
}

}  // namespace redsem
