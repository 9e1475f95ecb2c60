/* SPDX-License-Identifier: BSD-3-Clause */
// Judging a scenario's `expect` lines, and its verdict as a whole. A search that stopped early
// (a state limit, the memory budget, a group beyond the explorer) can refute an expectation
// that needs the whole space of outcomes, never confirm it: that expectation is `unknown`.
//
// The verdict also holds the program to account without expect lines: a finding of undefined
// behaviour (an erroneous call, a racing or mismatched access, an outcome outside MPI's
// atomicity guarantee) that no `expect` line names is a failure, so a script can tell a racy
// program from a clean one by the exit status alone.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/rma/scenario.h"

namespace redsem::sim::rma {

enum class judgement_status : std::uint8_t { met, not_met, unknown };
std::string_view to_string(judgement_status s);  // "met", "NOT MET", "unknown (incomplete)"
std::string_view json_name(judgement_status s);  // "met", "not_met", "unknown_incomplete"

struct judgement {
  judgement_status status;
  std::string detail;  // why (always set)
};

// Some outcome refuted serial (which needs only that group's serial reference complete): not_met;
// every outcome serial (which needs every search complete): met; else unknown.
judgement_status serializable_status(const exploration& x);

judgement judge(const expectation& e, const scenario& s, const exploration& x);

enum class scenario_verdict_kind : std::uint8_t {
  as_expected,          // every expectation met, every undefined-behaviour finding expected (or none)
  mismatch,             // some expectation refuted
  unexpected_findings,  // undefined behaviour that no expect line names
  incomplete,           // nothing refuted, but some expectation could not be confirmed
};
std::string_view to_string(scenario_verdict_kind k);  // "as_expected", …

struct scenario_verdict_report {
  scenario_verdict_kind kind = scenario_verdict_kind::as_expected;
  std::vector<judgement> judgements;  // one per expectation, in file order
  std::vector<std::string> unexpected;  // each unexpected finding or erroneous call, as "line N: name"
  bool ok() const { return kind == scenario_verdict_kind::as_expected; }
};

scenario_verdict_report scenario_verdict(const scenario& s, const exploration& x);

}  // namespace redsem::sim::rma
