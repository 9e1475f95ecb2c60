/* SPDX-License-Identifier: BSD-3-Clause */
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

// A query's limit is a budget of the solver's own work, not of wall-clock time: Z3 counts its
// steps (its `rlimit`), so a query settles or gives up alike on an idle machine and on a CI
// machine running other tests beside it, and a recorded verdict cannot flip with the load.
// `timeout_ms` buys timeout_ms × steps_per_ms steps, about that many milliseconds on a current
// x86 core (more on a slower or busier one). The wall clock only stops a query that runs
// wall_clock_slack times longer than its budget was meant to take, and never before
// wall_clock_floor_ms: a small budget on a machine many times oversubscribed (a sanitizer build's
// tests beside other builds) would otherwise be cut by the load, not by its work. Then the answer
// is unknown and says so.
constexpr unsigned steps_per_ms = 2000;
constexpr unsigned wall_clock_slack = 10;
constexpr unsigned wall_clock_floor_ms = 60'000;
unsigned work_budget(unsigned timeout_ms);          // steps; saturates at the largest unsigned
unsigned wall_clock_limit_ms(unsigned timeout_ms);  // saturates likewise; 0 (no limit) stays 0

// Tries the sound shortcuts first (see normalise.h), then the solver within its work budget.
validity check_valid(const z3::expr& claim, unsigned timeout_ms);

// Whether some values satisfy `condition` (for the identity/absorbing search).
validity check_satisfiable(const z3::expr& condition, unsigned timeout_ms);

}  // namespace redsem::smt
