/* SPDX-License-Identifier: BSD-3-Clause */
// The op × datatype validity table as the model decides it: every predefined op on every
// predefined type, put through MPI_Reduce_local on a one-element buffer.
#pragma once

#include <optional>
#include <vector>

#include "model/op.h"
#include "model/outcome.h"

namespace redsem {

enum class cell_verdict : std::uint8_t {
  valid,      // valid in reductions (and so in accumulates)
  rma_only,   // valid only in RMA accumulates (MPI_REPLACE, MPI_NO_OP)
  erroneous,  // erroneous everywhere
};

struct validity_cell {
  basic_type type;
  op_id op;
  cell_verdict verdict;
  std::optional<rule> reason;  // the rule MPI_Reduce_local reported, unless valid
};

// One row per predefined type (enum order), one cell per op (enum order).
std::vector<std::vector<validity_cell>> validity_table();

}  // namespace redsem
