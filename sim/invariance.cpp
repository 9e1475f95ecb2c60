#include "sim/invariance.h"

namespace redsem::sim {

op_laws known_laws(op_id op, basic_type type, const policy& semantics) {
  const type_group g = group_of(type);
  const bool integer = g == type_group::c_integer || g == type_group::fortran_integer ||
                       g == type_group::multi_language || g == type_group::byte;
  if (!integer || !op_allows(op, type)) return {};
  const bool exact = (op == op_id::sum || op == op_id::prod) && semantics.overflow == overflow_rule::wrap;
  const bool lattice = op == op_id::band || op == op_id::bor || op == op_id::bxor || op == op_id::min ||
                       op == op_id::max;
  if (!exact && !lattice) return {};
  return {law_verdict::proved, law_verdict::proved,
          exact ? "known: integer arithmetic modulo 2^n" : "known: bitwise and order operations on integers"};
}

std::string_view to_string(invariance v) {
  switch (v) {
    case invariance::invariant: return "invariant";
    case invariance::order_dependent: return "order-dependent";
    case invariance::unknown: return "unknown";
  }
  return "unknown";
}

invariance_verdict decide_invariance(const element_op& op, const std::vector<element>& inputs, const op_laws& laws,
                                     const std::optional<predefined_pair>& typed, const order_limits& limits) {
  invariance_verdict out;
  const bool associative = laws.associative == law_verdict::proved;
  const bool commutative = laws.commutative == law_verdict::proved;
  // A non-commutative op keeps its operand sequence, so associativity alone fixes the result.
  if (associative && (commutative || !op.commutative)) {
    out.verdict = invariance::invariant;
    out.reason = std::string("laws: associative") + (op.commutative ? " and commutative" : "") + " (" + laws.source +
                 "): every legal order gives one result";
    return out;
  }
  order_results search = all_order_results(op, inputs, typed, limits);
  if (search.results.size() >= 2) {
    out.verdict = invariance::order_dependent;
    out.first = search.results[0];
    out.second = search.results[1];
    out.reason = std::to_string(search.results.size()) + (search.complete ? "" : "+") +
                 " distinct results over the legal orders";
  } else if (search.complete) {
    out.verdict = invariance::invariant;
    out.reason = "exhaustive: all " + format_count(legal_tree_count(static_cast<int>(inputs.size()), op.commutative)) +
                 " legal orders give one result for these inputs";
  } else {
    out.reason = search.incomplete_reason;
  }
  out.search = std::move(search);
  return out;
}

}  // namespace redsem::sim
