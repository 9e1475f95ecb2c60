/* SPDX-License-Identifier: BSD-3-Clause */
// One part of `redsem verify`: a check over part of the built-in catalogue whose verdicts are
// compared with the catalogue's recorded expectations. Sections are listed once, in
// verify_sections(); the command runs them in order and shows progress.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/policy.h"
#include "tools/verify/expectations.h"

namespace redsem::tools {

struct verify_options {
  bool quick = false;  // a CI-sized run
  policy semantics;    // the policy every verdict holds under
  // How far a long section is: `done` of `total` of its own steps (the command's progress line).
  std::function<void(std::size_t done, std::size_t total)> on_progress = [](std::size_t, std::size_t) {};
};

struct section_report {
  std::string text;                     // for people
  nlohmann::json json;                  // for programs
  std::string html;                     // a fragment of the HTML report
  std::vector<std::string> mismatches;  // each names a verdict that differs from its expectation
  verdict_map verdicts;                 // what was checked → the verdict reached (for --record)
};

struct verify_section {
  std::string id;     // stable key in JSON ("validity", "reduce_locals", …)
  std::string title;  // for people
  std::function<section_report(const verify_options&)> run;
};

struct plain_table;

// The end every tabled section shares: its verdicts compared with the catalogue's record (the
// differences appended to r.mismatches), and r's text, JSON and HTML rendered from `t`. A
// section may then replace the text with a shorter one for people.
void finish_report(section_report& r, const std::string& id, const plain_table& t, bool quick);

// The built-in catalogue, in the order verify runs it.
std::vector<verify_section> verify_sections();

// Sections of the model's own tables.
verify_section validity_section();
verify_section reduce_locals_section();
verify_section orders_section();
verify_section algorithms_section();
verify_section kernels_section();
verify_section laws_section();
verify_section opfiles_section();
verify_section rma_section();

}  // namespace redsem::tools
