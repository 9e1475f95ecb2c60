/* SPDX-License-Identifier: BSD-3-Clause */
// Rendering a fuzzing report: readable text (the shrunk counterexample, what it needs, the
// policy that would explain it) and JSON a program parses.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "props/fuzz/fuzz_run.h"

namespace redsem::tools {

// "pass", "wrong", "policy_choice" … of a whole campaign.
std::string campaign_verdict(const fuzz::fuzz_report& r);

// The text report in two parts: the header (what is fuzzed, under which policy), printed before
// the cases run, and the rest once they have.
std::string render_header(const fuzz::differential& d);
std::string render_text(const fuzz::differential& d, const fuzz::fuzz_options& o, const fuzz::fuzz_report& r);
nlohmann::json to_json(const fuzz::differential& d, const fuzz::fuzz_options& o, const fuzz::fuzz_report& r);

// One failure, for tables: the failure's JSON, and a one-line counterexample.
nlohmann::json to_json(const fuzz::differential& d, const fuzz::failure& f);
std::string one_line(const fuzz::differential& d, const fuzz::failure& f);

// A policy variant as the change from the chosen policy, e.g. "loc_tie=second", "… with the
// operands swapped (inoutbuf ∘ inbuf)", or "the chosen policy".
std::string variant_change(const policy& chosen, const fuzz::policy_variant& v);

// The keys where policy q differs from p, as "key=value,…" (the part of q a user sets).
std::string policy_change(const policy& p, const policy& q);

}  // namespace redsem::tools
