/* SPDX-License-Identifier: BSD-3-Clause */
// What a user must hear about an op's law verdicts (an op file's, or a compiled user
// function's): a declared property that is refuted, a required one (associativity, a declared
// identity, a domain closed under the op) that fails, or one the op could declare. Each error
// cites the MPI-4.1 rule it breaks.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/severity.h"
#include "props/laws/law.h"

namespace redsem::laws {

// An error decides the exit status; a warning (legal, but results may differ between
// evaluation orders) does only when the user asks (`--strict-laws`); a note never does.

struct finding {
  severity level;
  std::string message;
};

// The words a finding uses for the op's declared commutativity: an op file's by default.
struct declaration_words {
  std::string_view commute_true = "declared 'commute true'";
  std::string_view commute_false = "declared 'commute false'";
  std::string_view could_declare = "'commute true'";
};

// The findings (errors, warnings and notes) that a set of verdicts calls for; check_laws adds them.
std::vector<finding> findings_for(bool declared_commute, const std::vector<law_result>& laws,
                                  const declaration_words& words = {});

// The strict reading (`--strict-laws`): every warning becomes an error.
void make_warnings_errors(std::vector<finding>& findings);

}  // namespace redsem::laws
