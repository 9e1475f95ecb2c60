// Reading scenario text in tests: the scenario, or a test failure naming the error.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "sim/rma/scenario.h"

namespace redsem::sim::rma::testing {

inline scenario parsed_scenario(const std::string& text) {
  std::string error;
  auto s = parse_scenario(text, "s.rma", &error);
  EXPECT_TRUE(s.has_value()) << error;
  return s ? std::move(*s) : scenario{};
}

}  // namespace redsem::sim::rma::testing
