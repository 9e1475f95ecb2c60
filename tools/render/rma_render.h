/* SPDX-License-Identifier: BSD-3-Clause */
// Rendering a scenario's exploration (sim/rma) as text and as JSON for `redsem rma`.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "sim/rma/expectations.h"
#include "sim/rma/scenario.h"

namespace redsem::tools {

// `options`: the limits the exploration ran under, named when a search hit one.
nlohmann::json rma_json(const sim::rma::scenario& s, const sim::rma::exploration& x,
                        const sim::rma::scenario_verdict_report& verdict, const sim::rma::explore_options& options);
// The scenario's header (file, accesses, windows, info keys, policy): printed before the
// exploration, which may take a while, then rma_text.
void rma_header_text(std::ostream& out, const sim::rma::scenario& s);
void rma_text(std::ostream& out, const sim::rma::scenario& s, const sim::rma::exploration& x,
              const sim::rma::scenario_verdict_report& verdict, const sim::rma::explore_options& options);

// A count of states or executions in JSON: an exact integer up to 2^53, where a double holds every
// integer; beyond, its text form as a string, so no reader takes a rounded figure for an exact one.
nlohmann::json count_json(double v);

}  // namespace redsem::tools
