/* SPDX-License-Identifier: BSD-3-Clause */
// How far apart the results of the legal orders of a float reduction lie, and how far each
// strays from the correctly rounded exact sum (for SUM, the answer exact arithmetic would give).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/op.h"
#include "sim/order_results.h"

namespace redsem::sim {

struct float_spread {
  std::size_t distinct = 0;  // bitwise-distinct results
  double smallest = 0, largest = 0;  // exact as doubles (float widens exactly)
  std::uint64_t spread_ulps = 0;     // between smallest and largest, in the type's ulps
  std::optional<double> exact_rounded;         // SUM with finite inputs: the correctly rounded exact sum
  element exact_element;                       // the same as an element of the type (empty when none)
  std::optional<std::uint64_t> max_ulps_from_exact;  // the worst order's distance from it
  bool has_nan = false;
};

// For a single float or double field (MPI_FLOAT, MPI_REAL4, MPI_DOUBLE, …); nullopt otherwise.
std::optional<float_spread> spread_of(basic_type type, op_id op, const std::vector<element>& inputs,
                                      const order_results& results);

}  // namespace redsem::sim
