/* SPDX-License-Identifier: BSD-3-Clause */
// The post-run RMA analysis of `redsem check`: each window's epochs, as the ranks' records show
// them (rma_epochs.h), become scenarios for the RMA explorer (sim/rma), and what the explorer
// finds comes back in the shape of the runtime's `finding` lines (docs/check_records.md: ev,
// check, rank, call, rule, message, caller, evidence), with the rule and section `redsem rma`
// gives: racing or mismatched accesses, mixed ops, outcomes no serial order gives, erroneous
// calls. Epochs the scenario format cannot express are `rma_not_analysed` objects, never
// findings.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "model/policy.h"

namespace redsem::check {

// At most this many scenarios are explored per run; the sets beyond are `rma_not_analysed`.
inline constexpr std::size_t max_rma_scenarios = 256;

// `records_by_rank[r]` holds world rank r's record lines in the order they were written.
// Returns the findings, then the `rma_not_analysed` objects (`win`, `epoch`, `target` when one,
// `reason`: what they mean, the same for every instance of one cause; `instance`, a text telling
// this one apart, and `call` for a call set aside on its own), then an `rma_analysed` object
// (`win`, `epoch`, `target`) for each set of calls explored whole; the same pair of calls found
// in several scenarios is reported once. Every scenario holds under `semantics`, the policy the
// command was given (which accumulates are ordered, how ops evaluate: model/policy.h).
std::vector<nlohmann::json> rma_findings(const std::vector<std::vector<nlohmann::json>>& records_by_rank,
                                         const policy& semantics);

}  // namespace redsem::check
