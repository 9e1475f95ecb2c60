// SPDX-License-Identifier: BSD-3-Clause
#include "props/smt/validity.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "props/smt/normalise.h"

namespace redsem::smt {
namespace {

// Z3's words for the two limits, in the terms of the budget above.
std::string unknown_reason(const std::string& z3_reason) {
  if (z3_reason.find("resource limit") != std::string::npos) return "solver: work budget spent";
  if (z3_reason == "timeout" || z3_reason == "canceled") return "solver: wall-clock limit";
  return "solver: " + z3_reason;
}

validity run_solver(const z3::expr& assertion, unsigned timeout_ms, bool want_sat) {
  z3::context& c = assertion.ctx();
  z3::solver s(c);
  z3::params p(c);
  p.set("rlimit", work_budget(timeout_ms));
  p.set("timeout", wall_clock_limit_ms(timeout_ms));
  s.set(p);
  s.add(assertion);
  switch (s.check()) {
    case z3::sat:
      return {want_sat ? answer::valid : answer::invalid, s.get_model(), "solver"};
    case z3::unsat:
      return {want_sat ? answer::invalid : answer::valid, std::nullopt, "solver"};
    case z3::unknown:
      break;
  }
  return {answer::unknown, std::nullopt, unknown_reason(s.reason_unknown())};
}

}  // namespace

unsigned work_budget(unsigned timeout_ms) {
  const std::uint64_t steps = std::uint64_t{timeout_ms} * steps_per_ms;
  return static_cast<unsigned>(std::min<std::uint64_t>(steps, std::numeric_limits<unsigned>::max()));
}

unsigned wall_clock_limit_ms(unsigned timeout_ms) {
  if (timeout_ms == 0) return 0;
  const std::uint64_t ms = std::max<std::uint64_t>(std::uint64_t{timeout_ms} * wall_clock_slack, wall_clock_floor_ms);
  return static_cast<unsigned>(std::min<std::uint64_t>(ms, std::numeric_limits<unsigned>::max()));
}

validity check_valid(const z3::expr& claim, unsigned timeout_ms) {
  // The rewriter and the commutative normal form are equivalence-preserving (normalise.h),
  // so a claim they reduce to `true` holds for every assignment.
  const z3::expr simple = claim.simplify();
  if (simple.is_true()) return {answer::valid, std::nullopt, "rewriter"};
  if (normalise_commutative(simple).simplify().is_true())
    return {answer::valid, std::nullopt, "commutative normal form"};
  return run_solver(!simple, timeout_ms, false);
}

validity check_satisfiable(const z3::expr& condition, unsigned timeout_ms) {
  return run_solver(condition, timeout_ms, true);
}

}  // namespace redsem::smt
