#include "props/smt/validity.h"

#include "props/smt/normalise.h"

namespace redsem::smt {
namespace {

validity run_solver(const z3::expr& assertion, unsigned timeout_ms, bool want_sat) {
  z3::context& c = assertion.ctx();
  z3::solver s(c);
  z3::params p(c);
  p.set("timeout", timeout_ms);
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
  return {answer::unknown, std::nullopt, "solver: " + s.reason_unknown()};
}

}  // namespace

validity check_valid(const z3::expr& claim, unsigned timeout_ms) {
  // The rewriter and the commutative normal form are equivalence-preserving (normalise.h),
  // so a claim they reduce to `true` holds for every assignment.
  const z3::expr simple = claim.simplify();
  if (simple.is_true()) return {answer::valid, std::nullopt, "rewriter"};
  if (normalise_commutative(simple).simplify().is_true()) return {answer::valid, std::nullopt, "commutative normal form"};
  return run_solver(!simple, timeout_ms, false);
}

validity check_satisfiable(const z3::expr& condition, unsigned timeout_ms) {
  return run_solver(condition, timeout_ms, true);
}

}  // namespace redsem::smt
