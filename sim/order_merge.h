/* SPDX-License-Identifier: BSD-3-Clause */
// Putting a split search back together (search_share): the parts' results merged in part
// order, and a byte form of one part's results so processes can send them to each other.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sim/order_results.h"

namespace redsem::sim {

// Distinct values in the order the parts list them (part 0 first), so the order of a search
// split into contiguous runs of the root's splits is the order one process finds; tree counts
// and combinations add up, the first witness stays.
order_results merge_order_parts(const std::vector<order_results>& parts);

std::string serialize(const order_results& r);
// Throws std::invalid_argument when `bytes` is not what serialize wrote.
order_results deserialize_order_results(std::string_view bytes);

}  // namespace redsem::sim
