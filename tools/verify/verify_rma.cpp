// SPDX-License-Identifier: BSD-3-Clause
// The RMA section of `redsem verify`: every example scenario of the catalogue (examples/rma:
// RMARaceBench-style races, mixed ops on one location, accumulate racing a put, ordering
// info keys, compare-and-swap on a float, and correct programs), its calls checked by the
// model's §13.3.4 rules and every interleaving explored (§13.7). Each scenario's `expect`
// lines are its recorded expectations.
#include <fmt/format.h>

#include "sim/rma/expectations.h"
#include "sim/rma/explorer.h"
#include "sim/rma/scenario.h"
#include "tools/render/plain_table.h"
#include "tools/render/rma_render.h"
#include "tools/verify/catalogue_files.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {

verify_section rma_section() {
  return {"rma", "RMA accumulate scenarios: rules, atomicity, interleavings (MPI-4.1 §13.3.4, §13.7)",
          [](const verify_options& vo) {
            plain_table t;
            t.caption = "Every interleaving of each scenario's accesses at element granularity (partial-order reduced)";
            t.header = {"scenario", "expectation", "verdict", "final states", "executions (reduced / all)", "detail"};
            section_report r;
            std::vector<nlohmann::json> numbers;  // per row of t: its counts as numbers (docs/json.md)
            for (const auto& f : catalogue_rma_scenarios()) {
              std::string error;
              const auto s = sim::rma::parse_scenario(std::string(f.text), std::string(f.name), &error);
              if (!s) {
                r.mismatches.push_back(fmt::format("rma: {}: does not parse: {}", f.name, error));
                continue;
              }
              sim::rma::explore_options eo;
              eo.measure_full = !vo.quick;
              const auto x = sim::rma::explore(s->program, eo);
              const auto verdict = sim::rma::scenario_verdict(*s, x);
              for (std::size_t i = 0; i < s->expectations.size(); ++i) {
                const auto& e = s->expectations[i];
                const auto& j = verdict.judgements[i];
                const bool met = j.status == sim::rma::judgement_status::met;
                const std::string shown = met                                               ? "met"
                                          : j.status == sim::rma::judgement_status::unknown ? "unknown"
                                                                                            : "not met";
                r.verdicts[fmt::format("{} line {}: {}", f.name, e.line, e.text)] = shown;
                t.rows.push_back({std::string(f.name), e.text, shown, fmt::format("{:.0f}", x.final_states),
                                  vo.quick ? fmt::format("{:.0f}", x.executions_reduced)
                                           : fmt::format("{:.0f} / {:.0f}", x.executions_reduced, x.executions_total),
                                  met ? "" : j.detail});
                numbers.push_back({{"final_states", count_json(x.final_states)},
                                   {"executions_reduced", count_json(x.executions_reduced)}});
                if (!vo.quick) numbers.back()["executions_total"] = count_json(x.executions_total);
              }
              for (const std::string& u : verdict.unexpected)
                r.mismatches.push_back(
                    fmt::format("rma: {}: undefined behaviour that no expect line names: {}", f.name, u));
            }
            finish_report(r, "rma", t, vo.quick);
            for (std::size_t i = 0; i < numbers.size(); ++i) r.json[i].update(numbers[i]);
            return r;
          }};
}

}  // namespace redsem::tools
