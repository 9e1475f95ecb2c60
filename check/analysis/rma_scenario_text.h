/* SPDX-License-Identifier: BSD-3-Clause */
// One set of concurrent RMA calls (rma_epochs.h) written as a `.rma` scenario
// (sim/rma/scenario.h), the explorer's entry point: the target's window size and displacement
// unit, each call with its datatypes, op and the origin values the record holds. The window's
// contents at the epoch's start are not recorded: the scenario starts from zeros, so outcomes
// the explorer shows are those the calls give from zeros. The semantics policy is the scenario's
// own `policy` line, as in any scenario, so that the text in a finding's evidence replays under
// `redsem rma` as it was explored.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "check/analysis/rma_epochs.h"
#include "model/policy.h"

namespace redsem::check {

struct rma_scenario {
  std::string text;
  std::map<int, rma_access> call_at_line;  // scenario line (from 1) → the call it came from
};

// Why a set is not a scenario. A library such as ARMCI-MPI makes hundreds of sets that one cause
// sets aside on one window, each with its own figures; the report merges its notes on the reason
// (coverage_note.h), so the reason is the same for all of them and the figures that tell one set
// apart go in `instance`.
struct scenario_refusal {
  std::string reason;      // one sentence
  std::string instance{};  // "up to byte 524288" ("": nothing to tell apart)
};

// nullopt, with *refusal, when the scenario format cannot express the set. On a dynamic window, a
// call outside every region its target attached is erroneous (MPI-4.1 §13.2.4): nullopt too, with
// the call in *outside when given.
std::optional<rma_scenario> rma_scenario_of(const rma_access_set& set, const rma_window& window,
                                            const policy& semantics, scenario_refusal* refusal,
                                            std::vector<rma_access>* outside = nullptr);

}  // namespace redsem::check
