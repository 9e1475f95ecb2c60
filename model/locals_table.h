/* SPDX-License-Identifier: BSD-3-Clause */
// The MPI_Reduce_locals in-place/aliasing table (mpi-issues #530; docs/semantics.md §4.2), each row run
// through the model with a non-commutative op whose result shows which operands it read
// and in which order: a ∘ b = 10·a + b, with X = 1, Y = 2 and A = 3 on entry.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/outcome.h"

namespace redsem {

enum class row_verdict : std::uint8_t {
  agrees,    // the model did what the proposal says
  disagrees, // it did not: a bug in the model
};

struct locals_row {
  std::string call;      // e.g. "MPI_Reduce_locals(X, MPI_IN_PLACE, A)"
  std::string expected;  // the proposal's row, e.g. "A = X ∘ A" or "erroneous: in_place_inoutbuf"
  outcome result;        // what the model did
  std::optional<int> value;  // A after the call, when done
  row_verdict verdict;
};

std::vector<locals_row> locals_table();

}  // namespace redsem
