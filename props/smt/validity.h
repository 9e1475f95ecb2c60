// Whether a claim holds for every value of its variables: the one place that runs the solver.
// Answers are an enum with their evidence (Alive2's style), never a bool.
#pragma once

#include <z3++.h>

#include <optional>
#include <string>

namespace redsem::smt {

enum class answer { valid, invalid, unknown };

struct validity {
  answer result = answer::unknown;
  std::optional<z3::model> witness;  // invalid: values of the variables that falsify the claim
  std::string how;                   // what decided it ("rewriter", "solver"), or why unknown
};

// Tries the sound shortcuts first (see normalise.h), then the solver with a time limit.
validity check_valid(const z3::expr& claim, unsigned timeout_ms);

// Whether some values satisfy `condition` (for the identity/absorbing search).
validity check_satisfiable(const z3::expr& condition, unsigned timeout_ms);

}  // namespace redsem::smt
