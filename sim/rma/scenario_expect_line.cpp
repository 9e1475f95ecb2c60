// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/scenario_lines.h"

#include <algorithm>
#include <limits>
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
                                                             {"outcomes", expectation_kind::outcomes},
                                                             {"fetched", expectation_kind::fetched}};
  const auto k = r.words.empty() ? kinds.end() : kinds.find(r.words[0]);
  if (k == kinds.end())
    throw bad_input{r.line,
                    "expect clean|serializable|non_serializable|finding KIND|erroneous RULE|outcomes N|fetched LINE V,V,…"};
  expectation e{r.line, k->second, r.words.size() > 1 ? r.words[1] : "", "", 0, 0, {}};
  for (const auto& w : r.words) e.text += (e.text.empty() ? "" : " ") + w;
  if (e.kind == expectation_kind::outcomes) {
    e.outcomes = int_key(line_record{r.line, "", {}, {{"outcomes", e.name}}, -1}, "outcomes", 0);
    if (e.outcomes < 1) throw bad_input{r.line, "expect outcomes N needs a positive count"};
    return e;
  }
  if (e.kind == expectation_kind::fetched) {
    if (r.words.size() != 3) throw bad_input{r.line, "expect fetched LINE V,V,…"};
    e.fetched_line = static_cast<int>(std::clamp<std::int64_t>(
        int_key(line_record{r.line, "", {}, {{"LINE", r.words[1]}}, -1}, "LINE", 0), 0, std::numeric_limits<int>::max()));
    e.fetched = values_key(line_record{r.line, "", {}, {{"values", r.words[2]}}, -1}, "values");
    if (e.fetched.empty() || e.fetched.size() > max_shown_values)
      throw bad_input{r.line, "expect fetched LINE V,V,…: 1 to " + std::to_string(max_shown_values) + " values"};
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
