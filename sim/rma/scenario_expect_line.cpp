#include "sim/rma/scenario_lines.h"

#include <map>

#include "model/rma/concurrency.h"

namespace redsem::sim::rma::detail {

using namespace redsem::rma;

expectation read_expect_line(const line_record& r) {
  static const std::map<std::string, expectation_kind> kinds{{"clean", expectation_kind::clean},
                                                             {"serializable", expectation_kind::serializable},
                                                             {"non_serializable", expectation_kind::non_serializable},
                                                             {"finding", expectation_kind::finding},
                                                             {"erroneous", expectation_kind::erroneous},
                                                             {"outcomes", expectation_kind::outcomes}};
  const auto k = r.words.empty() ? kinds.end() : kinds.find(r.words[0]);
  if (k == kinds.end())
    throw bad_input{r.line, "expect clean|serializable|non_serializable|finding KIND|erroneous RULE|outcomes N"};
  expectation e{r.line, k->second, r.words.size() > 1 ? r.words[1] : "", "", 0};
  for (const auto& w : r.words) e.text += (e.text.empty() ? "" : " ") + w;
  if (e.kind == expectation_kind::outcomes) {
    e.outcomes = int_key(line_record{r.line, "", {}, {{"outcomes", e.name}}, -1}, "outcomes", 0);
    if (e.outcomes < 1) throw bad_input{r.line, "expect outcomes N needs a positive count"};
    return e;
  }
  bool known = e.kind != expectation_kind::finding && e.kind != expectation_kind::erroneous;
  for (std::size_t i = 0; i < finding_kind_count && e.kind == expectation_kind::finding; ++i)
    known = known || describe(static_cast<finding_kind>(i)).name == e.name;
  for (std::size_t i = 0; i < rma_rule_count && e.kind == expectation_kind::erroneous; ++i)
    known = known || describe(static_cast<rma_rule>(i)).name == e.name;
  if (!known) throw bad_input{r.line, "unknown name '" + e.name + "' in expect"};
  return e;
}

}  // namespace redsem::sim::rma::detail
