/* SPDX-License-Identifier: BSD-3-Clause */
// Whether a float reduction's result depends on the evaluation order (MPI-4.1 §7.9.1): for each
// `reduction` record of a predefined float op (SUM, PROD, MIN, MAX) on a float type, every
// legal order of each gathered element's contributions (sim/order_results.h, the engine of
// `redsem orders`), flagging `order_dependent_result` when the legal results lie more than the
// tolerance apart.
#pragma once

#include <cstddef>
#include <cstdint>

#include "check/analysis/analysis.h"
#include "sim/tree.h"

namespace redsem::check {

// The cost bound: elements looked at per call, ranks per search, op applications per element
// and over the whole analysis (then the remaining reductions are skipped, and the report says so).
struct float_order_bounds {
  std::size_t max_elements = 64;
  int max_procs = 16;  // the search keeps 2^P blocks for a commutative op
  std::uint64_t max_combinations = 10'000'000;
  std::uint64_t max_total_combinations = 1'000'000'000;
};

analysis_outcome float_order_findings(const run_records& records, const analysis_options& options);
analysis_outcome float_order_findings(const run_records& records, const analysis_options& options,
                                      const float_order_bounds& bounds);

// An evaluation tree in an order_dependent_result's evidence (`tree_shapes`): a leaf is its
// rank, an inner node the array [left, right]. tree_from_shape reads it back (nullptr when
// `shape` is not one, or deeper than `max_depth`), for the HTML report's pictures.
nlohmann::json tree_shape(const sim::tree& t);
sim::tree tree_from_shape(const nlohmann::json& shape, int max_depth = 64);

// The most distinct results an order_dependent_result's evidence lists (`results`); it says how
// many there were in `distinct_results`.
inline constexpr std::size_t max_listed_results = 512;

}  // namespace redsem::check
