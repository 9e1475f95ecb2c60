// SPDX-License-Identifier: BSD-3-Clause
#include "sim/invariance.h"

#include "model/element_compare.h"

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

namespace {

// Two results that differ under the compare rule, as indices into `results` (i == j: all are
// equal under it). NaN-equal and bitwise equality are transitive, so comparing with the first
// result decides; within-ulps is not, so every pair is compared (up to a bound).
struct result_pair {
  std::size_t i = 0, j = 0;
  bool checked = true;  // false: too many results to compare every pair
};

result_pair differing_pair(const datatype& type, const std::vector<distinct_result>& results, const policy& p) {
  for (std::size_t j = 1; j < results.size(); ++j)
    if (!same_element(type, results[0].value.data(), results[j].value.data(), p)) return {0, j};
  if (p.compare != compare_rule::ulps) return {};
  constexpr std::size_t max_pairwise = 4096;
  if (results.size() > max_pairwise) return {0, 0, false};
  for (std::size_t i = 1; i < results.size(); ++i)
    for (std::size_t j = i + 1; j < results.size(); ++j)
      if (!same_element(type, results[i].value.data(), results[j].value.data(), p)) return {i, j};
  return {};
}

std::string compare_text(const policy& p) {
  switch (p.compare) {
    case compare_rule::bitwise: return "bitwise";
    case compare_rule::nan_equal: return "nan_equal";
    case compare_rule::ulps: return "ulps (" + std::to_string(p.ulps) + ")";
  }
  return "?";
}

}  // namespace

invariance_verdict decide_invariance(const element_op& op, const std::vector<element>& inputs, const op_laws& laws,
                                     const std::optional<predefined_pair>& typed, const order_limits& limits,
                                     const std::optional<policy>& compare) {
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
  const std::optional<policy> rule = compare ? compare : typed ? std::optional(typed->semantics) : std::nullopt;
  result_pair differ;
  if (search.results.size() >= 2) differ = rule ? differing_pair(op.type, search.results, *rule) : result_pair{0, 1};
  const std::string under = rule ? " under compare=" + compare_text(*rule) : "";
  if (differ.i != differ.j) {
    out.verdict = invariance::order_dependent;
    out.first = search.results[differ.i];
    out.second = search.results[differ.j];
    out.reason = std::to_string(search.results.size()) + (search.complete ? "" : "+") +
                 " distinct results over the legal orders, not all equal" + under;
  } else if (!differ.checked) {
    out.reason = std::to_string(search.results.size()) + " distinct results, each within ulps of the first; too many "
                 "to compare every pair";
  } else if (search.complete && search.results.size() >= 2) {
    out.verdict = invariance::invariant;
    out.reason = "exhaustive: all " + format_count(legal_tree_count(static_cast<int>(inputs.size()), op.commutative)) +
                 " legal orders give results equal" + under + " (" + std::to_string(search.results.size()) +
                 " bit patterns) for these inputs";
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
