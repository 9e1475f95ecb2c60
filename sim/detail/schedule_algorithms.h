/* SPDX-License-Identifier: BSD-3-Clause */
// One function per algorithm; schedule.cpp lists them. Each gets a validated request with
// count resolved and fills every rank's result.
#pragma once

#include "sim/schedule.h"

namespace redsem::sim::detail {

using algorithm_fn = std::vector<rank_result> (*)(const schedule_request&);

std::vector<rank_result> reduce_linear(const schedule_request& r);
std::vector<rank_result> reduce_binomial(const schedule_request& r);
std::vector<rank_result> reduce_in_order_binary(const schedule_request& r);
std::vector<rank_result> reduce_rabenseifner(const schedule_request& r);
std::vector<rank_result> reduce_pipeline(const schedule_request& r);
std::vector<rank_result> reduce_binomial_swapped_root(const schedule_request& r);

std::vector<rank_result> allreduce_recursive_doubling(const schedule_request& r);
std::vector<rank_result> allreduce_ring(const schedule_request& r);
std::vector<rank_result> allreduce_rabenseifner(const schedule_request& r);
std::vector<rank_result> allreduce_binomial_bcast(const schedule_request& r);

std::vector<rank_result> reduce_scatter_pairwise(const schedule_request& r);
std::vector<rank_result> reduce_scatter_recursive_halving(const schedule_request& r);
std::vector<rank_result> reduce_scatter_ring(const schedule_request& r);
std::vector<rank_result> reduce_scatter_reduce_then_scatter(const schedule_request& r);

std::vector<rank_result> scan_linear(const schedule_request& r);
std::vector<rank_result> scan_recursive_doubling(const schedule_request& r);
std::vector<rank_result> exscan_linear(const schedule_request& r);
std::vector<rank_result> exscan_recursive_doubling(const schedule_request& r);

// Reduce_scatter's blocks: rank r receives elements [first[r], first[r] + counts[r]).
// Reduce_scatter_block gives every rank count/procs; Reduce_scatter the request's block_counts,
// or by default a share that grows with r (so unequal counts are exercised): r+1 parts of count.
std::vector<int> scatter_counts(const schedule_request& r);

}  // namespace redsem::sim::detail
