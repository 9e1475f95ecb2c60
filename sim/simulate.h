/* SPDX-License-Identifier: BSD-3-Clause */
// Running a schedule on values: each rank's result elements through the element op, and the
// checks the standard asks of them.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "model/element_op.h"
#include "sim/schedule.h"

namespace redsem::sim {

// inputs[rank][k]: element k of that rank's send buffer (count elements per rank).
using rank_inputs = std::vector<std::vector<element>>;

struct rank_values {
  std::vector<element> values;  // parallel to rank_result::trees
};

// Evaluates every tree of the schedule; element k's leaves read inputs[rank][k]. `on_rank`, when
// given, is told each rank whose trees are evaluated (a long run shows progress).
std::vector<rank_values> run_schedule(const schedule& s, const element_op& op, const rank_inputs& inputs,
                                      const std::function<void(int rank)>& on_rank = {});

// MPI-4.1 §7.9.6: all ranks of an Allreduce receive identical results. The first element on
// which two ranks differ (bitwise, through the datatype's fields), or nullopt.
struct identity_break {
  int element_at;  // which element of the vector
  int rank_a, rank_b;
  element value_a, value_b;
  tree tree_a, tree_b;
};
std::optional<identity_break> find_rank_identity_break(const schedule& s, const element_op& op,
                                                       const std::vector<rank_values>& values);

}  // namespace redsem::sim
