/* SPDX-License-Identifier: BSD-3-Clause */
// Random small RMA programs for the searches' property tests, and the search space of one.
#pragma once

#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "sim/rma/search_space.h"
#include "tests/rma/explorer_fixture.h"

namespace redsem::sim::rma::testing {

// 2–3 origins, 1–3 accesses each, on 1–3 elements of int or double, with commuting and
// non-commuting ops, fetching or not: mostly legal, sometimes racing.
inline rma_program random_program(std::mt19937& rng) {
  rma_program p;
  const bool doubles = rng() % 2 == 0;
  const basic_type type = doubles ? basic_type::double_ : basic_type::long_long_int;
  const int elements = 1 + static_cast<int>(rng() % 2);
  p.window = doubles ? window_of<double>(std::vector<double>(static_cast<std::size_t>(elements), 0.1))
                     : window_of<long long>(std::vector<long long>(static_cast<std::size_t>(elements), 3));
  const std::vector<op_id> ops{op_id::sum, op_id::sum, op_id::max, op_id::replace, op_id::no_op, op_id::prod};
  const int origins = 2 + static_cast<int>(rng() % 2);
  // Values whose sums and products round differently in different orders.
  const std::vector<double> awkward{0.1, 0.2, 0.3, 1e16, -1e16, 3.0, 1.0 / 3, -2.5};
  if (rng() % 3 == 0) p.info.ordering = redsem::rma::accumulate_ordering{false, false, false, false};
  for (int o = 0; o < origins; ++o) {
    const int calls = 1 + static_cast<int>(rng() % 2);
    for (int c = 0; c < calls; ++c) {
      const op_id op = ops[rng() % ops.size()];
      access_kind kind = rng() % 2 ? access_kind::fetch_accumulate : access_kind::accumulate;
      if (op == op_id::no_op) kind = access_kind::fetch_accumulate;
      if (rng() % 8 == 0) kind = access_kind::put;
      std::vector<std::pair<std::int64_t, double>> at;
      for (int e = 0; e < elements; ++e)
        if (rng() % 3 != 0)
          at.emplace_back(e, doubles ? awkward[rng() % awkward.size()] : static_cast<double>(rng() % 7));
      if (at.empty()) at.emplace_back(0, 1.0);
      access a = doubles ? make_access<double>(o, c, kind, kind == access_kind::put ? op_id::replace : op, type, at)
                         : access{};
      if (!doubles) {
        std::vector<std::pair<std::int64_t, long long>> ints;
        for (auto [e, v] : at) ints.emplace_back(e, static_cast<long long>(v) - 2);
        a = make_access<long long>(o, c, kind, kind == access_kind::put ? op_id::replace : op, type, ints);
      }
      p.accesses.push_back(a);
    }
  }
  return p;
}

// The search space of every step of a program, as the explorer makes for one group. The
// program must outlive it (the space points to it).
inline search_space whole_program(const rma_program& p) {
  const auto steps = program_steps(p, non_atomic_elements(p), false);
  std::vector<std::size_t> all(steps.size());
  std::iota(all.begin(), all.end(), 0);
  return make_search_space(p, steps, all);
}

}  // namespace redsem::sim::rma::testing
