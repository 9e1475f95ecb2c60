// SPDX-License-Identifier: BSD-3-Clause
// The evaluation-order section of `redsem verify`: for every legal (reduction op, predefined
// type), every legal evaluation order over P = 2…8 ranks of the catalogue's inputs. The search
// never takes the op's laws on trust: where known laws say "associative and commutative", a
// search that finds two results is a mismatch of the chain of trust itself.
#include <fmt/format.h>

#include "model/element_compare.h"
#include "model/element_json.h"
#include "model/element_op.h"
#include "sim/float_spread.h"
#include "sim/invariance.h"
#include "tools/render/order_svg.h"
#include "tools/render/plain_table.h"
#include "tools/render/table_render.h"
#include "tools/verify/catalogue_inputs.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {
namespace {

constexpr int min_procs = 2;
constexpr int max_procs = 8;

struct pair_outcome {
  op_id op = op_id::sum;
  basic_type type = basic_type::int_;
  int first_dependent = 0;                         // the smallest P with two results; 0 when invariant for every P
  std::optional<sim::invariance_verdict> witness;  // at first_dependent
  std::optional<sim::float_spread> spread;         // at max_procs, for float scalars
  std::size_t distinct_at_max = 1;
  bool laws_say_invariant = false;
  bool incomplete = false;
};

pair_outcome analyse(op_id op, basic_type type, const policy& p) {
  pair_outcome o;
  o.op = op;
  o.type = type;
  const element_op eop = predefined_element_op(op, type, p);
  const sim::predefined_pair typed{op, type, p};
  const sim::op_laws known = sim::known_laws(op, type, p);
  o.laws_say_invariant = known.associative == sim::law_verdict::proved && known.commutative == sim::law_verdict::proved;
  for (int procs = min_procs; procs <= max_procs; ++procs) {
    const auto inputs = catalogue_inputs(type, procs);
    // Laws deliberately withheld: the search is the independent check.
    auto v = sim::decide_invariance(eop, inputs, sim::op_laws{}, typed);
    if (v.verdict == sim::invariance::unknown) o.incomplete = true;
    if (procs == max_procs && v.search) {
      o.distinct_at_max = v.search->results.size();
      o.spread = sim::spread_of(type, op, inputs, *v.search);
    }
    if (v.verdict == sim::invariance::order_dependent && o.first_dependent == 0) {
      o.first_dependent = procs;
      o.witness = std::move(v);
    }
  }
  return o;
}

std::string verdict_of(const pair_outcome& o) {
  if (o.incomplete) return "unknown";
  return o.first_dependent ? fmt::format("order_dependent from P={}", o.first_dependent)
                           : fmt::format("invariant for P={}..{}", min_procs, max_procs);
}

std::string witness_text(const pair_outcome& o, const policy& p) {
  if (!o.witness || !o.witness->first || !o.witness->second) return "";
  const auto type = datatype::predefined(o.type);
  const auto& a = *o.witness->first;
  const auto& b = *o.witness->second;
  (void)p;
  return fmt::format("{} = {}  vs  {} = {}", sim::to_string(a.witness), format_element(type, a.value.data()),
                     sim::to_string(b.witness), format_element(type, b.value.data()));
}

// The row's numbers for programs, beside the table's text (docs/json.md): the distinct results at
// the largest P, the spread in ulps, and the two trees that disagree with their results as
// elements.
nlohmann::json row_numbers(const pair_outcome& o) {
  nlohmann::json j{{"procs_max", max_procs},
                   {"distinct_at_procs_max", o.distinct_at_max},
                   {"first_dependent_procs", o.first_dependent ? nlohmann::json(o.first_dependent) : nullptr}};
  if (o.spread) {
    j["spread_ulps"] = o.spread->spread_ulps;
    if (o.spread->max_ulps_from_exact) j["max_ulps_from_exact"] = *o.spread->max_ulps_from_exact;
  }
  if (o.witness && o.witness->first && o.witness->second) {
    const auto type = datatype::predefined(o.type);
    j["disagreement"] = nlohmann::json::array();
    for (const auto* w : {&*o.witness->first, &*o.witness->second})
      j["disagreement"].push_back(
          {{"tree", sim::to_string(w->witness)}, {"value", element_json(type, w->value.data())}});
  }
  return j;
}

// For the HTML report: the two trees of the first disagreement with every node's value and,
// for a float or double scalar, the histogram of all distinct results at that P.
std::string disagreement_figure(const pair_outcome& o, const policy& p) {
  if (!o.witness || !o.witness->search) return "";
  const auto& f = info(o.type);
  const bool histogram =
      f.field_count == 1 && (f.fields[0].kind == scalar_kind::f32 || f.fields[0].kind == scalar_kind::f64);
  const std::string what = fmt::format("{} on {}, P = {}", to_string(o.op), to_string(o.type), o.first_dependent);
  std::string why;
  auto svg = disagreement_svg(predefined_element_op(o.op, o.type, p), catalogue_inputs(o.type, o.first_dependent),
                              o.witness->search->results, histogram, what, &why);
  if (!svg) return fmt::format("<p>{}: no picture ({})</p>\n", html_escape(what), html_escape(why));
  if (svg->starts_with("<?xml")) svg->erase(0, svg->find("?>") + 2);
  return fmt::format("<figure class=\"disagreement\"><figcaption>{}</figcaption>{}</figure>\n", html_escape(what),
                     *svg);
}

}  // namespace

verify_section orders_section() {
  return {"orders",
          fmt::format("Evaluation orders of every legal (op, type), P = {}…{} (MPI-4.1 §7.9.1)", min_procs, max_procs),
          [](const verify_options& vo) {
            plain_table t;
            t.caption = fmt::format(
                "Every legal evaluation tree of a reduction over P ranks (Catalan(P−1) bracketings for "
                "non-commutative ops, (2P−3)!! trees for commutative ones), searched for the catalogue's inputs "
                "(rank r holds value r of: 0.1, 2^d, −2^d, 3, −2.5, 1/3, 0.007, 1000 for floats; max, 1, min, 3, −5, "
                "7, 100, −11 for integers)");
            t.header = {"op", "type", "verdict", "distinct at P=8", "spread at P=8", "first disagreement"};
            section_report r;
            std::string figures;
            std::vector<nlohmann::json> numbers;  // per row of t, in its order
            for (std::size_t oi = 0; oi < reduction_op_count; ++oi) {
              vo.on_progress(oi, reduction_op_count);
              const auto op = static_cast<op_id>(oi);
              for (std::size_t ti = 0; ti < basic_type_count; ++ti) {
                const auto type = static_cast<basic_type>(ti);
                if (!op_allows(op, type)) continue;
                const auto o = analyse(op, type, vo.semantics);
                const std::string key = fmt::format("{} {}", to_string(op), to_string(type));
                const std::string verdict = verdict_of(o);
                r.verdicts[key] = verdict;
                if (o.laws_say_invariant && o.first_dependent)
                  r.mismatches.push_back(fmt::format(
                      "orders: {}: known laws say associative and commutative, but P={} gives two results: {}", key,
                      o.first_dependent, witness_text(o, vo.semantics)));
                std::string spread;
                if (o.spread) {
                  spread = fmt::format("{} ulps", o.spread->spread_ulps);
                  if (o.spread->max_ulps_from_exact)
                    spread += fmt::format(", ≤ {} from exact", *o.spread->max_ulps_from_exact);
                }
                if (o.first_dependent) figures += disagreement_figure(o, vo.semantics);
                t.rows.push_back({std::string(to_string(op)), std::string(to_string(type)), verdict,
                                  std::to_string(o.distinct_at_max), spread, witness_text(o, vo.semantics)});
                numbers.push_back(row_numbers(o));
              }
            }
            finish_report(r, "orders", t, vo.quick);
            for (std::size_t i = 0; i < numbers.size(); ++i) r.json[i].update(numbers[i]);
            // People read the pairs whose result depends on the order; the rest is one line (all rows
            // are in --json and --html).
            plain_table dependent = t;
            std::erase_if(dependent.rows, [](const auto& row) { return row[2].starts_with("invariant"); });
            r.text = render_text(dependent) +
                     fmt::format("\n{} other legal pairs: invariant for P={}..{} (all rows in --json and --html)\n",
                                 t.rows.size() - dependent.rows.size(), min_procs, max_procs);
            r.html += figures;
            return r;
          }};
}

}  // namespace redsem::tools
