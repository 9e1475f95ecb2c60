// SPDX-License-Identifier: BSD-3-Clause
// The op-file section of `redsem verify`: every example op file of the catalogue (the seed
// proposals as written and as fixed, the §7.11.3 segmented-scan operator, MINLOC/MAXLOC and
// Open MPI's man-page typo), every choice of its type parameter, its laws checked on the very
// AST the model evaluates. When associativity fails on (a, b, c), the two bracketings over
// three ranks holding a, b and c are what disagree: they are shown.
#include <fmt/format.h>

#include "model/element_compare.h"
#include "model/opfile/concrete_op.h"
#include "model/opfile/typed_op.h"
#include "props/laws/opfile_check.h"
#include "sim/order_results.h"
#include "tools/render/plain_table.h"
#include "tools/verify/catalogue_files.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {
namespace {

std::string verdict_text(const laws::law_result& r) {
  switch (r.outcome) {
    case laws::verdict::not_applicable: return "n/a";
    case laws::verdict::holds_on_samples: return "holds on samples";
    case laws::verdict::refuted: return "refuted";
    case laws::verdict::proved: return "proved";
    case laws::verdict::unknown: return "unknown";
  }
  return "?";
}

// The distinct results of every legal order of a∘b∘c over three ranks, with a tree for each.
std::string three_rank_orders(const std::shared_ptr<const opfile::concrete_op>& op,
                              const std::vector<opfile::concrete_element>& operands) {
  if (operands.size() != 3) return "";
  const element_op eop = opfile::make_element_op(op);
  std::vector<sim::element> inputs;
  for (const auto& x : operands) {
    sim::element e(op->size(), std::byte{0});
    op->store(x, e.data());
    inputs.push_back(std::move(e));
  }
  const auto results = sim::all_order_results(eop, inputs);
  std::string s;
  for (const auto& r : results.results)
    s += fmt::format("{}{} = {}", s.empty() ? "" : "  vs  ", sim::to_string(r.witness), opfile::format(op->load(r.value.data())));
  return s;
}

}  // namespace

verify_section opfiles_section() {
  return {"opfiles", "Op files: proposed and user-defined operators (examples/ops)", [](const verify_options& vo) {
            plain_table t;
            t.caption =
                "Laws of each example op file on the AST the model runs: exhaustive over small values, then random "
                "search (a refutation is a concrete counterexample; 'holds on samples' is not a proof). Rank trees: "
                "the distinct results of every legal order of an associativity counterexample over three ranks";
            t.header = {"file", "type", "declared", "commutative", "associative", "identity", "closed", "findings",
                        "counterexample"};
            section_report r;
            for (const auto& f : catalogue_op_files()) {
              const auto loaded = opfile::load_op_text(f.text, std::string(f.name));
              if (!loaded.op) {
                r.mismatches.push_back(fmt::format("opfiles: {}: does not load: {}", f.name, loaded.error.to_string()));
                continue;
              }
              for (const auto& instance : loaded.op->instances) {
                auto op = std::make_shared<const opfile::concrete_op>(instance, vo.semantics);
                const auto report = laws::check_laws(*op);
                std::vector<std::string> row{std::string(f.name), instance.instance.empty() ? "-" : instance.instance,
                                             instance.commute ? "commute" : "non-commute"};
                std::string counterexample;
                for (const auto& l : report.laws) {
                  std::string operands;
                  const char* names[] = {"a", "b", "c"};
                  for (std::size_t i = 0; i < l.operands.size() && i < 3; ++i)
                    operands += fmt::format("{}{} = {}", i ? ", " : "", names[i], opfile::format(l.operands[i]));
                  row.push_back(verdict_text(l));
                  r.verdicts[fmt::format("{} {} {}", f.name, instance.instance, laws::property_name(l.which))] = verdict_text(l);
                  if (l.which == laws::law::associativity && l.outcome == laws::verdict::refuted)
                    counterexample = fmt::format("associative: {}: {}; over ranks 0, 1, 2 holding a, b, c: {}", operands,
                                                 l.claim, three_rank_orders(op, l.operands));
                  else if (l.outcome == laws::verdict::refuted && counterexample.empty())
                    counterexample = fmt::format("{}: {}: {}", laws::property_name(l.which), operands, l.claim);
                }
                std::string findings;
                for (const auto& fd : report.findings)
                  findings +=
                      fmt::format("{}{}: {}", findings.empty() ? "" : "; ", to_string(fd.level), fd.message);
                r.verdicts[fmt::format("{} {} errors", f.name, instance.instance)] =
                    report.has_error() ? "reported" : "none";
                row.push_back(findings);
                row.push_back(counterexample);
                t.rows.push_back(std::move(row));
              }
            }
            finish_report(r, "opfiles", t, vo.quick);
            // For people: the verdict columns as a table, then each finding and counterexample on
            // its own lines (they are long).
            plain_table verdicts = t;
            verdicts.header.resize(7);
            std::string notes;
            for (auto& row : verdicts.rows) {
              if (!row[7].empty() || !row[8].empty())
                notes += fmt::format("{} {}:\n{}{}", row[0], row[1], row[7].empty() ? "" : "  " + row[7] + "\n",
                                     row[8].empty() ? "" : "  " + row[8] + "\n");
              row.resize(7);
            }
            r.text = render_text(verdicts) + (notes.empty() ? "" : "\n" + notes);
            return r;
          }};
}

}  // namespace redsem::tools
