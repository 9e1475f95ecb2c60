// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/opfile_findings.h"

#include "model/check.h"

namespace redsem::laws {

namespace {

// What MPI says of its own op's failure, and so of the user op's that fails alike.
std::string fails_as_predefined(const law_result& r) {
  const std::string evidence = r.equals_predefined
                                   ? "the solver proved the function equal to that op for every input"
                                   : "every counterexample the search found is one that op has too, with the same "
                                     "results";
  return "not associative, like MPI's own " + r.fails_as_predefined + " (" + evidence +
         "): MPI-4.1 §7.9.1 "
         "lets MPI regroup operands and says that results may then differ for operations that are not exactly "
         "associative, such as floating-point addition; so may this op's results between evaluation orders";
}

}  // namespace

void make_warnings_errors(std::vector<finding>& findings) {
  for (auto& f : findings)
    if (f.level == severity::warning) f.level = severity::error;
}

std::vector<finding> findings_for(bool declared_commute, const std::vector<law_result>& laws,
                                  const declaration_words& w) {
  std::vector<finding> out;
  const auto& at = [&](law l) -> const law_result& {
    for (const auto& r : laws)
      if (r.which == l) return r;
    internal_error("findings_for: a law the checker did not report");
  };
  const auto refuted = [&](law l) { return at(l).outcome == verdict::refuted; };
  const std::string blind = "only with NaN or -0 operands (no counterexample without them was found): every "
                            "comparison with NaN is false and -0 == +0, so in the shape of "
                            "`out = (out < in) ? in : out` which operand survives depends on the side it comes from";
  if (declared_commute && refuted(law::commutativity))
    out.push_back({severity::error, at(law::commutativity).only_nan_or_signed_zero
                                        ? std::string(w.commute_true) + " but the result depends on the operand order " +
                                              blind + ": MPI may reorder operands (MPI-4.1 §7.9.5)"
                                        : std::string(w.commute_true) +
                                              " but the op is not commutative: MPI may reorder operands "
                                              "(MPI-4.1 §7.9.5) and the result then depends on the order"});
  if (!declared_commute && at(law::commutativity).outcome == verdict::holds_on_samples)
    out.push_back({severity::note, std::string(w.commute_false) +
                                       " but no counterexample to commutativity was found: " +
                                       std::string(w.could_declare) + " would let MPI reorder operands"});
  if (refuted(law::associativity) && !at(law::associativity).fails_as_predefined.empty())
    out.push_back({severity::warning, fails_as_predefined(at(law::associativity))});
  else if (refuted(law::associativity))
    out.push_back({severity::error, at(law::associativity).only_nan_or_signed_zero
                                        ? "not associative " + blind +
                                              ": MPI may regroup operands of every op (MPI-4.1 §7.9.5)"
                                        : std::string("not associative: MPI may regroup operands of every op, "
                                                      "commutative or not (MPI-4.1 §7.9.5), so results depend on "
                                                      "the reduction tree")});
  if (refuted(law::identity)) out.push_back({severity::error, "the declared identity candidate is not an identity"});
  if (refuted(law::closed))
    out.push_back({severity::error, "a result breaks a 'require': combined values are not valid inputs"});
  return out;
}

}  // namespace redsem::laws
