/* SPDX-License-Identifier: BSD-3-Clause */
// Findings a user has accepted (`redsem check --suppressions FILE`), so that CI stays green on
// them; suppressed findings are still counted and listed, never dropped silently.
//
// The file: one suppression per line, `key=value` words separated by blanks, `#` starts a
// comment. `check=` is required; `call=` and `caller=` narrow it. `caller=` is a function name
// (`main`) or a source place (`app.c:42`, as the report shows it). Every finding matching all
// the words given is suppressed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "check/analysis/finding.h"

namespace redsem::check {

struct suppression {
  std::string check, call, caller;  // empty call or caller: any
  int line = 0;                     // in its file
};

// The suppressions of a file's text; on a mistake, nullopt and `*why` says which line and what.
std::optional<std::vector<suppression>> parse_suppressions(const std::string& text, std::string* why);

// Whether `s` covers `f` (symbolised).
bool suppresses(const suppression& s, const finding& f);

// Suppression lines that cover each of `findings`, each after a comment naming it: what
// `--gen-suppressions` prints, and parse_suppressions reads back.
std::string suppressions_for(const std::vector<finding>& findings);

}  // namespace redsem::check
