/* SPDX-License-Identifier: BSD-3-Clause */
// Reading scenario text in tests: the scenario, or a test failure naming the error.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "sim/rma/scenario.h"

namespace redsem::sim::rma::testing {

inline scenario parsed_scenario(const std::string& text) {
  std::string error;
  auto s = parse_scenario(text, "s.rma", &error);
  EXPECT_TRUE(s.has_value()) << error;
  return s ? std::move(*s) : scenario{};
}

// Each erroneous call of a scenario as (line, rule), in file order.
inline std::vector<std::pair<int, redsem::rma::rma_rule>> rejected_rules(const scenario& s) {
  std::vector<std::pair<int, redsem::rma::rma_rule>> out;
  for (const auto& r : s.rejected) out.emplace_back(r.line, r.outcome.broken_rule());
  return out;
}

}  // namespace redsem::sim::rma::testing
