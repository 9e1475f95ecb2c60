// Rendering a scenario's exploration (sim/rma) as text and as JSON for `redsem rma`.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "sim/rma/scenario.h"

namespace redsem::tools {

struct rma_expectation_result {
  const sim::rma::expectation* expected;
  bool met;
  std::string detail;
};

nlohmann::json rma_json(const sim::rma::scenario& s, const sim::rma::exploration& x,
                        const std::vector<rma_expectation_result>& expectations);
void rma_text(std::ostream& out, const sim::rma::scenario& s, const sim::rma::exploration& x,
              const std::vector<rma_expectation_result>& expectations);

}  // namespace redsem::tools
